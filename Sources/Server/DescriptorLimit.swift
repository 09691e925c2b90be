import Foundation
import Logging

#if canImport(Glibc)
import Glibc
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
        let needed = rlim_t(connections + 64)
        if limit.rlim_cur < needed {
            logger.warning(
                "The limit on open files is below what limits.connections needs: raise it to \(needed) (ulimit -n, or LimitNOFILE in a systemd unit) or lower limits.connections to \(max(0, Int(limit.rlim_cur) - 64))",
                metadata: ["openFiles": "\(limit.rlim_cur)", "limits.connections": "\(connections)"])
        }
        #endif
    }
}
