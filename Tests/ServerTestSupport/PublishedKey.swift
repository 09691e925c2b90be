import Foundation
import Server
import Testing
import Transport

/// The server's signing key as `/.well-known/parley-key` publishes it.
package struct PublishedKey: Decodable, Equatable {
    package let algorithm: String
    package let publicKey: String
    package let sha256: String

    package static func read(by server: RunningServer) async throws -> PublishedKey {
        let answer = try await HTTPS.request("https://127.0.0.1:\(server.port)/.well-known/parley-key")
        #expect(answer.status == 200)
        return try JSONDecoder().decode(PublishedKey.self, from: Data(answer.body.utf8))
    }
}
