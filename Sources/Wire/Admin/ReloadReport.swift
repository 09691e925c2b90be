/// What a reload did (`SIGHUP`, `POST /admin/api/reload`, `parley admin reload`): the
/// certificate new connections get, the settings that took effect, and those that changed but
/// wait for the next start.
public struct ReloadReport: Codable, Hashable, Sendable {
    /// SHA-256 of the certificate presented to new connections from now on.
    public var certificate: String
    /// Whether that certificate is another than the one presented before.
    public var certificateChanged: Bool
    /// The settings that changed and took effect (`tls.certificate`, `admin.token`, …).
    public var applied: [String]
    /// The settings that changed and take effect only when the server starts again.
    public var atNextStart: [String]

    public init(certificate: String, certificateChanged: Bool, applied: [String], atNextStart: [String]) {
        self.certificate = certificate
        self.certificateChanged = certificateChanged
        self.applied = applied
        self.atNextStart = atNextStart
    }
}
