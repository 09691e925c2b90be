import Foundation
import Pipelines
import Storage
import Transport
import Wire

/// `parley admin backup FOLDER`: a new data folder that a server can start on, taken while
/// this one runs. It holds a consistent copy of the store (every move acknowledged before the
/// backup began), the participant-identifier secret (so that everyone keeps their
/// identifiers), the signing key (so that signatures still verify against the published key)
/// and the self-made TLS identity, if the server has one (so that pins hold).
package enum DataFolderBackup {
    package struct Refusal: Error {
        let code: String
        let reason: String
    }

    package static func write(to folder: String, log: any EventLog, dataDirectory: String) async throws -> AdminBackup {
        guard folder.hasPrefix("/") else {
            throw Refusal(code: "backup-path", reason: "The backup folder must be an absolute path; \(folder) is not.")
        }
        let files = FileManager.default
        if let existing = try? files.contentsOfDirectory(atPath: folder), !existing.isEmpty {
            throw Refusal(code: "backup-exists", reason: "\(folder) is not empty; back up into a new folder.")
        }
        do {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Refusal(code: "backup-failed", reason: "Cannot create \(folder): \(error.localizedDescription)")
        }
        let statistics: LogStatistics
        do {
            statistics = try await log.backup(to: (folder as NSString).appendingPathComponent("events.sqlite"))
        } catch {
            throw Refusal(code: "backup-failed", reason: error.reason)
        }
        for file in ["secret", "signing-key", "tls/certificate.pem", "tls/key.pem"] {
            let source = (dataDirectory as NSString).appendingPathComponent(file)
            guard files.fileExists(atPath: source) else { continue }
            let target = (folder as NSString).appendingPathComponent(file)
            do {
                try files.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try files.copyItem(atPath: source, toPath: target)
            } catch {
                throw Refusal(code: "backup-failed", reason: "Cannot copy \(file) into \(folder): \(error.localizedDescription)")
            }
        }
        return AdminBackup(folder: folder, records: statistics.recordCount, bytes: statistics.byteCount)
    }
}
