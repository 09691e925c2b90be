import Transcript

/// A game message on the wire, in a versioned envelope: `{"message": {...}, "v": 1}`. The
/// message is in the view of whoever the frame is sent to (or from).
///
/// Decoding refuses a version this build cannot read, rather than guessing at a layout it does
/// not know; the sender of a newer version is expected to talk to older sides in their version.
public struct MessageFrame: Hashable, Sendable, Codable {
    public var version: ProtocolVersion
    public var message: Message

    public init(_ message: Message, version: ProtocolVersion = .current) {
        self.version = version
        self.message = message
    }

    private enum CodingKeys: String, CodingKey {
        case version = "v"
        case message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(ProtocolVersion.self, forKey: .version)
        guard ProtocolVersion.supported.contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "protocol version \(version) is not supported; this side reads "
                    + "\(ProtocolVersion.supported)")
        }
        self.version = version
        message = try container.decode(Message.self, forKey: .message)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(message, forKey: .message)
    }
}
