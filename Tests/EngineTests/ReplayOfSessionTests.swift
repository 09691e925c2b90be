import Engine
import Fairness
import Foundation
import GameCatalog
import GameRules
import Testing
import TestSupport
import Transcript
import Wire

/// A finished game's public replay: every message as a non-player saw it, signed, with its
/// players named by their seats; nothing for a game still played.
@Suite struct ReplayOfSessionTests {
    static let signer = ChainSigner.fresh()

    /// Amber hides at 0 and 4; Ben fires at `shots`.
    static func seedGame(shots: [Int]) throws -> (EngineHarness, conversation: ConversationID, session: String) {
        var harness = EngineHarness(signer: signer)
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: created.conversation,
                              by: "amber")?.isAccepted == true)
        for cell in shots {
            let shown = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
            #expect(harness.reply(to: shown, with: "Shot=\(cell)", by: "ben")?.isAccepted == true)
        }
        let session = try #require(harness.lastMessage(in: created.conversation, for: "ben")?.message?.session?.uuidString)
        return (harness, created.conversation, session)
    }

    @Test func aGameWonByItsMovesIsReplayedAsANonPlayerSawIt() throws {
        let (harness, _, session) = try Self.seedGame(shots: [1, 4, 0])
        let id = try #require(SessionID(uuidString: session))
        let replay = try #require(try Replay.of(id, from: harness.log, context: harness.engine.context))
        #expect(replay.steps.map(\.move) == [1, 2, 3, 4])
        #expect(replay.steps.map(\.caption) == [
            "Player 1 placed their ships! Can you find them?", "Player 2 fired at 1: a miss.", "Player 2 fired at 4: a hit!",
            "Player 2 destroyed all the ships!",
        ])
        #expect(replay.ending == "Player 2 won")
        for step in replay.steps.dropLast() {
            #expect(UnhitShips.shown(in: "https://x/g/battleship?" + step.query) == [], "move \(step.move)")
        }
        #expect(replay.steps.last?.query.contains("Ship_Location=0&Ship_Location=4") == true, "the end shows the boats")
        // Each step is the signed copy a spectator was sent, and checks out in order.
        var witness = MessageWitness(key: Self.signer.publicKey)
        for step in replay.steps {
            try witness.check("https://x/g/battleship?" + step.query, boards: GameCatalog.standard.hiddenBoards)
        }
    }

    @Test func aGameStillPlayedHasNoReplayAndAResignedOneRevealsNothing() throws {
        var (harness, conversation, session) = try Self.seedGame(shots: [1])
        let id = try #require(SessionID(uuidString: session))
        var followed = StoredSession(id: id)
        for record in harness.log { try followed.follow(record, catalog: .standard) }
        #expect(!followed.isFinished && followed.seats == ["amber", "ben"])
        #expect(try Replay.of(id, from: harness.log, context: harness.engine.context) == nil)
        #expect(harness.handle(.resign(.init(id: "g", conversation: conversation, session: session)), from: "ben").first
            .map { if case .done = $0 { true } else { false } } == true)
        let replay = try #require(try Replay.of(id, from: harness.log, context: harness.engine.context))
        #expect(replay.steps.count == 2)
        #expect(replay.ending == "Player 1 won")
        #expect(replay.steps.allSatisfy { !$0.query.contains("Ship_Location") })
    }
}
