import Admin
import Configuration
import Foundation
import GameCatalog
import Logging
import Pipelines
import Transport

/// Turns the layered settings into a checked `ServerConfiguration`. Every read goes through
/// one helper per type, so that a wrong type or an out-of-range value from any layer becomes a
/// `ConfigurationError` naming the key, instead of a silent fall back to the default (which is
/// what swift-configuration's non-throwing getters would do).
struct ConfigurationReading {
    private let reader: ConfigReader
    private let catalog: GameCatalog

    init(_ reader: ConfigReader, catalog: GameCatalog) {
        self.reader = reader
        self.catalog = catalog
    }

    func configuration() async throws(ConfigurationError) -> ServerConfiguration {
        var result = ServerConfiguration(catalog: catalog)
        result.host = try await text("server.host") ?? result.host
        result.port = try await number("server.port", in: 0...65535, otherwise: "is not a port (1-65535, or 0 for any free port)") ?? result.port
        result.publicURL = try await url("server.publicURL") ?? result.publicURL
        result.dataDirectory = try await text("data.directory") ?? result.dataDirectory
        result.storeURL = try await storeURL() ?? result.storeURL
        result.nodeName = try await text("server.node") ?? result.nodeName
        result.tls = try await tlsFiles() ?? result.tls

        var limits = result.limits
        limits.frameBytes = try await number("limits.frameBytes", in: 1024...(1 << 24)) ?? limits.frameBytes
        limits.urlLength = try await number("limits.urlLength", in: 1...(1 << 20)) ?? limits.urlLength
        limits.textLength = try await number("limits.textLength", in: 1...(1 << 20)) ?? limits.textLength
        limits.messagesPerSecond = try await number("limits.messagesPerSecond", in: 1...100_000) ?? limits.messagesPerSecond
        limits.burst = try await number("limits.burst", in: 1...100_000) ?? limits.burst
        limits.outboxFrames = try await number("limits.outboxFrames", in: 16...10_000_000) ?? limits.outboxFrames
        limits.connections = try await number("limits.connections", in: 1...10_000_000) ?? limits.connections
        limits.connectionsPerAddress = try await number("limits.connectionsPerAddress", in: 1...10_000_000) ?? limits.connectionsPerAddress
        limits.connectionsPerAccount = try await number("limits.connectionsPerAccount", in: 1...10_000) ?? limits.connectionsPerAccount
        limits.handshakeSeconds = try await number("limits.handshakeSeconds", in: 1...3600) ?? limits.handshakeSeconds
        limits.headBytes = try await number("limits.headBytes", in: 1024...(1 << 20)) ?? limits.headBytes
        limits.idleSeconds = try await number("limits.idleSeconds", in: 31...86_400) ?? limits.idleSeconds
        limits.authenticateSeconds = try await number("limits.authenticateSeconds", in: 1...3600) ?? limits.authenticateSeconds
        // Below `limits.idleSeconds`, so that a connection that answers pings is never idle.
        limits.pingSeconds = try await number("limits.pingSeconds", in: 1...(limits.idleSeconds - 1)) ?? limits.pingSeconds
        result.limits = limits

        result.maxParticipants = try await number("conversations.maxParticipants", in: 2...10_000) ?? result.maxParticipants
        result.maxSpectators = try await number("conversations.maxSpectators", in: 0...10_000) ?? result.maxSpectators
        result.maxConversationsPerAccount = try await number("conversations.perAccount", in: 1...1_000_000)
            ?? result.maxConversationsPerAccount
        result.stickerQuotaBytes = try await number("stickers.quotaBytes", in: 0...(1 << 40)) ?? result.stickerQuotaBytes
        result.stickerPostsPerMinute = try await number("stickers.postsPerMinute", in: 1...100_000) ?? result.stickerPostsPerMinute
        result.residency.liveConversations = try await number("engine.liveConversations", in: 1...100_000_000)
            ?? result.residency.liveConversations
        result.pipelines = try await number("engine.pipelines", in: 0...1024) ?? result.pipelines
        if let seconds = try await number("engine.idleSeconds", in: 0...86_400 * 30) {
            result.residency.idle = .seconds(seconds)
        }
        for game in catalog.ids.map(\.rawValue) {
            // A day is far longer than any turn; the bound catches minutes typed as milliseconds.
            if let seconds = try await number("timeouts.\(game)", in: 1...86_400) {
                result.turnTimeouts[game] = .seconds(seconds)
            }
        }
        if let list = try await text("matchmaking.timeControls") {
            let seconds = list.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            // From ten seconds to thirty days a move.
            guard !seconds.isEmpty, seconds.allSatisfy({ $0.map { (10...2_592_000).contains($0) } ?? false }) else {
                throw .invalid("matchmaking.timeControls", "is not a list of seconds a move, 10 to 2592000 each, such as \"60,300,86400\"")
            }
            result.timeControls = Array(Set(seconds.compactMap { $0 })).sorted()
        }
        if let token = try await text("admin.token", secret: true) {
            guard token.count >= 16 else { throw .invalid("admin.token", "must be at least 16 characters, so it cannot be guessed") }
            result.adminToken = token
        }
        result.adminAllowsRemote = try await flag("admin.allowRemote") ?? result.adminAllowsRemote
        result.drainSeconds = try await number("server.drainSeconds", in: 1...3600) ?? result.drainSeconds
        if let level = try await text("log.level") {
            guard let read = Logger.Level(rawValue: level.lowercased()) else {
                throw .invalid("log.level", "\"\(level)\" is not a level: \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            result.logLevel = read
        }
        if let format = try await text("log.format") {
            guard let read = LogFormat(rawValue: format.lowercased()) else {
                throw .invalid("log.format", "\"\(format)\" is not a format: text or json")
            }
            result.logFormat = read
        }
        return result
    }

    private func tlsFiles() async throws(ConfigurationError) -> ServerConfiguration.TLSFiles? {
        let certificate = try await text("tls.certificate")
        let key = try await text("tls.key")
        switch (certificate, key) {
        case let (certificate?, key?): return .init(certificate: certificate, key: key)
        case (nil, nil): return nil
        case (_?, nil): throw .invalid("tls.key", "is required when tls.certificate is set")
        case (nil, _?): throw .invalid("tls.certificate", "is required when tls.key is set")
        }
    }

    private func url(_ key: String) async throws(ConfigurationError) -> String? {
        guard let value = try await text(key) else { return nil }
        guard let components = URLComponents(string: value), ["http", "https"].contains(components.scheme?.lowercased()),
              components.host?.isEmpty == false, components.query == nil, components.fragment == nil
        else {
            throw .invalid(key, "\"\(value)\" is not an https:// address such as https://games.example.org:8443")
        }
        return value
    }

    /// `store.url`: a `postgres://` URL; it may hold a password, so it is read as a secret.
    private func storeURL() async throws(ConfigurationError) -> String? {
        guard let value = try await text("store.url", secret: true) else { return nil }
        guard let components = URLComponents(string: value), ["postgres", "postgresql"].contains(components.scheme?.lowercased()),
              components.host?.isEmpty == false
        else {
            throw .invalid("store.url", "is not a postgres:// address such as postgres://parley@db.example.org:5432/parley")
        }
        return value
    }

    private func flag(_ key: String) async throws(ConfigurationError) -> Bool? {
        do {
            return try await reader.fetchBool(forKey: ConfigKey(key))
        } catch {
            throw .invalid(key, "expected true or false")
        }
    }

    private func text(_ key: String, secret: Bool = false) async throws(ConfigurationError) -> String? {
        let value: String?
        do {
            value = try await reader.fetchString(forKey: ConfigKey(key), isSecret: secret)
        } catch {
            throw .invalid(key, "expected text")
        }
        if let value, value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .invalid(key, "must not be empty")
        }
        return value
    }

    private func number(_ key: String, in range: ClosedRange<Int>, otherwise problem: String? = nil) async throws(ConfigurationError) -> Int? {
        let value: Int?
        do {
            value = try await reader.fetchInt(forKey: ConfigKey(key))
        } catch {
            throw .invalid(key, "expected a whole number\(try await foundText(key))")
        }
        if let value, !range.contains(value) {
            throw .invalid(key, "\(value) \(problem ?? "is out of range (\(range.lowerBound)-\(range.upperBound))")")
        }
        return value
    }

    /// What was found instead, when it can be read as text (environment variables always can).
    private func foundText(_ key: String) async throws(ConfigurationError) -> String {
        guard let found = try? await reader.fetchString(forKey: ConfigKey(key)) else { return "" }
        return ", not \"\(found)\""
    }
}
