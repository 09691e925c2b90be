import Foundation

/// The secret from which every viewer's participant identifiers are derived. It lives in the
/// data folder (`secret`, mode 0600) and must outlive restarts: with a new secret every
/// player would see everyone under new identifiers.
enum ServerSecret {
    static func loadOrCreate(in dataDirectory: String) throws -> [UInt8] {
        let path = (dataDirectory as NSString).appendingPathComponent("secret")
        if let text = try? String(contentsOfFile: path, encoding: .utf8),
            let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count >= 32
        {
            return Array(bytes)
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        try PrivateFile.create(path, contents: Data(bytes).base64EncodedString() + "\n", mode: 0o600)
        return bytes
    }
}
