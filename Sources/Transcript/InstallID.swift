/// One installation of a client, identified by its install key. Participant identifiers are
/// scoped to it: a reinstall is a new InstallID and so sees everyone under new identifiers,
/// as the original apps' identifiers changed when the app was reinstalled.
public struct InstallID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
}
