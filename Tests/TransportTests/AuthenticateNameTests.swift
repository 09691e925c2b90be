import Client
import Foundation
import Logging
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// `authenticate` checks a name as `rename` does (issue "A hostile world", item 3).
@Suite(.timeLimit(.minutes(1)))
struct AuthenticateNameTests {
    static let refusal = ErrorFrame(code: "bad-name", reason: "A name is 1 to 40 characters and at most 160 bytes of UTF-8, without control, format or line-breaking characters.")

    @Test func aNameThatRenameRefusesRefusesTheConnection() async throws {
        try await LiveServer.with { server in
            // One letter and 300 combining accents is one character, of 601 bytes.
            let accented = "a" + String(repeating: "\u{301}", count: 300)
            for name in [String(repeating: "a", count: 60), "Amber\u{7}", "   ", "Ben\nChris", accented] {
                await #expect(throws: ConnectionError.refused(Self.refusal), "\(name.debugDescription)") {
                    _ = try await Player.connect(to: server, name: name)
                }
                // And rename refuses the same.
                let player = try await Player.connect(to: server)
                #expect(try await player.request(.rename(.init(id: "n", name: name))).rejection == Self.refusal)
                player.connection.close()
            }
        }
    }

    @Test func aNameIsWelcomedAsItIsKept() async throws {
        try await LiveServer.with { server in
            let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
            let amber = try await ParleyConnection.open(to: endpoint, key: InstallKey(), name: "  Amber  ", logger: Logger(label: "t"))
            let ben = try await Player.connect(to: server, name: "Ben")
            guard case let .conversation(created) = try await ben.request(.create(.init(id: "c"))) else {
                throw ConnectionError.unexpected("no conversation")
            }
            let joined = try await amber.request(.join(.init(id: "j", invite: created.conversation.invite)))
            guard case let .conversation(reply) = joined else { throw ConnectionError.unexpected("\(joined)") }
            #expect(Set(reply.conversation.members.compactMap(\.name)) == ["Amber", "Ben"])
            amber.close()
        }
    }
}
