import Foundation

/// The client's defaults, from a small JSON file: `{"server": "wss://…", "fingerprint": "…",
/// "name": "Amber", "bell": false}`, every key optional. Flags override them.
public struct ClientSettings: Codable, Sendable, Equatable {
    public var server: String?
    public var fingerprint: String?
    public var name: String?
    /// Whether the full-screen client rings the terminal's bell when a turn becomes yours
    /// (`true` when absent).
    public var bell: Bool?

    public init(server: String? = nil, fingerprint: String? = nil, name: String? = nil) {
        self.server = server
        self.fingerprint = fingerprint
        self.name = name
    }

    /// The settings in `path`, or none when there is no such file.
    public static func load(from path: String) -> ClientSettings {
        guard let data = FileManager.default.contents(atPath: path),
            let settings = try? JSONDecoder().decode(ClientSettings.self, from: data)
        else { return ClientSettings() }
        return settings
    }
}
