#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a new file whose mode is set when it is created. Foundation's writers create the
/// file first and change its mode afterwards, which leaves a moment in which a private key is
/// readable by others; `open(2)` with the mode and `O_EXCL` has no such moment, and never
/// replaces a file that another process made at the same time.
enum PrivateFile {
    static func create(_ path: String, contents: String, mode: mode_t) throws(ServerIdentityError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw .cannotCreate(path, String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        // The umask may have taken bits away from `mode`, never added any; setting it again
        // makes the result exactly `mode` whatever the umask.
        guard fchmod(descriptor, mode) == 0 else {
            throw .cannotCreate(path, String(cString: strerror(errno)))
        }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .cannotCreate(path, String(cString: strerror(errno)))
            }
            written += result
        }
        guard fsync(descriptor) == 0 else {
            throw .cannotCreate(path, String(cString: strerror(errno)))
        }
    }
}
