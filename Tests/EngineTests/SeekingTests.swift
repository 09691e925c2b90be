import Engine
import Foundation
import Testing
import Transcript
import Wire

/// Finding a game as the engine decides it: seeks wait, are paired into a new conversation whose
/// `paired` entry names the game, its time and who moves first, and that conversation opens
/// with that game, started by that player, on that time.
@Suite struct SeekingTests {
    static func classic(_ id: String, rated: Bool = true, seconds: Int = 300) -> ClientFrame {
        .seek(.init(id: id, game: "battleship", variant: "classic", secondsPerMove: seconds, rated: rated))
    }

    /// Amber seeks, then Ben: they are paired at once, Amber (who waited longer) first.
    static func paired() throws -> (EngineHarness, ConversationID) {
        var harness = EngineHarness()
        #expect(harness.handle(classic("a1"), from: "amber") == [.done(.init(id: "a1"))])
        #expect(harness.engine.conversations(of: "amber").isEmpty, "alone, Amber waits")
        #expect(harness.handle(classic("b1"), from: "ben") == [.done(.init(id: "b1"))])
        let summary = try #require(Self.pairings(in: harness, for: "amber").first)
        return (harness, summary.conversation.conversation)
    }

    /// The `conversation` frames an account was sent that answer no request of its own.
    static func pairings(in harness: EngineHarness, for account: AccountID) -> [ServerFrame.ConversationReply] {
        (harness.inbox[account] ?? []).compactMap { if case let .conversation(reply) = $0 { reply } else { nil } }
    }

    @Test func twoSeekersArePairedInANewConversationThatSaysWhoMovesFirst() throws {
        let (harness, conversation) = try Self.paired()
        #expect(harness.engine.members(of: conversation) == ["amber", "ben"])
        #expect(harness.engine.matchmaker.waiting.isEmpty)
        // Each hears of the conversation as the answer to their own seek, before its entries.
        let forBen = try #require(Self.pairings(in: harness, for: "ben").first)
        #expect(forBen.id == "b1" && forBen.conversation.conversation == conversation && forBen.conversation.lastSeq == 3)
        #expect(Self.pairings(in: harness, for: "amber").map(\.id) == ["a1"])
        guard case .conversation? = harness.inbox["ben"]?.dropFirst().first, case .event? = harness.inbox["ben"]?.last else {
            throw Unexpected(harness.inbox["ben"])
        }
        let stored = try #require(harness.log.last)
        guard case let .paired(_, 3, storedPairing, _) = stored else { throw Unexpected(stored) }
        // The paired entry, in each member's own identifiers, with the time the first player has to start.
        for viewer: AccountID in ["amber", "ben"] {
            let events = harness.events(of: viewer)
            #expect(events.map(\.kind) == [.joined, .joined, .paired])
            var pairing = try #require(events.last?.pairing)
            let since = try #require(storedPairing.since)
            #expect(pairing.startBy == Int64(((since.timeIntervalSince1970 + 300) * 1000).rounded()))
            pairing.startBy = nil
            #expect(pairing == PairingInfo(
                game: "battleship", variant: "classic", secondsPerMove: 300, rated: true,
                players: [harness.id(of: "amber", seenBy: viewer), harness.id(of: "ben", seenBy: viewer)],
                ratings: [RatingValue(rating: 1500, deviation: 350, provisional: true), RatingValue(rating: 1500, deviation: 350, provisional: true)]))
        }
        #expect(storedPairing.players == ["amber", "ben"] && storedPairing.secondsPerMove == 300)
        // The stored form reads back as it was written.
        #expect(try WireJSON.decode(Record.self, from: try stored.storedJSON()) == stored)
    }

    @Test func thePairedGameIsStartedByTheFirstPlayerAndTimedAsSought() throws {
        var (harness, conversation) = try Self.paired()
        let placed = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"
        let byBen = harness.handle(.send(.init(id: "m1", conversation: conversation, game: "battleship", variant: "classic", url: placed)), from: "ben")
        #expect(byBen.first?.rejection?.code == "paired-game", "Ben answers; Amber starts")
        let otherGame = harness.handle(.send(.init(id: "m2", conversation: conversation, game: "icecream", url: "?Base=base01")), from: "amber")
        #expect(otherGame.first?.rejection?.code == "paired-game")
        let seed = harness.handle(.send(.init(id: "m3", conversation: conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=4")), from: "amber")
        #expect(seed.first?.rejection?.code == "paired-game", "the default variant is not the one sought")
        let started = harness.handle(.send(.init(id: "m4", conversation: conversation, game: "battleship", variant: "classic", url: placed)), from: "amber")
        #expect(started.first?.isAccepted == true, "\(started)")
        // No turn time is configured for Battleship here: the pairing's five minutes are its own.
        let deadline = try #require(harness.engine.deadlines().first)
        #expect(deadline.at == harness.clock + 300)
    }

    @Test func seeksThisServerCannotPlayAreRefusedAndChangeNothing() throws {
        var harness = EngineHarness()
        let refusals: [(ClientFrame, String)] = [
            (.seek(.init(id: "s1", game: "chess", secondsPerMove: 300, rated: true)), "unknown-game"),
            (Self.classic("s2", seconds: 42), "time-control"),
            (.seek(.init(id: "s3", game: "battleship", secondsPerMove: 300, rated: false, players: 5)), "player-count"),
            (.seek(.init(id: "s4", game: "icecream", secondsPerMove: 300, rated: true, players: 3)), "rated-for-two"),
        ]
        for (frame, code) in refusals {
            #expect(harness.handle(frame, from: "amber").first?.rejection?.code == code)
        }
        #expect(harness.engine.matchmaker.waiting.isEmpty && harness.log.isEmpty)
        #expect(harness.handle(Self.classic("s5"), from: "amber") == [.done(.init(id: "s5"))])
        #expect(harness.handle(Self.classic("s6"), from: "amber").first?.rejection?.code == "already-seeking")
        #expect(harness.engine.matchmaker.waiting.map(\.id) == ["s5"])
    }

    @Test func anUnseekTakesTheSeekOutOfTheQueue() throws {
        var harness = EngineHarness()
        harness.handle(Self.classic("a1"), from: "amber")
        harness.handle(Self.classic("a2", rated: false), from: "amber")
        #expect(harness.handle(.unseek(.init(id: "u1", seek: "a1")), from: "amber") == [.done(.init(id: "u1"))])
        #expect(harness.engine.matchmaker.waiting.map(\.id) == ["a2"])
        harness.handle(Self.classic("b1"), from: "ben")
        #expect(harness.engine.conversations(of: "ben").isEmpty, "Amber no longer seeks a rated game")
        #expect(harness.handle(.unseek(.init(id: "u2")), from: "amber") == [.done(.init(id: "u2"))])
        #expect(harness.engine.matchmaker.waiting.map(\.account) == ["ben"])
    }

    @Test func aBatchTheStoreRefusesLeavesTheQueueAsItWas() throws {
        var harness = EngineHarness()
        harness.handle(Self.classic("a1"), from: "amber")
        let decided = harness.engine.decide(
            [.seek(.init(id: "b1", game: "battleship", variant: "classic", secondsPerMove: 300, rated: true), from: "ben", origin: "10.0.0.2")],
            at: harness.clock, random: &harness.random, storedThrough: [:], snapshotSeq: [:])
        #expect(decided.records.count == 6, "sought, then paired: the seeks leave the queue, a conversation of two")
        #expect(decided.expecting == ["queue": 0], "the queue changes only from where this engine read it")
        #expect(decided.chores.contains(.pair(at: nil)), "nobody waits")
        _ = harness.engine.setAside(decided)
        // Dropped: Amber waits as before, and Ben was never taken.
        #expect(harness.engine.matchmaker.waiting.map(\.account) == ["amber"])

        let alone = harness.engine.decide(
            [.seek(.init(id: "c1", game: "battleship", secondsPerMove: 60, rated: false), from: "chris", origin: "10.0.0.3")],
            at: harness.clock, random: &harness.random, storedThrough: [:], snapshotSeq: [:])
        #expect(alone.chores.contains(.pair(at: harness.clock + 1)), "seeks wait: pair again in a second")
        harness.engine.keep(harness.engine.setAside(alone))
        #expect(harness.engine.matchmaker.waiting.map(\.account) == ["amber", "chris"])
    }

    @Test func aPairedConversationLoadedFromItsSnapshotKeepsItsPairing() throws {
        let (harness, conversation) = try Self.paired()
        let snapshot = try #require(harness.engine.snapshotChange(of: conversation, after: 0)?.value)
        var loaded = EngineHarness().engine
        #expect(try loaded.load(conversation, snapshot: snapshot, then: []))
        let placed = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"
        var random = harness.random
        let byBen = loaded.handle(
            .send(.init(id: "m1", conversation: conversation, game: "battleship", variant: "classic", url: placed)), from: "ben",
            now: harness.clock, random: &random)
        #expect(byBen.replies.first?.rejection?.code == "paired-game")
        #expect(loaded.event(conversation: conversation, seq: 3, for: "ben")?.pairing?.secondsPerMove == 300)
    }
}

/// The queue shared by the servers of a store, as two engines see it: one takes in the other's
/// seeks from the stream `queue`, pairs them with its own, and the other, taking that in,
/// drops the seeks paired and answers its own player with the conversation.
@Suite struct SharedQueueTests {
    @Test func aSeekOfOneServerIsPairedOnAnotherAndAnsweredWhereItWasMade() throws {
        var first = EngineHarness(), second = EngineHarness()
        first.engine.totalsKeyPrefix = "first/"
        second.engine.totalsKeyPrefix = "second/"
        first.handle(SeekingTests.classic("a1", rated: false), from: "amber")
        guard case let .sought(amberSeek)? = first.log.last else { throw Unexpected(first.log) }
        #expect(amberSeek.seek.node == "first")

        // The second server reads the stream: Amber waits there too, and Ben is paired with her.
        _ = try second.engine.take(.queue(first.log, through: 1))
        #expect(second.engine.matchmaker.waiting.map(\.account) == ["amber"])
        let decided = second.engine.decide(
            [.seek(.init(id: "b1", game: "battleship", variant: "classic", secondsPerMove: 300, rated: false), from: "ben", origin: "10.0.0.2")],
            at: second.clock, random: &second.random, storedThrough: [:], snapshotSeq: [:])
        #expect(decided.expecting == ["queue": 1], "stored only if nobody changed the queue since")
        second.engine.keep(second.engine.setAside(decided))
        let queued = decided.records.filter { $0.stream == "queue" }
        guard case let .unsought(keys, conversation?)? = queued.last else { throw Unexpected(queued) }
        #expect(Set(keys) == [amberSeek.key, "ben/battleship:classic/300/casual"])

        // The first server takes that in: Amber no longer waits, and once it holds the
        // conversation it answers her seek with it, then its entries.
        _ = try first.engine.take(.queue(queued, through: 3))
        #expect(first.engine.matchmaker.waiting.isEmpty)
        _ = try first.engine.take(.records(conversation, decided.records.filter { $0.conversation == conversation }))
        let answered = first.engine.decide(
            [.pairedElsewhere(conversation)], at: first.clock, random: &first.random, storedThrough: [:], snapshotSeq: [:])
        let sends = answered.decisions[0].sends
        #expect(sends.map(\.account) == ["amber", "ben"])
        guard case let .conversation(reply)? = sends.first?.frame else { throw Unexpected(sends) }
        #expect(reply.id == "a1" && reply.conversation.conversation == conversation)
        #expect(answered.decisions[0].notify.map(\.seq) == [1, 2, 3])
    }

    @Test func aServerStartingDropsTheSeeksItTookBeforeItStopped() throws {
        var harness = EngineHarness()
        harness.engine.totalsKeyPrefix = "first/"
        harness.handle(SeekingTests.classic("a1", rated: false), from: "amber")
        var other = EngineHarness()
        other.engine.totalsKeyPrefix = "second/"
        other.handle(SeekingTests.classic("b1"), from: "ben")
        var restarted = EngineHarness()
        restarted.engine.totalsKeyPrefix = "first/"
        _ = try restarted.engine.take(.queue(harness.log + other.log, through: 2))
        let dropped = restarted.engine.decide([.dropOwnSeeks], at: restarted.clock, random: &restarted.random, storedThrough: [:], snapshotSeq: [:])
        guard case let .unsought(keys, nil)? = dropped.records.first else { throw Unexpected(dropped.records) }
        #expect(keys == ["amber/battleship:classic/300/casual"])
        #expect(restarted.engine.matchmaker.waiting.map(\.account) == ["ben"], "another server's seek stays")
    }
}

/// A game of a group: seekers gather up to the number asked for, or start with those present
/// after the wait one of them chose.
@Suite struct GroupSeekingTests {
    static func group(_ id: String, players: Int = 3, fewerAfter: Int? = nil) -> ClientFrame {
        .seek(.init(id: id, game: "icecream", variant: "group", secondsPerMove: 300, rated: false, players: players, startWithFewerAfter: fewerAfter))
    }

    @Test func threeWhoSeekAGameOfThreeAreOneConversation() throws {
        var harness = EngineHarness()
        harness.handle(Self.group("a1"), from: "amber")
        harness.handle(Self.group("b1"), from: "ben")
        #expect(SeekingTests.pairings(in: harness, for: "amber").isEmpty, "two of three: they wait")
        harness.handle(Self.group("c1"), from: "chris")
        let conversation = try #require(SeekingTests.pairings(in: harness, for: "chris").first).conversation.conversation
        #expect(harness.engine.members(of: conversation) == ["amber", "ben", "chris"])
        guard case let .paired(_, 4, pairing, _)? = harness.log.last else { throw Unexpected(harness.log.last) }
        #expect(pairing.players == ["amber", "ben", "chris"] && !pairing.rated)
    }

    @Test func twoStartWithoutTheThirdOnceTheirWaitIsOver() throws {
        var harness = EngineHarness()
        harness.handle(Self.group("a1", fewerAfter: 30), from: "amber")
        harness.handle(Self.group("b1"), from: "ben")
        #expect(SeekingTests.pairings(in: harness, for: "amber").isEmpty)
        harness.clock += 30
        let paired = harness.engine.decide([.pair], at: harness.clock, random: &harness.random, storedThrough: [:], snapshotSeq: [:])
        harness.engine.keep(harness.engine.setAside(paired))
        guard case let .paired(_, _, pairing, _)? = paired.records.last else { throw Unexpected(paired.records) }
        #expect(pairing.players == ["amber", "ben"])
    }
}

/// A paired game its first player does not start within a move's time is called off: every
/// member is told, nobody is rated, and any game may be played in the conversation.
@Suite struct PairingAbortTests {
    @Test func aPairingNotStartedInTimeIsCalledOff() throws {
        var (harness, conversation) = try SeekingTests.paired()
        let start = try #require(harness.engine.deadlines(in: conversation).first)
        #expect(start.at == harness.clock.addingTimeInterval(300), "five minutes from the pairing")
        #expect(harness.engine.timeOut(start, now: start.at.addingTimeInterval(-1)).events.isEmpty, "not before its time")
        let called = harness.engine.timeOut(start, now: start.at)
        harness.deliver(called)
        guard case let .aborted(_, seq, _)? = called.events.first else { throw Unexpected(called.events) }
        #expect(harness.events(of: "ben").last?.kind == .aborted && harness.events(of: "ben").last?.seq == seq)
        #expect(harness.engine.deadlines(in: conversation).isEmpty, "nothing more to time")
        // Any game, by anyone, from now on.
        let seed = harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4", in: conversation, by: "ben")
        #expect(seed?.isAccepted == true, "\(String(describing: seed))")
        let stored = try #require(called.events.first)
        #expect(try WireJSON.decode(Record.self, from: try stored.storedJSON()) == stored)
    }

    @Test func aPairingStartedInTimeIsNotCalledOff() throws {
        var (harness, conversation) = try SeekingTests.paired()
        let start = try #require(harness.engine.deadlines(in: conversation).first)
        #expect(harness.start("battleship", variant: "classic", url: RatingTests.placed, in: conversation, by: "amber")?.isAccepted == true)
        #expect(harness.engine.timeOut(start, now: start.at).events.isEmpty)
        #expect(harness.engine.deadlines(in: conversation).map(\.session) != [start.session], "the game's own clock runs instead")
    }
}
