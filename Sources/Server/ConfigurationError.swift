import Admin
import Pipelines
import Transport

/// A setting the server cannot start with. The message names the key (or the file) and says
/// what is wrong with it, because the person reading it has to find the line to fix:
/// `server.port: 70000 is not a port (1-65535, or 0 for any free port)`.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Reason: Hashable, Sendable {
        case invalidValue(key: String, problem: String)
        case unreadableFile(path: String, problem: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) {
        self.reason = reason
    }

    /// The value of `key` is of the wrong type or out of range.
    static func invalid(_ key: String, _ problem: String) -> Self {
        Self(.invalidValue(key: key, problem: problem))
    }

    /// The configuration file cannot be read or is not JSON.
    static func unreadable(_ path: String, _ problem: String) -> Self {
        Self(.unreadableFile(path: path, problem: problem))
    }

    /// The key whose value is wrong, or `nil` when the whole file is.
    public var key: String? {
        switch reason {
        case let .invalidValue(key, _): key
        case .unreadableFile: nil
        }
    }

    public var description: String {
        switch reason {
        case let .invalidValue(key, problem): "\(key): \(problem)"
        case let .unreadableFile(path, problem): "configuration file \(path): \(problem)"
        }
    }
}
