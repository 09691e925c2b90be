import Transcript

extension ClientFrame {
    /// The answer to the server's `challenge`: the install's P-256 public key and its
    /// signature of the challenge.
    public struct Authenticate: Codable, Hashable, Sendable {
        public var v: ProtocolVersion
        /// The public key, ANSI X9.63 (uncompressed, 65 bytes), base64.
        public var publicKey: String
        /// ECDSA P-256 SHA-256 over `"parley-auth-v1:" + nonce` (the nonce's base64 text), DER, base64.
        public var signature: String
        public var name: String?

        public init(v: ProtocolVersion = .current, publicKey: String, signature: String, name: String? = nil) {
            self.v = v
            self.publicKey = publicKey
            self.signature = signature
            self.name = name
        }
    }
}

extension ClientFrame.Authenticate: ClientRequest {
    static let type: StaticString = "authenticate"
    var requestID: String? { nil }
    var target: ClientFrame.Target { .account }
    var texts: [String?] { [name, publicKey, signature] }
    var frame: ClientFrame { .authenticate(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        var v = Field<ProtocolVersion>(), publicKey = Field<String>(), signature = Field<String>(), name = Field<String?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "v": try v.set(ProtocolVersion(rawValue: s.int()))
            case "publicKey": try publicKey.set(s.string())
            case "signature": try signature.set(s.string())
            case "name": try name.set(s.optionalString())
            default: try s.skipValue()
            }
        }
        return Self(
            v: try v.required(), publicKey: try publicKey.required(), signature: try signature.required(), name: name.optional())
    }

    func write(to out: inout JSONOutput) {
        if let name { out.key("name", first: true); out.string(name) }
        out.key("publicKey", first: name == nil); out.string(publicKey)
        out.key("signature"); out.string(signature)
        out.type(Self.type)
        out.key("v"); out.integer(v.rawValue)
    }
}
