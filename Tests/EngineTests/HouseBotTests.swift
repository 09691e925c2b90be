import Engine
import Foundation
import Testing
import Transcript
import Wire

/// The house bot: a player who accepts it is paired with it after the wait they chose, it is
/// marked as a bot to every member, it moves with its game's strategy when its turn comes, and
/// its rated games are rated apart from those between people.
@Suite struct HouseBotTests {
    static func seek(_ id: String, bot after: Int?, rated: Bool = true) -> ClientFrame {
        .seek(.init(id: id, game: "battleship", variant: "classic", secondsPerMove: 300, rated: rated, houseBotAfter: after))
    }

    static func decide(_ request: Request, in harness: inout EngineHarness) -> BatchDecision {
        let decided = harness.engine.decide([request], at: harness.clock, random: &harness.random, storedThrough: [:], snapshotSeq: [:])
        harness.engine.keep(harness.engine.setAside(decided))
        harness.deliver(decided.decisions[0])
        return decided
    }

    @Test func aPlayerWhoWaitedForTheBotPlaysItAndItAnswersTheirMoves() throws {
        var harness = EngineHarness()
        _ = Self.decide(.seek(.init(
            id: "a1", game: "battleship", variant: "classic", secondsPerMove: 300, rated: true, houseBotAfter: 30), from: "amber", origin: "10.0.0.1"),
            in: &harness)
        #expect(harness.engine.matchmaker.waiting.count == 1, "nobody yet, and not the bot before 30 s")
        harness.clock += 30
        let paired = Self.decide(.pair, in: &harness)
        guard case let .paired(conversation, _, pairing, _)? = paired.records.last else { throw Unexpected(paired.records) }
        #expect(pairing.players == ["amber", .houseBot] && pairing.rated, "the bot answers, in the game sought")
        #expect(pairing.ratings == nil, "no ratings beside the names: its ladder is apart")
        #expect(paired.records.contains(.renamed(account: .houseBot, name: Engine.houseBotName)))
        let joined = try #require(harness.events(of: "amber").last { $0.kind == .joined })
        #expect(joined.participant?.bot == true && joined.participant?.name == "House bot")
        #expect(!paired.chores.contains(.houseBot(conversation)), "Amber moves first")

        // Amber places her fleet: the bot's turn, which it takes after a moment's thought.
        harness.clock += 1
        let placed = Self.decide(.frame(.send(.init(
            id: "m1", conversation: conversation, game: "battleship", variant: "classic", url: RatingTests.placed)), from: "amber"),
            in: &harness)
        #expect(placed.chores.contains(.houseBot(conversation)))
        harness.clock += 1
        let answered = Self.decide(.houseBot(conversation), in: &harness)
        guard case let .accepted(move)? = answered.records.first else { throw Unexpected(answered.decisions.map(\.replies)) }
        #expect(move.sender == .houseBot && move.moveCount == 2)
        // Its own turn taken, the bot waits for Amber's.
        #expect(!answered.chores.contains(.houseBot(conversation)))
        #expect(Self.decide(.houseBot(conversation), in: &harness).records.isEmpty, "not its turn: nothing")
        let last = try #require(harness.lastMessage(in: conversation, for: "amber"))
        #expect(last.message?.sender == harness.id(of: .houseBot, seenBy: "amber"))
    }

    @Test func theBotAtOnceAndSeeksItCannotAnswer() throws {
        var harness = EngineHarness()
        harness.handle(Self.seek("a1", bot: 0), from: "amber")
        let conversation = try #require(SeekingTests.pairings(in: harness, for: "amber").first).conversation
        #expect(conversation.members.map(\.bot) == [false, true])
        #expect(harness.handle(.seek(.init(
            id: "b1", game: "icecream", secondsPerMove: 300, rated: false, players: 3, houseBotAfter: 0)), from: "ben").first?.rejection?.code
            == "house-bot-after")
        #expect(harness.handle(Self.seek("b2", bot: -1), from: "ben").first?.rejection?.code == "house-bot-after")
    }

    @Test func aRatedGameWithTheBotIsRatedApart() throws {
        var harness = EngineHarness()
        harness.handle(Self.seek("a1", bot: 0), from: "amber")
        let conversation = try #require(SeekingTests.pairings(in: harness, for: "amber").first).conversation.conversation
        let started = harness.start("battleship", variant: "classic", url: RatingTests.placed, in: conversation, by: "amber")
        guard case let .accepted(accepted)? = started, let session = SessionID(uuidString: accepted.session) else { throw Unexpected(started) }
        let resigned = Self.decide(.frame(.resign(.init(id: "r1", conversation: conversation, session: session.uuidString)), from: "amber"), in: &harness)
        let waiting = try #require(resigned.index.first { $0.kind == IndexKind.unrated }?.value.flatMap(RatedGame.init(json:)))
        #expect(waiting.variant == "classic@house" && waiting.players == ["amber", .houseBot] && waiting.scores == [0, 1])
        #expect(waiting.ratingKeys == ["battleship:classic@house/amber", "battleship:classic@house/house-bot"])
    }
}
