import Client
import Crypto
import Files
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
@testable import Server
import ServerTestSupport
import Storage
import StorageSQLite
import Testing
import Transport
import Wire

/// A first start killed while it made its files, and a client's trust file that cannot be read:
/// the next start makes the identity whole, and nothing trusted is silently forgotten.
@Suite(.timeLimit(.minutes(1)))
struct HalfMadeFilesTests {
    @Test func aKeyWithoutItsCertificateGetsOneForThatKey() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("tls"), withIntermediateDirectories: true)
        let key = P256.Signing.PrivateKey()
        try PrivateFile.create(folder.file("tls/key.pem"), contents: key.pemRepresentation, mode: 0o600)
        // What a start killed while writing the certificate left: an empty file.
        FileManager.default.createFile(atPath: folder.file("tls/certificate.pem"), contents: Data())

        let made = try ServerIdentity.load(for: testConfiguration(folder))
        #expect(made.isNew)
        #expect(try String(contentsOfFile: folder.file("tls/key.pem"), encoding: .utf8) == key.pemRepresentation,
                "the key is kept")
        let again = try ServerIdentity.load(for: testConfiguration(folder))
        #expect(!again.isNew && again.fingerprint == made.fingerprint)
    }

    @Test func emptyFilesOfAKilledFirstStartAreMadeAgain() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("tls"), withIntermediateDirectories: true)
        for name in ["tls/key.pem", "tls/certificate.pem", "secret"] {
            FileManager.default.createFile(atPath: folder.file(name), contents: Data())
        }
        let identity = try ServerIdentity.load(for: testConfiguration(folder))
        #expect(identity.isNew)
        let secret = try ServerSecret.loadOrCreate(in: folder.path)
        #expect(secret.count == 32)
        #expect(try ServerSecret.loadOrCreate(in: folder.path) == secret, "kept from then on")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.file("secret"))[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func aSecretThatIsNotOneIsNamedNotReplaced() throws {
        let folder = try TemporaryFolder()
        try Data("not a secret".utf8).write(to: URL(fileURLWithPath: folder.file("secret")))
        #expect(throws: ServerIdentityError.self) { try ServerSecret.loadOrCreate(in: folder.path) }
        #expect(try String(contentsOfFile: folder.file("secret"), encoding: .utf8) == "not a secret")
    }

    @Test func aTrustFileThatCannotBeReadIsAnErrorAndIsKept() throws {
        let folder = try TemporaryFolder()
        // A folder where the file should be: there, and not readable as a file (as root, a
        // mode of 000 would not stop the read).
        let path = folder.file("known_servers")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let known = KnownServers(path: path)
        #expect(throws: KnownServersError.self) { try known.fingerprint(for: "localhost:8443") }
        let fingerprint = CertificateFingerprint(sha256Digest: [UInt8](repeating: 1, count: 32))
        #expect(throws: KnownServersError.self) { try known.remember(fingerprint, for: "localhost:8443") }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func rememberingOneServerKeepsTheOthersAndThePrivateMode() throws {
        let folder = try TemporaryFolder()
        let known = KnownServers(path: folder.file("client/known_servers"))
        let one = CertificateFingerprint(sha256Digest: [UInt8](repeating: 1, count: 32))
        let two = CertificateFingerprint(sha256Digest: [UInt8](repeating: 2, count: 32))
        try known.remember(one, for: "a:1")
        try known.remember(two, for: "b:2")
        try known.remember(two, for: "a:1")
        #expect(try known.fingerprint(for: "a:1") == two)
        #expect(try known.fingerprint(for: "b:2") == two)
        let mode = try FileManager.default.attributesOfItem(atPath: known.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func aPrivateFileIsNeverReplacedByCreate() throws {
        let folder = try TemporaryFolder()
        try PrivateFile.create(folder.file("f"), contents: "first", mode: 0o600)
        #expect(throws: PrivateFile.Failure.self) { try PrivateFile.create(folder.file("f"), contents: "second", mode: 0o600) }
        #expect(try String(contentsOfFile: folder.file("f"), encoding: .utf8) == "first")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["f"], "no temporary file left behind")
    }
}

/// What an outside check found loose: the log readable by every local user, names with line
/// separators, and TLS 1.0 and 1.1 still offered.
@Suite(.timeLimit(.minutes(1)))
struct HardeningTests {
    @Test func theLogIsReadableByItsOwnerOnly() async throws {
        let folder = try TemporaryFolder()
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: folder.path))
        _ = try await log.append([NewLogRecord(stream: "s", payload: Data("{}".utf8))])
        for name in ["events.sqlite", "events.sqlite-wal"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder.file(name))[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600, "\(name)")
        }
        await log.close()
    }

    @Test func aClientOfferingOnlyTLS11IsRefusedAndTLS12IsServed() async throws {
        try await LiveServer.with { server in
            let old = try await Self.handshake(port: server.port, maximum: .tlsv11)
            let current = try await Self.handshake(port: server.port, maximum: .tlsv12)
            #expect(!old, "TLS 1.1 refused")
            #expect(current, "TLS 1.2 served")
        }
    }

    /// Whether a TLS handshake with at most `maximum` completes.
    static func handshake(port: Int, maximum: TLSVersion) async throws -> Bool {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        tls.minimumTLSVersion = .tlsv1
        tls.maximumTLSVersion = maximum
        let context = try NIOSSLContext(configuration: tls)
        let completed = Recorded(false)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: "localhost"))
                    try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(completed: completed))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let deadline = channel.eventLoop.scheduleTask(in: .seconds(10)) { channel.close(promise: nil) }
        try? await channel.closeFuture.get()
        deadline.cancel()
        return completed.value
    }

    private final class HandshakeWatcher: ChannelInboundHandler, Sendable {
        typealias InboundIn = NIOAny
        let completed: Recorded<Bool>
        init(completed: Recorded<Bool>) { self.completed = completed }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted = event as? TLSUserEvent {
                completed.update { $0 = true }
                context.close(promise: nil)
            }
            context.fireUserInboundEventTriggered(event)
        }
    }
}
