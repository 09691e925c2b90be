import Admin
import Engine
import Files
import Foundation
import Pipelines
import Storage
import Transport

/// The secret from which every viewer's participant identifiers are derived. It lives in the
/// data folder (`secret`, mode 0600) and must outlive restarts: with a new secret every
/// player would see everyone under new identifiers.
public enum ServerSecret {
    /// The secret that every server sharing `log` uses: the first to start makes it.
    static func shared(in log: any EventLog) async throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let text = try await log.indexValue(IndexKind.secret, key: "participants", settingIfAbsent: Data(fresh).base64EncodedString())
        guard let bytes = Data(base64Encoded: text), bytes.count >= 32 else {
            throw ServerIdentityError.unreadable("the store's index (secret, participants)",
                "not the base64 of 32 bytes or more; the server's identifiers come from it")
        }
        return Array(bytes)
    }

    public static func loadOrCreate(in dataDirectory: String) throws -> [UInt8] {
        let path = (dataDirectory as NSString).appendingPathComponent("secret")
        if let data = FileManager.default.contents(atPath: path), !data.isEmpty {
            let text = String(decoding: data, as: UTF8.self)
            guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count >= 32 else {
                throw ServerIdentityError.unreadable(path, "not the base64 of 32 bytes or more; the server's identifiers come from it")
            }
            return Array(bytes)
        }
        // No secret, or an empty file that a start killed while making it left (written by a
        // version that did not write it whole): nothing was ever derived from it.
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        try PrivateFile.replace(path, contents: Data(bytes).base64EncodedString() + "\n", mode: 0o600)
        return bytes
    }
}
