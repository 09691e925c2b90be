import Client
import Foundation
import Server
import Testing
import Wire

/// Over real sockets: a conversation longer than what the server keeps in memory is resumed
/// from its stored events, each exactly as the members online received it.
@Suite(.timeLimit(.minutes(1)))
struct BacklogResumeTests {
    @Test func aResumeOfALongConversationBringsEveryEventAsItWasReceived() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await RelayGameTests.gather(amber, [ben])
            for index in 0..<20 {
                let answer = try await amber.request(.send(.init(
                    id: "m\(index)", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base0\(index % 4 + 1)")))
                guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            }
            var live: [Event] = []
            while live.count < 20 { live.append(try await ben.nextMessage()) }

            // Ben, on a second connection, asks for everything since his join.
            let again = try await Player.connect(to: server, key: ben.key)
            let synced = try await again.request(.resume(.init(id: "r", conversation: conversation, after: 2)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 22)))
            var replayed: [Event] = []
            while replayed.count < 20 { replayed.append(try await again.nextMessage()) }
            #expect(replayed == live)
        }
    }
}
