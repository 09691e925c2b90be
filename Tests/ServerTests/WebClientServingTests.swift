import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// The web client as the server serves it (docs/WEBCLIENT.md): its page at `/`, its files under
/// `/client/`, the catalog and each game's presentation, all under a policy that runs only the
/// server's own scripts and connects only to the server.
@Suite(.timeLimit(.minutes(1)))
struct WebClientServingTests {
    @Test func theClientIsServedUnderAPolicyOfItsOwn() async throws {
        let folder = try TemporaryFolder()
        let app = try buildApplication(configuration: testConfiguration(folder), logger: quietLogger, webSocketHandler: echo)
        try await app.test(.ahc(.https)) { client in
            let served: [(path: String, type: String, holds: String)] = [
                ("/", "text/html; charset=utf-8", #"<script type="module" src="/client/app.js"></script>"#),
                ("/client/app.js", "text/javascript; charset=utf-8", "import { Connection"),
                ("/client/style.css", "text/css; charset=utf-8", "prefers-color-scheme: dark"),
                ("/client/games/battleship.js", "text/javascript; charset=utf-8", "export default"),
                ("/client/games/fourinarow.js", "text/javascript; charset=utf-8", "export default"),
                ("/client/games.json", "application/json", #""id":"icecream""#),
                ("/client/seeking.js", "text/javascript; charset=utf-8", "export class Seeking"),
                ("/client/matchmaking.json", "application/json", #"{"timeControls":[60,300,86400,259200,604800]}"#),
            ]
            for file in served {
                try await client.execute(uri: file.path, method: .get, headers: [.connection: "close"]) { response in
                    #expect(response.status == .ok, "\(file.path)")
                    #expect(response.headers[.contentType] == file.type, "\(file.path)")
                    #expect(String(buffer: response.body).contains(file.holds), "\(file.path)")
                    let policy = try #require(response.headers[.contentSecurityPolicy], "\(file.path)")
                    #expect(policy.contains("script-src 'self'") && policy.contains("connect-src 'self'"), "\(file.path)")
                    #expect(!policy.contains("unsafe"), "\(file.path): \(policy)")
                }
            }
            for missing in ["/client/nothing.js", "/client/games/chess.js", "/client/games/battleship", "/client/games.json/x"] {
                try await client.execute(uri: missing, method: .get, headers: [.connection: "close"]) { response in
                    #expect(response.status == .notFound, "\(missing)")
                }
            }
            // With a query, `/` is still an original Ice Cream URL's page.
            try await client.execute(uri: "/?Base=base01&Scoops=scoops03", method: .get, headers: [.connection: "close"]) { response in
                #expect(String(buffer: response.body).contains("I added some scoops"))
                #expect(!String(buffer: response.body).contains("/client/app.js"))
            }
        }
    }

    @Test func theCatalogListsEachGameWithItsVariants() async throws {
        let folder = try TemporaryFolder()
        let app = try buildApplication(configuration: testConfiguration(folder), logger: quietLogger, webSocketHandler: echo)
        try await app.test(.ahc(.https)) { client in
            try await client.execute(uri: "/client/games.json", method: .get, headers: [.connection: "close"]) { response in
                let games = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]])
                #expect(games.compactMap { $0["id"] as? String } == ["battleship", "icecream", "fourinarow"])
                let battleship = try #require(games.first)
                #expect((battleship["variants"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["seed", "classic"])
                #expect(battleship["resign"] as? Bool == true && battleship["web"] as? Bool == true)
                // Each game the house bot plays says so: a seek may fall back to it.
                #expect(games.map { $0["houseBot"] as? Bool } == [true, true, true])
                #expect(games[1]["resign"] as? Bool == false)
            }
        }
    }

    /// A browser's WebCrypto signs ECDSA as the 64 bytes r ‖ s: the handshake and a sticker's
    /// post take that beside DER, and a signature of other bytes in either form is refused.
    @Test func aSignatureIsReadAsDERorAsRawBytes() throws {
        let key = P256.Signing.PrivateKey()
        let nonce = "bm9uY2U="
        let signed = Handshake.signedBytes(nonce: nonce)
        let signature = try key.signature(for: signed)
        for bytes in [signature.rawRepresentation, signature.derRepresentation] {
            let frame = ClientFrame.Authenticate(publicKey: key.publicKey.x963Representation.base64EncodedString(), signature: bytes.base64EncodedString(), name: nil)
            #expect(Authenticator.account(for: frame, nonce: nonce) != nil)
            #expect(Authenticator.account(for: frame, nonce: "b3RoZXI=") == nil)
        }
        #expect(!InstallSignature.verifies(Data(repeating: 7, count: 64), by: key.publicKey, for: signed))
    }
}
