import Pipelines
import ServerTestSupport
import Transcript
import Client
import Foundation
import Server
import Testing
import Transport
import Wire

/// A conversation id is a UUID, compared as one: the same id in lower case names the same
/// conversation (issue "A hostile world", item 2).
@Suite(.timeLimit(.minutes(1)))
struct ConversationIDTests {
    @Test func aLowerCaseConversationIdNamesTheSameConversation() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            let lower = ConversationID(rawValue: conversation.rawValue.lowercased())
            #expect(lower != conversation)

            let sent = try await amber.request(.send(.init(id: "m", conversation: lower, game: "icecream", url: "?Base=base02")))
            guard case let .accepted(accepted) = sent else { throw ConnectionError.unexpected("\(sent)") }
            #expect(accepted.conversation == conversation, "answers name it as the server spells it")
            let synced = try await ben.request(.resume(.init(id: "r", conversation: lower, after: 2)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 3)))

            // Not a UUID at all: unknown, as before.
            let unknown = try await ben.request(.resume(.init(id: "u", conversation: ConversationID(rawValue: "not-" + lower.rawValue), after: 0)))
            #expect(unknown.rejection?.code == "unknown-conversation")
            let left = try await ben.request(.leave(.init(id: "l", conversation: lower)))
            #expect(left == .done(.init(id: "l")))
        }
    }
}
