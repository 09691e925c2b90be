import Wire

/// A server that has bound its socket: what a test or a launcher needs to connect to it.
/// `port` is the port actually bound, which matters when the configuration asked for port 0.
public struct RunningServer: Sendable, Hashable {
    public let host: String
    public let port: Int
    public let fingerprint: CertificateFingerprint

    public init(host: String, port: Int, fingerprint: CertificateFingerprint) {
        self.host = host
        self.port = port
        self.fingerprint = fingerprint
    }

    /// `https://HOST:PORT`, with an IPv6 host in brackets.
    public var url: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "https://\(host):\(port)"
    }
}
