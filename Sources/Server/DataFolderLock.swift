#if canImport(Glibc)
import Admin
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Pipelines
import ServiceLifecycle
import Synchronization
import Transport

/// One server per data folder: an exclusive `flock(2)` on `DATA/lock`, taken before the store
/// is opened and held while the server runs. Two servers numbering one log would each hand out
/// the same seq. The kernel drops the lock when the process dies however it dies, so a
/// SIGKILLed server never leaves a stale lock behind; the file records the holder's pid only
/// for the message a second server prints.
public final class DataFolderLock: Service, Sendable {
    public let path: String
    /// The open descriptor holding the lock; -1 once released.
    private let descriptor: Mutex<Int32>

    /// Takes the lock of `folder` or throws `DataFolderLockError.held` at once; never waits.
    public init(folder: String) throws(DataFolderLockError) {
        path = URL(fileURLWithPath: folder).appendingPathComponent("lock").path
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
        guard Self.lock(opened) == 0 else {
            let failure = errno
            let holder = Self.holder(of: opened)
            close(opened)
            if failure == EWOULDBLOCK {
                throw .held(folder: folder, pid: holder)
            }
            throw .cannotOpen(path, String(cString: strerror(failure)))
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(opened, 0)
        _ = pid.withCString { pwrite(opened, $0, strlen($0), 0) }
        descriptor = Mutex(opened)
    }

    deinit { release() }

    /// Held until the server shuts down gracefully, then released, so that a new server in the
    /// same process (a test's restart) can take it.
    public func run() async throws {
        try? await gracefulShutdown()
        release()
    }

    public func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }

    /// `flock`, tried for up to two seconds. A process that forks (to start tmux, say) shares
    /// the lock's open file until its child execs, so a lock just released can still look held
    /// for a moment; a server that really holds it holds it for longer than that.
    private static func lock(_ descriptor: Int32) -> Int32 {
        for _ in 0..<40 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return 0 }
            guard errno == EWOULDBLOCK else { return -1 }
            usleep(50_000)
        }
        return flock(descriptor, LOCK_EX | LOCK_NB)
    }

    private static func holder(of descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Why a server could not take its data folder.
public struct DataFolderLockError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    static func held(folder: String, pid: Int32?) -> Self {
        let who = pid.map { "another Parley server (pid \($0))" } ?? "another Parley server"
        return Self(description: "The data folder \(folder) is in use by \(who); "
            + "stop it, or start this one with another data folder.")
    }

    static func cannotOpen(_ path: String, _ detail: String) -> Self {
        Self(description: "Cannot lock the data folder with \(path): \(detail).")
    }
}
