import Configuration
import Foundation
import GameCatalog
import Logging

/// One setting of `parley serve`, described once: its key (as config.json, `--set` and the
/// `PARLEY_` variables spell it), what it holds and its range, whether a reload applies it,
/// one line for docs/SETTINGS.md, and where it lives in `ServerConfiguration`. The reader, the
/// keys `--set` accepts, a reload's report, `serve --help`, the test of config.json and
/// docs/SETTINGS.md are all made from `Setting.all(for:)`.
public struct Setting: Sendable {
    /// What a setting holds, and so how it is read and checked.
    public enum Kind: Sendable, Equatable {
        /// A whole number in the range.
        case number(ClosedRange<Int>)
        case text
        case flag
        /// An `https://` address.
        case address
        /// A `postgres://` address.
        case store
        /// One of a few words.
        case choice([String])
        /// Seconds a move, written `"60,300,86400"`, each in the range.
        case secondsList(ClosedRange<Int>)
    }

    /// A setting's value as read or as the configuration holds it.
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        case number(Int)
        case text(String)
        case flag(Bool)
        case list([Int])

        /// As config.json writes it.
        public var description: String {
            switch self {
            case let .number(number): "\(number)"
            case let .text(text): "\"\(text)\""
            case let .flag(flag): "\(flag)"
            case let .list(list): "\"\(list.map(String.init).joined(separator: ","))\""
            }
        }
    }

    public let key: String
    public let kind: Kind
    /// Whether a reload (`SIGHUP`, `parley admin reload`) applies it; the others wait for the
    /// next start.
    public let isLive: Bool
    /// Read as a secret: never logged.
    public let isSecret: Bool
    /// One line for docs/SETTINGS.md and `serve --help`.
    public let summary: String
    /// Why a value read is refused, beyond its kind and range.
    let refusal: @Sendable (Value) -> String?
    /// Why the settings as a whole refuse this one's value (a range that depends on another).
    let conflict: @Sendable (ServerConfiguration) -> String?
    let apply: @Sendable (inout ServerConfiguration, Value) -> Void
    /// The value the configuration holds, `nil` when unset.
    public let value: @Sendable (ServerConfiguration) -> Value?

    /// The variable that sets it: `limits.frameBytes` is `PARLEY_LIMITS_FRAME_BYTES`, as
    /// swift-configuration encodes a key (an `_` between a lower-case letter and a capital).
    public var environmentName: String { ServerConfigurationLoader.environmentPrefix + environmentKey }

    /// `environmentName` without its prefix, as swift-configuration's provider looks it up.
    var environmentKey: String {
        var name = ""
        var previous: Character?
        for character in key {
            if character == "." {
                name.append("_")
            } else {
                if let previous, previous.isLowercase, character.isUppercase { name.append("_") }
                name += character.uppercased()
            }
            previous = character
        }
        return name
    }

    init(
        _ key: String, _ kind: Kind, live: Bool = false, secret: Bool = false, _ summary: String,
        refusal: @escaping @Sendable (Value) -> String? = { _ in nil },
        conflict: @escaping @Sendable (ServerConfiguration) -> String? = { _ in nil },
        apply: @escaping @Sendable (inout ServerConfiguration, Value) -> Void,
        value: @escaping @Sendable (ServerConfiguration) -> Value?
    ) {
        self.key = key
        self.kind = kind
        isLive = live
        isSecret = secret
        self.summary = summary
        self.refusal = refusal
        self.conflict = conflict
        self.apply = apply
        self.value = value
    }
}

// MARK: - The settings

extension Setting {
    /// Every setting of a server of `catalog`'s games (each game has its `timeouts.GAME`), in
    /// the order docs/SETTINGS.md lists them.
    public static func all(for catalog: GameCatalog = .standard) -> [Setting] {
        fixed + catalog.ids.map { turnTimeout(of: $0.rawValue) }
    }

    /// The setting of `key`, if there is one.
    public static func named(_ key: String, in catalog: GameCatalog = .standard) -> Setting? {
        all(for: catalog).first { $0.key == key }
    }

    static let host = text("server.host", \.host, "The address to listen on.")
    static let port = number(
        "server.port", \.port, in: 0...65535, "The port to listen on; 0 asks the system for a free one.",
        otherwise: "is not a port (1-65535, or 0 for any free port)")
    static let dataDirectory = text(
        "data.directory", \.dataDirectory,
        "Where the SQLite file, the self-made TLS identity and the node's name live; relative to the working directory.")
    static let certificate = Setting(
        "tls.certificate", .text, live: true,
        "A PEM certificate chain to present instead of the self-made one; needs tls.key.",
        conflict: { $0.tls?.certificate.isEmpty == true ? "is required when tls.key is set" : nil },
        apply: { configuration, value in
            configuration.tls = .init(certificate: value.text, key: configuration.tls?.key ?? "")
        },
        value: { $0.tls.map { .text($0.certificate) } })
    static let tlsKey = Setting(
        "tls.key", .text, live: true, "The PEM private key of tls.certificate.",
        conflict: { $0.tls?.key.isEmpty == true ? "is required when tls.certificate is set" : nil },
        apply: { configuration, value in
            configuration.tls = .init(certificate: configuration.tls?.certificate ?? "", key: value.text)
        },
        value: { $0.tls.map { .text($0.key) } })
    static let adminToken = optionalText(
        "admin.token", \.adminToken, live: true, secret: true,
        "The bearer token of the admin API (16 characters at least); unset turns the admin API off.",
        refusal: { $0.text.count >= 16 ? nil : "must be at least 16 characters, so it cannot be guessed" })
    static let logLevel = choice(
        "log.level", \.logLevel, live: true, noun: "level", "The least level written to the log.")
    static let logFormat = choice(
        "log.format", \.logFormat, noun: "format", "How the log is written: text (a line a person reads) or json (one object a line).")

    private static let fixed: [Setting] = [
        host, port,
        optionalText("server.publicURL", \.publicURL, kind: .address,
                     "How players reach the server when that is not https://localhost:PORT (behind a proxy, on a real host name)."),
        optionalText("server.node", \.nodeName,
                     "This node's name among those sharing a store; unset for one made at the first start and kept in the data folder."),
        number("server.drainSeconds", \.drainSeconds, in: 1...3600,
               "On SIGTERM, how long open connections are given to take their close before the server exits."),
        dataDirectory,
        optionalText("store.url", \.storeURL, kind: .store, secret: true,
                     "A PostgreSQL database (postgres://USER@HOST:PORT/DATABASE) shared by every node, instead of the SQLite file."),
        certificate, tlsKey,
        number("limits.frameBytes", \.limits.frameBytes, in: 1024...(1 << 24), "The largest frame a connection may send, in bytes."),
        number("limits.urlLength", \.limits.urlLength, in: 1...(1 << 20), "The longest state URL in a message."),
        number("limits.textLength", \.limits.textLength, in: 1...(1 << 20), "The longest summary, caption or chat line."),
        number("limits.messagesPerSecond", \.limits.messagesPerSecond, in: 1...100_000, "The frames a connection may send a second, on average."),
        number("limits.burst", \.limits.burst, in: 1...100_000, "The frames a connection may send at once above that rate."),
        number("limits.outboxFrames", \.limits.outboxFrames, in: 16...10_000_000,
               "The frames a slow reader may have waiting before it is closed."),
        number("limits.connections", \.limits.connections, in: 1...10_000_000, "The most open connections."),
        number("limits.connectionsPerAddress", \.limits.connectionsPerAddress, in: 1...10_000_000,
               "The most open connections from one address."),
        number("limits.connectionsPerAccount", \.limits.connectionsPerAccount, in: 1...10_000,
               "The most open connections of one account."),
        number("limits.handshakeSeconds", \.limits.handshakeSeconds, in: 1...3600,
               "How long a connection may take over its TLS handshake and upgrade."),
        number("limits.headBytes", \.limits.headBytes, in: 1024...(1 << 20), "The largest HTTP request head, in bytes."),
        number("limits.idleSeconds", \.limits.idleSeconds, in: 31...86_400,
               "How long a connection may stay silent (answering no ping) before it is closed."),
        Setting(
            "limits.pingSeconds", .number(1...86_399), "How often the server pings a quiet connection; below limits.idleSeconds.",
            conflict: { configuration in
                let idle = configuration.limits.idleSeconds, ping = configuration.limits.pingSeconds
                return ping < idle ? nil : "\(ping) is out of range (1-\(idle - 1)): it must be below limits.idleSeconds"
            },
            apply: { $0.limits.pingSeconds = $1.number }, value: { .number($0.limits.pingSeconds) }),
        number("limits.authenticateSeconds", \.limits.authenticateSeconds, in: 1...3600,
               "How long a new connection may take to authenticate."),
        number("conversations.maxParticipants", \.maxParticipants, in: 2...10_000, "The most players of one conversation."),
        number("conversations.maxSpectators", \.maxSpectators, in: 0...10_000,
               "The most spectators of one conversation, beside its players."),
        number("conversations.perAccount", \.maxConversationsPerAccount, in: 1...1_000_000,
               "The most conversations one account may be a member of."),
        number("stickers.quotaBytes", \.stickerQuotaBytes, in: 0...(1 << 40), "The most bytes of stickers one account may keep."),
        number("stickers.postsPerMinute", \.stickerPostsPerMinute, in: 1...100_000,
               "How many stickers one account may post a minute (and at once)."),
        number("engine.liveConversations", \.residency.liveConversations, in: 1...100_000_000,
               "The most conversations kept in memory; the others are loaded from the store when used."),
        Setting(
            "engine.idleSeconds", .number(0...(86_400 * 30)), "After how long idle a conversation is let go from memory.",
            apply: { $0.residency.idle = .seconds($1.number) },
            value: { .number(Int($0.residency.idle.components.seconds)) }),
        number("engine.pipelines", \.pipelines, in: 0...1024,
               "How many pipelines decide side by side, each for its share of the conversations; 0 for one a core."),
        Setting(
            "matchmaking.timeControls", .secondsList(10...2_592_000),
            "The seconds a move a seek or a new game may ask for, from ten seconds to thirty days.",
            apply: { $0.timeControls = Array(Set($1.list)).sorted() }, value: { .list($0.timeControls) }),
        adminToken,
        flag("admin.allowRemote", \.adminAllowsRemote, "Whether the admin API answers other machines than this one."),
        logLevel, logFormat,
    ]

    /// `timeouts.GAME`: a day is far longer than any turn; the bound catches minutes typed as
    /// milliseconds.
    static func turnTimeout(of game: String) -> Setting {
        Setting(
            "timeouts.\(game)", .number(1...86_400), "How long a player of \(game) may take over a turn, in seconds, unless the game has a time a move.",
            apply: { $0.turnTimeouts[game] = .seconds($1.number) },
            value: { $0.turnTimeouts[game].map { .number(Int($0.components.seconds)) } })
    }
}

// MARK: - Making settings of a kind

extension Setting {
    static func number(
        _ key: String, _ path: WritableKeyPath<ServerConfiguration, Int> & Sendable, in range: ClosedRange<Int>, _ summary: String,
        otherwise problem: String? = nil
    ) -> Setting {
        Setting(
            key, .number(range), summary,
            refusal: { value in
                guard let problem, !range.contains(value.number) else { return nil }
                return "\(value.number) \(problem)"
            },
            apply: { $0[keyPath: path] = $1.number }, value: { .number($0[keyPath: path]) })
    }

    static func text(_ key: String, _ path: WritableKeyPath<ServerConfiguration, String> & Sendable, _ summary: String) -> Setting {
        Setting(key, .text, summary, apply: { $0[keyPath: path] = $1.text }, value: { .text($0[keyPath: path]) })
    }

    static func optionalText(
        _ key: String, _ path: WritableKeyPath<ServerConfiguration, String?> & Sendable, kind: Kind = .text, live: Bool = false,
        secret: Bool = false, _ summary: String, refusal: @escaping @Sendable (Value) -> String? = { _ in nil }
    ) -> Setting {
        Setting(
            key, kind, live: live, secret: secret, summary, refusal: refusal,
            apply: { $0[keyPath: path] = $1.text }, value: { $0[keyPath: path].map(Value.text) })
    }

    static func flag(_ key: String, _ path: WritableKeyPath<ServerConfiguration, Bool> & Sendable, _ summary: String) -> Setting {
        Setting(key, .flag, summary, apply: { $0[keyPath: path] = $1.flag }, value: { .flag($0[keyPath: path]) })
    }

    /// One of a type's raw values; `noun` names what is refused ("\"loud\" is not a level: …").
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<ServerConfiguration, Choice> & Sendable, live: Bool = false, noun: String,
        _ summary: String
    ) -> Setting where Choice.RawValue == String {
        let words = Choice.allCases.map(\.rawValue)
        return Setting(
            key, .choice(words), live: live, summary,
            refusal: { value in
                words.contains(value.text.lowercased()) ? nil : "\"\(value.text)\" is not a \(noun): \(words.joined(separator: ", "))"
            },
            apply: { configuration, value in
                if let choice = Choice(rawValue: value.text.lowercased()) { configuration[keyPath: path] = choice }
            },
            value: { .text($0[keyPath: path].rawValue) })
    }
}

extension Setting.Value {
    var number: Int { if case let .number(number) = self { number } else { 0 } }
    var text: String { if case let .text(text) = self { text } else { "" } }
    var flag: Bool { if case let .flag(flag) = self { flag } else { false } }
    var list: [Int] { if case let .list(list) = self { list } else { [] } }
}

// MARK: - Reading

extension Setting {
    /// The setting's value in the layers `reader` reads, checked against its kind and range;
    /// `nil` when no layer sets it.
    func read(from reader: ConfigReader) async throws(ConfigurationError) -> Value? {
        let read: Value?
        switch kind {
        case let .number(range):
            guard let number = try await Self.number(key, from: reader) else { return nil }
            let value = Value.number(number)
            if let problem = refusal(value) { throw .invalid(key, problem) }
            guard range.contains(number) else { throw .invalid(key, "\(number) is out of range (\(range.lowerBound)-\(range.upperBound))") }
            return value
        case .flag:
            do {
                read = try await reader.fetchBool(forKey: ConfigKey(key)).map(Value.flag)
            } catch {
                throw .invalid(key, "expected true or false")
            }
        case .text, .choice:
            read = try await text(from: reader).map(Value.text)
        case .address:
            guard let value = try await text(from: reader) else { return nil }
            guard let components = URLComponents(string: value), ["http", "https"].contains(components.scheme?.lowercased()),
                  components.host?.isEmpty == false, components.query == nil, components.fragment == nil
            else {
                throw .invalid(key, "\"\(value)\" is not an https:// address such as https://games.example.org:8443")
            }
            read = .text(value)
        case .store:
            guard let value = try await text(from: reader) else { return nil }
            guard let components = URLComponents(string: value), ["postgres", "postgresql"].contains(components.scheme?.lowercased()),
                  components.host?.isEmpty == false
            else {
                throw .invalid(key, "is not a postgres:// address such as postgres://parley@db.example.org:5432/parley")
            }
            read = .text(value)
        case let .secondsList(range):
            guard let list = try await text(from: reader) else { return nil }
            let seconds = list.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !seconds.isEmpty, seconds.allSatisfy({ $0.map { range.contains($0) } ?? false }) else {
                throw .invalid(
                    key, "is not a list of seconds a move, \(range.lowerBound) to \(range.upperBound) each, such as \"60,300,86400\"")
            }
            read = .list(seconds.compactMap { $0 })
        }
        if let read, let problem = refusal(read) { throw .invalid(key, problem) }
        return read
    }

    private func text(from reader: ConfigReader) async throws(ConfigurationError) -> String? {
        let value: String?
        do {
            value = try await reader.fetchString(forKey: ConfigKey(key), isSecret: isSecret)
        } catch {
            throw .invalid(key, "expected text")
        }
        if let value, value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .invalid(key, "must not be empty")
        }
        return value
    }

    private static func number(_ key: String, from reader: ConfigReader) async throws(ConfigurationError) -> Int? {
        do {
            return try await reader.fetchInt(forKey: ConfigKey(key))
        } catch {
            // What was found instead, when it can be read as text (environment variables always can).
            let found = (try? await reader.fetchString(forKey: ConfigKey(key))).map { ", not \"\($0)\"" } ?? ""
            throw .invalid(key, "expected a whole number\(found)")
        }
    }
}

// MARK: - Describing

extension Setting {
    /// What the setting holds, in words.
    public var kindDescription: String {
        switch kind {
        case let .number(range): "whole number, \(range.lowerBound) to \(range.upperBound)"
        case .text: "text"
        case .flag: "true or false"
        case .address: "an https:// address"
        case .store: "a postgres:// address"
        case let .choice(words): "one of " + words.joined(separator: ", ")
        case let .secondsList(range): "seconds, comma-separated, \(range.lowerBound) to \(range.upperBound) each"
        }
    }

    /// docs/SETTINGS.md: every setting of a server of `catalog`'s games, with its default.
    public static func document(for catalog: GameCatalog = .standard) -> String {
        let defaults = ServerConfiguration(catalog: catalog)
        var lines = [
            "# Settings",
            "",
            "Every setting of `parley serve`, made from the descriptions in `Sources/Server/Setting.swift`",
            "by `parley settings` (a test holds this file equal to its output). A setting is read from,",
            "strongest first: `--set KEY=VALUE` (and `--host`, `--port`, `--data`, `--log-level`,",
            "`--log-format`); the environment variable shown; the JSON file (`--config PATH`, else",
            "./config.json), where `limits.frameBytes` is `{\"limits\": {\"frameBytes\": …}}`; the default.",
            "A reload (`SIGHUP` or `parley admin reload`) applies the settings marked live and names the",
            "others, which wait for the next start.",
            "",
            "| key | holds | default | live | environment | what it sets |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for setting in all(for: catalog) {
            let value = setting.value(defaults).map { "`\($0)`" } ?? "unset"
            lines.append(
                "| `\(setting.key)` | \(setting.kindDescription) | \(value) | \(setting.isLive ? "yes" : "no") | `\(setting.environmentName)` | \(setting.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The settings for `serve --help`: each key with its default.
    public static func helpList(for catalog: GameCatalog = .standard) -> String {
        let defaults = ServerConfiguration(catalog: catalog)
        return all(for: catalog).map { setting in
            "  \(setting.key) = \(setting.value(defaults).map { "\($0)" } ?? "(unset)")\(setting.isLive ? " (live)" : "")"
        }.joined(separator: "\n")
    }
}
