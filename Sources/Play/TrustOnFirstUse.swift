import Client
import Wire

/// Deciding whether to trust a server, as ssh does: a fingerprint given by the user wins; a
/// server met before must present the certificate remembered for it; a new one is shown to the
/// user, who is asked, and the answer is remembered.
public struct TrustOnFirstUse: Sendable {
    public let known: KnownServers
    public let ask: @Sendable (String) -> Bool

    public init(known: KnownServers, ask: @escaping @Sendable (String) -> Bool) {
        self.known = known
        self.ask = ask
    }

    public func trust(host: String, port: Int, pinned: CertificateFingerprint?) async throws -> ServerTrust {
        if let pinned { return .pinned(pinned) }
        let name = "\(host):\(port)"
        let presented = try await ServerEndpoint(host: host, port: port, trust: .pinned(
            CertificateFingerprint(sha256Digest: [UInt8](repeating: 0, count: 32)))).presentedFingerprint()
        if let remembered = try known.fingerprint(for: name) {
            guard remembered == presented else {
                throw LineError(Self.warning(server: name, remembered: remembered, presented: presented, known: known))
            }
            return .pinned(presented)
        }
        guard ask("The server \(name) presents a certificate with SHA-256 \(presented).\nTrust it? (yes/no)") else {
            throw LineError("Not trusting \(name); not connecting.")
        }
        try known.remember(presented, for: name)
        return .pinned(presented)
    }

    /// What a client says, loudly, when a server it trusted presents another certificate: at
    /// start, or while it runs (`ParleyClient.Update.untrusted`).
    public static func warning(
        server: String, remembered: CertificateFingerprint, presented: CertificateFingerprint, known: KnownServers
    ) -> String {
        """
        @@@ THE CERTIFICATE OF \(server) HAS CHANGED @@@
        It was SHA-256 \(remembered); it is now \(presented).
        Someone may be impersonating the server. Not connecting. If the server really \
        has a new certificate, remove its line from \(known.path).
        """
    }
}
