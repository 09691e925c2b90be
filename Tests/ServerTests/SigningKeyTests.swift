import Crypto
import Foundation
import Server
import ServerTestSupport
import Testing
import Transport

/// The server's Ed25519 signing key: made on the first start, kept in the data folder, the same
/// after a restart, published at /.well-known/parley-key, and kept by a backup.
@Suite(.timeLimit(.minutes(1)))
struct SigningKeyTests {
    @Test func theKeyIsPublishedAndOutlivesARestart() async throws {
        let folder = LiveServer.temporaryDirectory()
        let first = try await LiveServer.with(dataDirectory: folder) { try await PublishedKey.read(by: $0) }
        #expect(first.algorithm == "Ed25519")
        let raw = try #require(Data(base64Encoded: first.publicKey))
        let key = try Curve25519.Signing.PublicKey(rawRepresentation: raw)
        #expect(first.sha256 == SHA256.hash(data: key.rawRepresentation).map { String(format: "%02x", $0) }.joined())
        let file = try FileManager.default.attributesOfItem(atPath: folder + "/signing-key")
        #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600, "the private key is the server's alone")

        let again = try await LiveServer.with(dataDirectory: folder) { try await PublishedKey.read(by: $0) }
        #expect(again == first, "the same key after a restart")
        let another = try await LiveServer.with { try await PublishedKey.read(by: $0) }
        #expect(another.publicKey != first.publicKey, "each data folder its own key")
    }

    @Test func aBrokenKeyFileStopsTheStartSayingWhy() async throws {
        let folder = LiveServer.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "not a key".write(toFile: folder + "/signing-key", atomically: true, encoding: .utf8)
        await #expect {
            try await LiveServer.with(dataDirectory: folder) { _ in }
        } throws: { error in
            "\(error)".contains("signing-key") && "\(error)".contains("Ed25519")
        }
    }
}
