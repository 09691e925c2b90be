#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files that must never be seen half-written or with the wrong mode: a server's key and
/// secret, a client's install key and its trusted servers. Each is written whole under a
/// temporary name created with its mode (so it is never readable by others, whatever the
/// umask), synced, and only then given its name, and the folder is synced: a crash at any point
/// leaves the old file or the whole new one, never an empty or partial one.
public enum PrivateFile {
    /// Why a file could not be written.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        /// The file was there already (`create` never replaces one).
        public let exists: Bool

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Creates `path` with `contents` and `mode`. Fails with `exists` if there is a file of that
    /// name, which it never replaces: another process may have made it at the same moment.
    public static func create(_ path: String, contents: String, mode: mode_t) throws(Failure) {
        let temporary = try writeTemporary(for: path, contents: contents, mode: mode)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            let code = errno
            throw Failure(path: path, reason: String(cString: strerror(code)), exists: code == EEXIST)
        }
        try syncFolder(of: path)
    }

    /// Writes `path` anew with `contents` and `mode`, replacing the file whole.
    public static func replace(_ path: String, contents: String, mode: mode_t) throws(Failure) {
        let temporary = try writeTemporary(for: path, contents: contents, mode: mode)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: path, reason: reason, exists: false)
        }
        try syncFolder(of: path)
    }

    /// A new file beside `path` holding `contents`, with exactly `mode`, synced to disk.
    private static func writeTemporary(for path: String, contents: String, mode: mode_t) throws(Failure) -> String {
        var generator = SystemRandomNumberGenerator()
        let temporary = path + ".new-" + String(generator.next() as UInt64, radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        do throws(Failure) {
            // The umask may have taken bits away from `mode`, never added any; setting it again
            // makes the result exactly `mode`.
            guard fchmod(descriptor, mode) == 0 else { throw failure(path) }
            let bytes = Array(contents.utf8)
            var written = 0
            while written < bytes.count {
                let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw failure(path)
                }
                written += result
            }
            guard fsync(descriptor) == 0 else { throw failure(path) }
        } catch {
            unlink(temporary)
            throw error
        }
        return temporary
    }

    /// Makes the new name durable: without it, a crash may forget the rename or link.
    private static func syncFolder(of path: String) throws(Failure) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure(path) }
    }

    private static func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)), exists: false)
    }
}
