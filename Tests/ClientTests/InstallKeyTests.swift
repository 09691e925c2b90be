import Client
import Foundation
import ServerTestSupport
import Testing
import Transport
import Wire

@Suite struct InstallKeyTests {
    @Test func aKeyIsMadeOnceKeptPrivateAndReadBack() throws {
        let path = LiveServer.temporaryDirectory() + "/client/install-key.pem"
        let made = try InstallKey.loadOrCreate(at: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let read = try InstallKey.loadOrCreate(at: path)
        #expect(read.account == made.account && read.publicKey == made.publicKey)
        #expect(made.account.count == 64 && made.account != InstallKey().account)
    }

    @Test func theSignatureIsOverTheChallengeItAnswers() throws {
        let key = InstallKey()
        let one = try key.authenticate(.init(nonce: "bm9uY2Ux", server: "x"), name: "Ben")
        let two = try key.authenticate(.init(nonce: "bm9uY2Uy", server: "x"), name: "Ben")
        #expect(one.publicKey == two.publicKey && one.signature != two.signature && one.name == "Ben")
        #expect(Data(base64Encoded: one.publicKey)?.count == 65)
    }
}
