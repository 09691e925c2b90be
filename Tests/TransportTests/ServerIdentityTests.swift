import Foundation
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

@Suite(.timeLimit(.minutes(1)))
struct ServerIdentityTests {
    @Test func firstStartMakesCertificateAndPrivateKey() throws {
        let folder = try TemporaryFolder()
        let identity = try ServerIdentity.load(for: testConfiguration(folder))

        #expect(identity.isNew)
        #expect(identity.certificatePath == folder.file("tls/certificate.pem"))
        let files = FileManager.default
        let key = try files.attributesOfItem(atPath: folder.file("tls/key.pem"))
        #expect((key[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let pem = try String(contentsOfFile: identity.certificatePath, encoding: .utf8)
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(identity.certificateChain.count == 1)
    }

    @Test func laterStartsReuseTheIdentity() throws {
        let folder = try TemporaryFolder()
        let first = try ServerIdentity.load(for: testConfiguration(folder))
        let keyBefore = try Data(contentsOf: URL(fileURLWithPath: folder.file("tls/key.pem")))

        let second = try ServerIdentity.load(for: testConfiguration(folder))

        #expect(!second.isNew)
        #expect(second.fingerprint == first.fingerprint)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("tls/key.pem"))) == keyBefore)
    }

    @Test func aSecondRunningServerPresentsTheSameCertificate() async throws {
        let folder = try TemporaryFolder()
        let first = try await withServer(testConfiguration(folder)) { $0.fingerprint }
        let second = try await withServer(testConfiguration(folder)) { $0.fingerprint }
        #expect(first == second)
        #expect(try ServerIdentity.load(for: testConfiguration(folder)).fingerprint == first)
    }

    @Test func separateDataFoldersMakeSeparateCertificates() throws {
        let one = try TemporaryFolder()
        let other = try TemporaryFolder()
        let first = try ServerIdentity.load(for: testConfiguration(one))
        let second = try ServerIdentity.load(for: testConfiguration(other))
        #expect(first.fingerprint != second.fingerprint)
    }

    @Test func aConfiguredCertificateIsUsedAsItIs() throws {
        let made = try TemporaryFolder()
        let original = try ServerIdentity.load(for: testConfiguration(made))
        let folder = try TemporaryFolder()
        var configuration = testConfiguration(folder)
        configuration.tls = .init(certificate: made.file("tls/certificate.pem"), key: made.file("tls/key.pem"))

        let identity = try ServerIdentity.load(for: configuration)

        #expect(identity.fingerprint == original.fingerprint)
        #expect(!identity.isNew)
        #expect(!FileManager.default.fileExists(atPath: folder.file("tls")))
    }

    @Test func aKeyThatDoesNotMatchTheCertificateIsRefusedNamingBothFiles() throws {
        let one = try TemporaryFolder()
        let other = try TemporaryFolder()
        _ = try ServerIdentity.load(for: testConfiguration(one))
        _ = try ServerIdentity.load(for: testConfiguration(other))
        var configuration = testConfiguration(one)
        configuration.tls = .init(certificate: one.file("tls/certificate.pem"), key: other.file("tls/key.pem"))

        let error = #expect(throws: ServerIdentityError.self) { try ServerIdentity.load(for: configuration) }
        #expect(error?.description.contains(one.file("tls/certificate.pem")) == true)
        #expect(error?.description.contains(other.file("tls/key.pem")) == true)
    }

    @Test func aKeyWithoutItsCertificateIsNotReplaced() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("tls"), withIntermediateDirectories: true)
        try Data("not replaced".utf8).write(to: URL(fileURLWithPath: folder.file("tls/key.pem")))

        let error = #expect(throws: ServerIdentityError.self) { try ServerIdentity.load(for: testConfiguration(folder)) }
        #expect(error?.description.contains("key.pem") == true)
        #expect(try String(contentsOfFile: folder.file("tls/key.pem"), encoding: .utf8) == "not replaced")
    }
}
