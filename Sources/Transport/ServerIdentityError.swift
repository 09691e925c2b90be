/// Why the server has no TLS identity to start with. The message names the file, because
/// fixing it means finding that file (or deleting it to let the server make a new one).
public struct ServerIdentityError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Reason: Hashable, Sendable {
        case unreadable(path: String, detail: String)
        case halfMade(present: String, missing: String)
        case cannotCreate(path: String, detail: String)
        case keyMismatch(certificate: String, key: String, detail: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) {
        self.reason = reason
    }

    /// A certificate or key file that is missing, unreadable or not PEM.
    package static func unreadable(_ path: String, _ detail: String) -> Self {
        Self(.unreadable(path: path, detail: detail))
    }

    /// One file of the self-made pair exists without the other (a start that was killed
    /// while writing them). The server does not overwrite a key that someone may have pinned.
    package static func halfMade(present: String, missing: String) -> Self {
        Self(.halfMade(present: present, missing: missing))
    }

    package static func cannotCreate(_ path: String, _ detail: String) -> Self {
        Self(.cannotCreate(path: path, detail: detail))
    }

    package static func keyMismatch(certificate: String, key: String, _ detail: String) -> Self {
        Self(.keyMismatch(certificate: certificate, key: key, detail: detail))
    }

    public var description: String {
        switch reason {
        case let .unreadable(path, detail):
            "cannot read \(path): \(detail)"
        case let .halfMade(present, missing):
            "\(present) exists but \(missing) does not; delete \(present) to let the server make a new pair"
        case let .cannotCreate(path, detail):
            "cannot create \(path): \(detail)"
        case let .keyMismatch(certificate, key, detail):
            "the key \(key) cannot serve the certificate \(certificate): \(detail)"
        }
    }
}
