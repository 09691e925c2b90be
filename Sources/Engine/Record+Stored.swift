import Foundation
import GameRules
import Transcript
import Wire

/// How an event is stored: Parley's own format, written out field by field so that renaming a
/// Swift case or property never changes what is on disk. docs/STORAGE.md is its reference.
///
/// Format 2 (written now) is one flat JSON object: `"format": 2`, a `"type"` and the event's
/// fields, times in whole milliseconds since 1970. Format 1 (read only) is what Parley wrote
/// before it had a format of its own, `{"<case>": {fields}}` with ISO-8601 times in whole
/// seconds, and an accepted move's fields one level further down, under `"_0"`.
extension Record {
    /// The format written now.
    public static let storedFormat = 2

    /// Every `type` a stored event may have (docs/STORAGE.md lists each).
    static var storedTypes: [String] { Kind.allCases.map(\.rawValue) }

    private enum Kind: String, CaseIterable {
        case conversationCreated = "conversation-created"
        case joined, left, removed, readmitted, renamed, accepted
        case timedOut = "timed-out"
        case ended, resigned, chat, sticker, downtime
        case memberRenamed = "member-renamed"
        case paired, rated, aborted
        case ratingChanged = "rating-changed"
        case sought, unsought

        /// The key a format-1 record is stored under.
        static func formatOne(_ key: String) -> Kind? {
            switch key {
            case "conversationCreated": .conversationCreated
            case "joined": .joined
            case "left": .left
            case "renamed": .renamed
            case "accepted": .accepted
            case "timedOut": .timedOut
            case "ended": .ended
            case "downtime": .downtime
            default: nil
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: StoredKey.self)
        if container.contains(StoredKey("format")) {
            let format = try container.decode(Int.self, forKey: StoredKey("format"))
            guard format == Self.storedFormat else {
                throw DecodingError.dataCorruptedError(
                    forKey: StoredKey("format"), in: container,
                    debugDescription: "format \(format) is not one this version of Parley reads (it reads 1 and 2)")
            }
            let type = try container.decode(String.self, forKey: StoredKey("type"))
            guard let kind = Kind(rawValue: type) else {
                throw DecodingError.dataCorruptedError(
                    forKey: StoredKey("type"), in: container, debugDescription: "\"\(type)\" is not a type of event")
            }
            self = try Self.decode(kind, from: container)
        } else {
            guard container.allKeys.count == 1, let key = container.allKeys.first, let kind = Kind.formatOne(key.stringValue) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath, debugDescription: "neither a format-2 event nor a format-1 one"))
            }
            var fields = try container.nestedContainer(keyedBy: StoredKey.self, forKey: key)
            if kind == .accepted { fields = try fields.nestedContainer(keyedBy: StoredKey.self, forKey: StoredKey("_0")) }
            self = try Self.decode(kind, from: fields)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StoredKey.self)
        try container.encode(Self.storedFormat, forKey: StoredKey("format"))
        func put<T: Encodable>(_ value: T, _ key: String) throws { try container.encode(value, forKey: StoredKey(key)) }
        func time(_ date: Date, _ key: String) throws { try put(Int64((date.timeIntervalSince1970 * 1000).rounded()), key) }
        switch self {
        case let .conversationCreated(conversation, invite, creator):
            try put(Kind.conversationCreated.rawValue, "type")
            try put(conversation, "conversation")
            try put(invite, "invite")
            try put(creator, "creator")
        case let .joined(conversation, seq, account, _), let .left(conversation, seq, account),
            let .removed(conversation, seq, account):
            let kind: Kind = switch self {
            case .joined: .joined
            case .left: .left
            default: .removed
            }
            try put(kind.rawValue, "type")
            try put(conversation, "conversation")
            try put(seq, "seq")
            try put(account, "account")
            if case .joined(_, _, _, .spectator) = self { try put(ParticipantRole.spectator.rawValue, "role") }
        case let .readmitted(conversation, account):
            try put(Kind.readmitted.rawValue, "type")
            try put(conversation, "conversation")
            try put(account, "account")
        case let .renamed(account, name):
            try put(Kind.renamed.rawValue, "type")
            try put(account, "account")
            try put(name, "name")
        case let .accepted(move):
            try put(Kind.accepted.rawValue, "type")
            try put(move.conversation, "conversation")
            try put(move.seq, "seq")
            try put(move.session, "session")
            try put(move.game, "game")
            try put(move.variant, "variant")
            try put(move.sender, "sender")
            try put(move.seat, "seat")
            try put(move.request, "request")
            try put(move.state, "state")
            try put(move.moveCount, "moveCount")
            try put(move.texts, "texts")
            try time(move.at, "at")
            if let proposal = move.proposal { try put(proposal, "proposal") }
            if let chain = move.chain { try put(chain, "chain") }
            if let proofs = move.proofs { try put(proofs, "proofs") }
            if let seconds = move.secondsPerMove { try put(seconds, "secondsPerMove") }
        case let .timedOut(conversation, seq, session, at), let .ended(conversation, seq, session, at):
            if case .timedOut = self { try put(Kind.timedOut.rawValue, "type") } else { try put(Kind.ended.rawValue, "type") }
            try put(conversation, "conversation")
            try put(seq, "seq")
            try put(session, "session")
            try time(at, "at")
        case let .resigned(conversation, seq, session, account, at):
            try put(Kind.resigned.rawValue, "type")
            try put(conversation, "conversation")
            try put(seq, "seq")
            try put(session, "session")
            try put(account, "account")
            try time(at, "at")
        case let .paired(conversation, seq, pairing, at):
            try put(Kind.paired.rawValue, "type")
            try put(conversation, "conversation")
            try put(seq, "seq")
            try put(pairing.game, "game")
            if let variant = pairing.variant { try put(variant, "variant") }
            try put(pairing.secondsPerMove, "secondsPerMove")
            try put(pairing.rated, "rated")
            try put(pairing.players, "players")
            if let seeks = pairing.seeks { try put(seeks, "seeks") }
            if let ratings = pairing.ratings { try put(ratings, "ratings") }
            try time(at, "at")
        case let .rated(conversation, seq, session, changes, at):
            try put(Kind.rated.rawValue, "type")
            try put(conversation, "conversation")
            try put(seq, "seq")
            try put(session, "session")
            try put(changes, "changes")
            try time(at, "at")
        case let .aborted(conversation, seq, at):
            try put(Kind.aborted.rawValue, "type")
            try put(conversation, "conversation")
            try put(seq, "seq")
            try time(at, "at")
        case let .ratingChanged(change):
            try put(Kind.ratingChanged.rawValue, "type")
            try put(change, "change")
        case let .sought(seek):
            try put(Kind.sought.rawValue, "type")
            try put(seek, "seek")
        case let .unsought(keys, conversation):
            try put(Kind.unsought.rawValue, "type")
            try put(keys, "keys")
            if let conversation { try put(conversation, "conversation") }
        case let .memberRenamed(conversation, seq, account, name, at):
            try put(Kind.memberRenamed.rawValue, "type")
            try put(conversation, "conversation")
            try put(seq, "seq")
            try put(account, "account")
            try put(name, "name")
            try time(at, "at")
        case let .chat(conversation, seq, account, text, at):
            try put(Kind.chat.rawValue, "type")
            try put(conversation, "conversation")
            try put(seq, "seq")
            try put(account, "account")
            try put(text, "text")
            try time(at, "at")
        case let .sticker(conversation, seq, account, sticker, at):
            try put(Kind.sticker.rawValue, "type")
            try put(conversation, "conversation")
            try put(seq, "seq")
            try put(account, "account")
            try put(sticker, "sticker")
            try time(at, "at")
        case let .downtime(from, to):
            try put(Kind.downtime.rawValue, "type")
            try time(from, "from")
            try time(to, "to")
        }
    }

    private static func decode(_ kind: Kind, from fields: KeyedDecodingContainer<StoredKey>) throws -> Record {
        func get<T: Decodable>(_ key: String) throws -> T { try fields.decode(T.self, forKey: StoredKey(key)) }
        func time(_ key: String) throws -> Date { try Self.time(StoredKey(key), in: fields) }
        switch kind {
        case .conversationCreated:
            return .conversationCreated(conversation: try get("conversation"), invite: try get("invite"), creator: try get("creator"))
        case .joined:
            let role = try fields.decodeIfPresent(String.self, forKey: StoredKey("role"))
            guard let role = ParticipantRole(rawValue: role ?? ParticipantRole.player.rawValue) else {
                throw DecodingError.dataCorruptedError(
                    forKey: StoredKey("role"), in: fields, debugDescription: "an unknown role \(role ?? "")")
            }
            return .joined(conversation: try get("conversation"), seq: try get("seq"), account: try get("account"), role: role)
        case .left:
            return .left(conversation: try get("conversation"), seq: try get("seq"), account: try get("account"))
        case .removed:
            return .removed(conversation: try get("conversation"), seq: try get("seq"), account: try get("account"))
        case .readmitted:
            return .readmitted(conversation: try get("conversation"), account: try get("account"))
        case .renamed:
            return .renamed(account: try get("account"), name: try get("name"))
        case .accepted:
            return .accepted(AcceptedMove(
                conversation: try get("conversation"), seq: try get("seq"), session: try get("session"), game: try get("game"),
                variant: try get("variant"), sender: try get("sender"), seat: try get("seat"), request: try get("request"),
                state: try get("state"), moveCount: try get("moveCount"), texts: try get("texts"), at: try time("at"),
                proposal: try fields.decodeIfPresent(String.self, forKey: StoredKey("proposal")),
                chain: try fields.decodeIfPresent(MessageChain.self, forKey: StoredKey("chain")),
                proofs: try fields.decodeIfPresent(String.self, forKey: StoredKey("proofs")),
                secondsPerMove: try fields.decodeIfPresent(Int.self, forKey: StoredKey("secondsPerMove"))))
        case .timedOut:
            return .timedOut(conversation: try get("conversation"), seq: try get("seq"), session: try get("session"), at: try time("at"))
        case .ended:
            return .ended(conversation: try get("conversation"), seq: try get("seq"), session: try get("session"), at: try time("at"))
        case .resigned:
            return .resigned(
                conversation: try get("conversation"), seq: try get("seq"), session: try get("session"),
                account: try get("account"), at: try time("at"))
        case .chat:
            return .chat(
                conversation: try get("conversation"), seq: try get("seq"), account: try get("account"), text: try get("text"),
                at: try time("at"))
        case .sticker:
            return .sticker(
                conversation: try get("conversation"), seq: try get("seq"), account: try get("account"), sticker: try get("sticker"),
                at: try time("at"))
        case .downtime:
            return .downtime(from: try time("from"), to: try time("to"))
        case .paired:
            return .paired(
                conversation: try get("conversation"), seq: try get("seq"),
                pairing: StoredPairing(
                    game: try get("game"), variant: try fields.decodeIfPresent(String.self, forKey: StoredKey("variant")),
                    secondsPerMove: try get("secondsPerMove"), rated: try get("rated"), players: try get("players"),
                    seeks: try fields.decodeIfPresent([String].self, forKey: StoredKey("seeks")),
                    ratings: try fields.decodeIfPresent([RatingValue].self, forKey: StoredKey("ratings")), since: try time("at")),
                at: try time("at"))
        case .rated:
            return .rated(
                conversation: try get("conversation"), seq: try get("seq"), session: try get("session"), changes: try get("changes"),
                at: try time("at"))
        case .aborted:
            return .aborted(conversation: try get("conversation"), seq: try get("seq"), at: try time("at"))
        case .ratingChanged:
            return .ratingChanged(try get("change"))
        case .sought:
            return .sought(try get("seek"))
        case .unsought:
            return .unsought(keys: try get("keys"), conversation: try fields.decodeIfPresent(ConversationID.self, forKey: StoredKey("conversation")))
        case .memberRenamed:
            return .memberRenamed(
                conversation: try get("conversation"), seq: try get("seq"), account: try get("account"), name: try get("name"),
                at: try time("at"))
        }
    }

    /// Milliseconds since 1970 (format 2), or an ISO-8601 string (format 1), whatever the
    /// decoder's own date strategy.
    private static func time(_ key: StoredKey, in fields: KeyedDecodingContainer<StoredKey>) throws -> Date {
        if let milliseconds = try? fields.decode(Int64.self, forKey: key) {
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
        let text = try fields.decode(String.self, forKey: key)
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        throw DecodingError.dataCorruptedError(forKey: key, in: fields, debugDescription: "\"\(text)\" is not a time")
    }
}

/// Any key, by name: the stored format names its keys itself.
struct StoredKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Record {
    /// The stored form: what `WireJSON.encode` writes, byte for byte. An accepted move, written
    /// for every move the server takes, is written by hand, several times faster than the
    /// encoder; `StoredFormatTests` holds the two to the same bytes.
    public func storedJSON() throws -> Data {
        guard case let .accepted(move) = self else { return try WireJSON.encode(self) }
        var out = JSONOutput(
            capacity: 256 + move.state.utf8.count + (move.proofs?.utf8.count ?? 0) + (move.chain.map { 160 * ($0.seats.count + 1) } ?? 0))
        out.open()
        out.key("at", first: true); out.integer(Int64((move.at.timeIntervalSince1970 * 1000).rounded()))
        if let chain = move.chain {
            out.key("chain")
            chain.write(into: &out)
        }
        out.key("conversation"); out.string(move.conversation.rawValue)
        out.key("format"); out.integer(Self.storedFormat)
        out.key("game"); out.string(move.game.rawValue)
        out.key("moveCount"); out.integer(move.moveCount)
        if let proofs = move.proofs { out.key("proofs"); out.string(proofs) }
        if let proposal = move.proposal { out.key("proposal"); out.string(proposal) }
        out.key("request"); out.string(move.request)
        out.key("seat"); out.integer(move.seat)
        if let seconds = move.secondsPerMove { out.key("secondsPerMove"); out.integer(seconds) }
        out.key("sender"); out.string(move.sender.rawValue)
        out.key("seq"); out.integer(move.seq)
        out.key("session"); out.uuid(move.session.id)
        out.key("state"); out.string(move.state)
        out.key("texts")
        out.open()
        out.key("accessibilityLabel", first: true); out.string(move.texts.accessibilityLabel)
        out.key("caption"); out.string(move.texts.caption)
        if let subcaption = move.texts.subcaption { out.key("subcaption"); out.string(subcaption) }
        out.key("summary"); out.string(move.texts.summary)
        if let trailing = move.texts.trailingCaption { out.key("trailingCaption"); out.string(trailing) }
        if let trailing = move.texts.trailingSubcaption { out.key("trailingSubcaption"); out.string(trailing) }
        out.close()
        out.key("type"); out.raw("\"accepted\"")
        out.key("variant"); out.string(move.variant)
        out.close()
        return Data(out.bytes)
    }
}
