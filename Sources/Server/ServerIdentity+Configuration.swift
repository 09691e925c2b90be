import Admin
import Foundation
import Pipelines
import Transport

extension ServerIdentity {
    /// Reads the identity `configuration` names (`tls.certificate` and `tls.key`), or the
    /// self-made one of its data folder, making it if there is none yet.
    /// - Parameter now: when a new certificate's validity starts; the configured clock's time by default.
    public static func load(for configuration: ServerConfiguration, now: Date? = nil) throws(ServerIdentityError) -> Self {
        try load(
            configured: configuration.tls.map { ($0.certificate, $0.key) }, dataDirectory: configuration.dataDirectory,
            now: now ?? configuration.clock.clock.now.date)
    }
}
