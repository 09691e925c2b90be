import Engine
import Foundation
import Storage
import Testing
import Transcript
import Wire

/// Ratings as the engine decides them: a rated paired game that ends by its moves, a resignation
/// or a timeout waits in the index (`unrated`) until a `rate` request changes its players'
/// standings, in records of the conversation and of each player's rating stream, on the
/// condition that those streams end where the standings were read.
@Suite struct RatingTests {
    static let placed = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"

    /// Amber and Ben paired for a game rated or not, Amber's game started; its session.
    static func started(rated: Bool = true) throws -> (EngineHarness, ConversationID, SessionID) {
        var harness = EngineHarness()
        harness.handle(SeekingTests.classic("a1", rated: rated), from: "amber")
        harness.handle(SeekingTests.classic("b1", rated: rated), from: "ben")
        let conversation = try #require(SeekingTests.pairings(in: harness, for: "amber").first).conversation.conversation
        let started = harness.start("battleship", variant: "classic", url: placed, in: conversation, by: "amber")
        guard case let .accepted(accepted)? = started, let session = SessionID(uuidString: accepted.session) else {
            throw Unexpected(started)
        }
        return (harness, conversation, session)
    }

    /// Decides one request as a batch and keeps it, as a pipeline does once the store has it.
    static func decideAndKeep(_ request: Request, in harness: inout EngineHarness) -> BatchDecision {
        harness.clock += 1
        let decided = harness.engine.decide([request], at: harness.clock, random: &harness.random, storedThrough: [:], snapshotSeq: [:])
        harness.engine.keep(harness.engine.setAside(decided))
        harness.deliver(decided.decisions[0])
        return decided
    }

    @Test func aResignationInARatedGameWaitsToBeRatedThenRatesBothPlayers() throws {
        var (harness, conversation, session) = try Self.started()
        // Amber placed her fleet and gives up before Ben places his: he holds the seat paired.
        let resigned = Self.decideAndKeep(
            .frame(.resign(.init(id: "r1", conversation: conversation, session: session.uuidString)), from: "amber"), in: &harness)
        #expect(resigned.chores.contains(.rate(conversation)))
        let waiting = try #require(resigned.index.first { $0.kind == IndexKind.unrated }?.value)
        let game = try #require(RatedGame(json: waiting))
        #expect(game.players == ["amber", "ben"] && game.scores == [0, 1] && game.session == session && game.variant == "classic")

        // The pipeline reads the game, the standings (none yet) and where the streams end.
        _ = try harness.engine.take(.unrated(conversation, game, standings: [nil, nil], heads: [0, 0]))
        let rated = Self.decideAndKeep(.rate(conversation), in: &harness)
        #expect(rated.expecting == [StoredStream.rating("amber").name: 0, StoredStream.rating("ben").name: 0])
        guard case let .rated(_, seq, ratedSession, changes, _)? = rated.records.first else { throw Unexpected(rated.records) }
        #expect(ratedSession == session && changes.map(\.account) == ["amber", "ben"])
        #expect(rated.records.dropFirst().map(\.stream) == [StoredStream.rating("amber").name, StoredStream.rating("ben").name])
        // Glicko-2 for two new players (1500, RD 350, volatility 0.06), one game won by Ben.
        let amber = changes[0].after.rating, ben = changes[1].after.rating
        #expect(abs(ben.rating - 1662.31) < 0.01 && abs(ben.deviation - 290.32) < 0.01)
        #expect(abs(amber.rating - 1337.69) < 0.01 && amber.isProvisional)
        #expect(changes[1].after.wins == 1 && changes[0].after.losses == 1 && changes[0].after.games == 1)

        // The index: the game no longer waits; both standings and ladder places are kept.
        #expect(rated.index.contains(.remove(IndexKind.unrated, conversation.rawValue)))
        let standing = try #require(rated.index.first { $0.kind == IndexKind.rating && $0.key == "battleship:classic/amber" }?.value)
        #expect(Standing(json: standing) == changes[0].after)
        #expect(rated.index.filter { $0.kind == IndexKind.ladder }.compactMap { IndexKind.ladderAccount($0.key) } == ["amber", "ben"])
        let ladder = rated.index.filter { $0.kind == IndexKind.ladder }.map(\.key)
        #expect(ladder.allSatisfy { $0.hasPrefix(IndexKind.ladderPrefix(game: "battleship", variant: "classic", provisional: true)) })

        // Every member sees the change, in their own identifiers; the stored form reads back.
        let event = try #require(harness.events(of: "ben").last)
        #expect(event.kind == .rated && event.seq == seq)
        let shown = try #require(event.ratings)
        #expect(shown.map(\.participant) == [harness.id(of: "amber", seenBy: "ben"), harness.id(of: "ben", seenBy: "ben")])
        #expect(shown[1].before == RatingValue(rating: 1500, deviation: 350, provisional: true))
        #expect(shown[1].after.rating == 1662 && shown[1].result == .win && shown[0].result == .loss)
        for record in rated.records {
            #expect(try WireJSON.decode(Record.self, from: try record.storedJSON()) == record)
        }
        // A ladder's keys sort the higher rating first.
        #expect(IndexKind.ladderKey(game: "b", variant: "v", account: "x", standing: changes[1].after)
            < IndexKind.ladderKey(game: "b", variant: "v", account: "y", standing: changes[0].after))
    }

    @Test func aGameRatedAlreadyOrNeverRatedIsNotRatedAgain() throws {
        var (harness, conversation, session) = try Self.started()
        Self.decideAndKeep(.frame(.resign(.init(id: "r1", conversation: conversation, session: session.uuidString)), from: "amber"), in: &harness)
        // Another server rated it first: its `unrated` entry is gone.
        _ = try harness.engine.take(.unrated(conversation, nil, standings: [], heads: []))
        #expect(Self.decideAndKeep(.rate(conversation), in: &harness).records.isEmpty)
        // Nothing read for this batch: nothing rated either.
        #expect(Self.decideAndKeep(.rate(conversation), in: &harness).records.isEmpty)

        var (casual, casualConversation, casualSession) = try Self.started(rated: false)
        let resigned = Self.decideAndKeep(
            .frame(.resign(.init(id: "r1", conversation: casualConversation, session: casualSession.uuidString)), from: "amber"),
            in: &casual)
        #expect(!resigned.records.isEmpty && !resigned.chores.contains { if case .rate = $0 { true } else { false } } && !resigned.index.contains { $0.kind == IndexKind.unrated })
    }

    @Test func aGameTheOperatorEndsChangesNoRating() throws {
        var (harness, _, session) = try Self.started()
        let ended = Self.decideAndKeep(.end(session: session.uuidString), in: &harness)
        #expect(!ended.records.isEmpty && !ended.chores.contains { if case .rate = $0 { true } else { false } })
        #expect(!ended.index.contains { $0.kind == IndexKind.unrated })
    }

    @Test func aSeekIsPairedByTheSeekersRating() throws {
        var harness = EngineHarness()
        let strong = Standing(rating: .init(rating: 2100, deviation: 60, volatility: 0.06), games: 40, wins: 30, losses: 10)
        let key = IndexKind.ratingKey(game: "battleship", variant: "classic", account: "amber")
        _ = try harness.engine.take(.standing(key: key, strong))
        let decided = harness.engine.decide(
            [.seek(.init(id: "a1", game: "battleship", variant: "classic", secondsPerMove: 300, rated: true), from: "amber", origin: "10.0.0.1")],
            at: harness.clock, random: &harness.random, storedThrough: [:], snapshotSeq: [:])
        harness.engine.keep(harness.engine.setAside(decided))
        #expect(harness.engine.matchmaker.waiting.map(\.rating) == [2100])
        // The read does not outlive its batch: a later seek without one is rated as a newcomer.
        let next = harness.engine.decide(
            [.seek(.init(id: "b1", game: "battleship", variant: "classic", secondsPerMove: 300, rated: false), from: "ben", origin: "10.0.0.2")],
            at: harness.clock, random: &harness.random, storedThrough: [:], snapshotSeq: [:])
        harness.engine.keep(harness.engine.setAside(next))
        #expect(harness.engine.matchmaker.waiting.map(\.rating) == [2100, 1500])
    }

    @Test func aSeekAndARateAskTheStoreForWhatTheyNeed() throws {
        let (harness, conversation, _) = try Self.started()
        let seek = Request.seek(.init(id: "c1", game: "battleship", variant: "classic", secondsPerMove: 300, rated: true), from: "chris", origin: "")
        #expect(harness.engine.nextRead(for: seek, after: Reading()) == .standing(key: "battleship:classic/chris"))
        #expect(harness.engine.nextRead(for: .rate(conversation), after: Reading()) == .unrated(conversation))
        var reading = Reading()
        reading.note(.unrated(conversation), found: nil)
        #expect(harness.engine.nextRead(for: .rate(conversation), after: reading) == nil)
    }
}
