import Fairness
import Wire

/// A message's place in its session's signed chains (docs/FAIRNESS.md): one link for each seat
/// held when it was accepted, in seat order, and one for everyone else, who sees it as a
/// spectator. Worked out and signed once, when the move is accepted, and stored with it, so
/// that every later copy of the message (a resume, a backlog, another node) carries the very
/// same signature.
public struct MessageChain: Hashable, Sendable {
    public var seats: [ChainLink]
    public var spectator: ChainLink

    public init(seats: [ChainLink], spectator: ChainLink) {
        self.seats = seats
        self.spectator = spectator
    }

    /// The link of a viewer at `seat`, or a spectator's (`nil`, or a seat the message did not
    /// have yet).
    func link(for seat: Int?) -> ChainLink {
        guard let seat, seats.indices.contains(seat) else { return spectator }
        return seats[seat]
    }
}

extension MessageChain: Codable {
    private enum Keys: String, CodingKey { case seats, spectator }
    private enum LinkKeys: String, CodingKey { case previous, signature }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .seats)
        var seats: [ChainLink] = []
        while !list.isAtEnd { seats.append(try Self.link(from: list.nestedContainer(keyedBy: LinkKeys.self))) }
        self.init(seats: seats, spectator: try Self.link(from: container.nestedContainer(keyedBy: LinkKeys.self, forKey: .spectator)))
    }

    private static func link(from container: KeyedDecodingContainer<LinkKeys>) throws -> ChainLink {
        var signature: ChainSignature?
        if let text = try container.decodeIfPresent(String.self, forKey: .signature) {
            signature = ChainSignature(text: text)
            if signature == nil {
                throw DecodingError.dataCorruptedError(forKey: .signature, in: container, debugDescription: "not a signature")
            }
        }
        var previous: ChainDigest?
        if let digest = try container.decodeIfPresent(String.self, forKey: .previous) {
            previous = ChainDigest(text: digest)
            if previous == nil {
                throw DecodingError.dataCorruptedError(forKey: .previous, in: container, debugDescription: "not a digest")
            }
        }
        return ChainLink(previous: previous, signature: signature)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var list = container.nestedUnkeyedContainer(forKey: .seats)
        for link in seats {
            var entry = list.nestedContainer(keyedBy: LinkKeys.self)
            try Self.encode(link, into: &entry)
        }
        var spectator = container.nestedContainer(keyedBy: LinkKeys.self, forKey: .spectator)
        try Self.encode(self.spectator, into: &spectator)
    }

    private static func encode(_ link: ChainLink, into container: inout KeyedEncodingContainer<LinkKeys>) throws {
        if let previous = link.previous { try container.encode(previous.text, forKey: .previous) }
        if let signature = link.signature { try container.encode(signature.text, forKey: .signature) }
    }

    /// The stored form, as `WireJSON` writes it (keys sorted), for the hand-written writer.
    func write(into out: inout JSONOutput) {
        out.open()
        out.key("seats", first: true)
        out.raw("[")
        for (index, link) in seats.enumerated() {
            if index > 0 { out.raw(",") }
            Self.write(link, into: &out)
        }
        out.raw("]")
        out.key("spectator")
        Self.write(spectator, into: &out)
        out.close()
    }

    private static func write(_ link: ChainLink, into out: inout JSONOutput) {
        out.open()
        var first = true
        if let previous = link.previous {
            out.key("previous", first: true); out.string(previous.text)
            first = false
        }
        if let signature = link.signature { out.key("signature", first: first); out.string(signature.text) }
        out.close()
    }
}
