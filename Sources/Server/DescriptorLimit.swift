import Admin
import Foundation
import Logging

#if canImport(Glibc)
import Glibc
import Pipelines
import Transport
#endif

/// The process's limit on open files, raised to what the system allows: every connection
/// holds one, and the default soft limit (often 1,024) would let a thousand idle sockets lock
/// every player out long before `limits.connections`.
enum DescriptorLimit {
    /// Raises the soft limit to the hard one; warns when even that is below what
    /// `connections` needs (one each, and some for the store and logs).
    static func raise(toServe connections: Int, logger: Logger) {
        #if canImport(Glibc)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        if let warning = warning(openFiles: Int(clamping: limit.rlim_cur), connections: connections) {
            logger.warning("\(warning)", metadata: ["openFiles": "\(limit.rlim_cur)", "maxConnections": "\(connections)"])
        }
        #endif
    }

    /// Files the server opens besides its connections: the store, its logs, the data folder's lock.
    static let spare = 64

    /// What to tell the operator when `openFiles` is too few for `connections` connections and
    /// the server's own files; `nil` when it is enough.
    static func warning(openFiles: Int, connections: Int) -> String? {
        guard openFiles < connections + spare else { return nil }
        let number = { (value: Int) in value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
        return "This process may open \(number(openFiles)) files, fewer than the server needs: "
            + "\(number(connections)) connections (limits.connections) and \(spare) files of its own. "
            + "Raise the limit on open files to at least \(number(connections + spare)) (ulimit -n, or LimitNOFILE in a systemd unit), "
            + "or set limits.connections to \(number(max(0, openFiles - spare))) or fewer."
    }
}
