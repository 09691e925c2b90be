/// The version of the wire protocol a frame is written in. It rises only for changes an older
/// side would misread; new optional fields do not need it, since decoders ignore unknown keys.
public struct ProtocolVersion: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible
{
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The version this build writes.
    public static let current = ProtocolVersion(rawValue: 1)

    /// The versions this build can read.
    public static let supported: ClosedRange<ProtocolVersion> = current...current

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(rawValue) }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
