import Engine
import Fairness
import Foundation
import GameRules
import Transcript
import Wire

/// An in-memory engine, signing or not, with one conversation that Amber created and Ben
/// joined: where each benchmark's game is played.
struct TwoMembers {
    static let players: [AccountID] = ["amber", "ben"]
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    var engine: Engine
    let conversation: ConversationID

    init(signed: Bool, random: inout SeededRandom) {
        let signer = signed ? ChainSigner(raw: [UInt8](repeating: 7, count: 32)) : nil
        engine = Engine(
            configuration: EngineConfiguration(publicURL: "https://parley.test", signer: signer), catalog: .standard,
            identifiers: ParticipantIdentifiers(secret: Array("a server secret for the benchmarks".utf8)))
        let created = engine.handle(.create(.init(id: "c")), from: Self.players[0], now: Self.start, random: &random)
        guard case let .conversation(reply)? = created.replies.first else {
            preconditionFailure("create answered \(created.replies)")
        }
        conversation = reply.conversation.conversation
        _ = engine.handle(
            .join(.init(id: "j", invite: reply.conversation.invite)), from: Self.players[1], now: Self.start, random: &random)
    }
}
