import Client
import Foundation
import Logging
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// One server per data folder: a second one refuses to start while the first runs, and the
/// first goes on as if nothing had happened.
@Suite struct DataFolderLockTests {
    @Test func aSecondServerOnTheSameFolderRefusesToStart() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = InstallKey()
        try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server, key: key)
            let before = try await amber.request(.create(.init(id: "c1")))
            guard case .conversation = before else { throw ConnectionError.unexpected("\(before)") }

            let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: folder)
            let refusal = await #expect(throws: DataFolderLockError.self) {
                _ = try await buildParleyServer(configuration: configuration, logger: quietLogger)
            }
            #expect(refusal?.description == "The data folder \(folder) is in use by another Parley server "
                + "(pid \(ProcessInfo.processInfo.processIdentifier)); stop it, or start this one with another data folder.")

            // The first server never noticed.
            let after = try await amber.request(.create(.init(id: "c2")))
            guard case .conversation = after else { throw ConnectionError.unexpected("\(after)") }
        }
        // Once it has stopped, the folder is free again.
        try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server, key: key)
            let list = try await amber.request(.list(.init(id: "l")))
            guard case let .conversations(conversations) = list else { throw ConnectionError.unexpected("\(list)") }
            #expect(conversations.conversations.count == 2)
        }
    }
}
