import Admin
import Foundation
import Logging
import Synchronization
import Transport
import Wire

/// What `SIGHUP` and `parley admin reload` do: read the settings again (flags, environment,
/// file), read the certificate and key they name again and present them to new connections
/// (those open keep theirs), apply the settings that can change while the server runs, and say
/// which others changed and wait for the next start. Anything that cannot be read changes
/// nothing: the certificate and settings in use stay.
///
/// Live: the settings marked so in `Setting` (docs/SETTINGS.md): the certificate and key (the
/// files' contents, or other files), the admin token, and the log level (through `LogLevel`).
/// Every other setting is read at the start only.
public final class ServerReload: Sendable {
    private let presented: PresentedIdentity
    private let adminToken: AdminToken
    private let read: @Sendable () async throws -> ServerConfiguration
    private let logger: Logger
    /// The settings the server runs with: the start's, with those applied since.
    private let current: Mutex<ServerConfiguration>
    /// One reload at a time: two at once would compare against the same settings.
    private let running = Mutex(false)

    init(
        started configuration: ServerConfiguration, presented: PresentedIdentity, adminToken: AdminToken,
        read: @escaping @Sendable () async throws -> ServerConfiguration, logger: Logger
    ) {
        current = Mutex(configuration)
        self.presented = presented
        self.adminToken = adminToken
        self.read = read
        self.logger = logger
    }

    /// The settings a reload applies.
    static let live = Set(Setting.all().filter(\.isLive).map(\.key))

    /// Reads everything again and applies what can change live.
    /// - Throws: `ReloadError` when the settings or the certificate cannot be read; nothing changed.
    public func reload() async throws -> ReloadReport {
        guard running.withLock({ busy in defer { busy = true }; return !busy }) else { throw ReloadError.busy }
        defer { running.withLock { $0 = false } }
        let before = current.withLock { $0 }
        let after: ServerConfiguration
        do {
            after = try await read()
        } catch {
            throw ReloadError.settings("\(error)")
        }
        let identity: ServerIdentity
        do {
            // A configuration that names no certificate keeps the self-made one of the data
            // folder the server started with.
            var certificateSource = after
            certificateSource.dataDirectory = before.dataDirectory
            identity = try ServerIdentity.load(for: certificateSource)
        } catch {
            throw ReloadError.certificate("\(error)")
        }
        let previous = presented.identity.fingerprint
        do {
            try presented.replace(with: identity)
        } catch {
            throw ReloadError.certificate("\(error)")
        }
        var applied: [String] = []
        if identity.fingerprint != previous || after.tls != before.tls { applied.append(Setting.certificate.key) }
        if after.tls?.key != before.tls?.key { applied.append(Setting.tlsKey.key) }
        if after.adminToken != before.adminToken {
            adminToken.replace(with: after.adminToken)
            applied.append(Setting.adminToken.key)
        }
        if after.logLevel != before.logLevel {
            LogLevel.shared.set(after.logLevel)
            applied.append(Setting.logLevel.key)
        }
        let atNextStart = before.changedSettings(to: after).filter { !Self.live.contains($0) }
        current.withLock { configuration in
            configuration.tls = after.tls
            configuration.adminToken = after.adminToken
            configuration.logLevel = after.logLevel
        }
        let report = ReloadReport(
            certificate: identity.fingerprint.description, certificateChanged: identity.fingerprint != previous,
            applied: applied, atNextStart: atNextStart)
        logger.notice("Reloaded the settings", metadata: [
            "certificate": "\(identity.fingerprint)", "applied": "\(applied.joined(separator: ","))",
            "atNextStart": "\(atNextStart.joined(separator: ","))",
        ])
        return report
    }
}

/// Why a reload changed nothing.
public enum ReloadError: Error, CustomStringConvertible, Sendable {
    case settings(String)
    case certificate(String)
    case busy

    public var description: String {
        switch self {
        case let .settings(problem): "the settings cannot be read, so nothing changed: \(problem)"
        case let .certificate(problem): "the certificate cannot be read, so the one in use stays: \(problem)"
        case .busy: "another reload is under way"
        }
    }
}

extension ServerConfiguration {
    /// The keys of the settings whose values differ in `other`.
    func changedSettings(to other: ServerConfiguration) -> [String] {
        Setting.all(for: catalog).filter { $0.value(self) != $0.value(other) }.map(\.key)
    }
}
