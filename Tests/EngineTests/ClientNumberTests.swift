import Engine
import GameCatalog
import GameRules
import Testing
import Transcript
import Wire

/// Every number a client sends (`after`, `seq`, `basedOn`, cells in a URL) at its extremes:
/// each is answered with a typed refusal or its ordinary answer, and nothing traps.
@Suite struct ClientNumberTests {
    static let extremes = [Int.max, Int.max - 1, Int.min, Int.min + 1, -1, 4, 1 << 62]

    @Test(arguments: extremes) func resumeAfterAnyNumberIsAnswered(after: Int) throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        let replies = harness.handle(.resume(.init(id: "r", conversation: created.conversation, after: after)), from: "ben")
        let refusal = try #require(replies.first?.rejection)
        #expect(refusal == ErrorFrame(
            code: "seq-out-of-range",
            reason: "after is \(after), but this conversation's events are numbered 1 to 2; resume after 0 to 2."))
        #expect(replies.count == 1)
    }

    @Test func resumeAfterTheLastSeqIsOnlySynced() {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        let replies = harness.handle(.resume(.init(id: "r", conversation: created.conversation, after: 1)), from: "amber")
        #expect(replies == [.synced(.init(id: "r", conversation: created.conversation, lastSeq: 1))])
    }

    @Test(arguments: extremes) func ackOfAnyNumberIsAnsweredAndChangesNothing(seq: Int) throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        let replies = harness.handle(.ack(.init(conversation: created.conversation, seq: seq)), from: "amber")
        let error = try #require(replies.first)
        #expect(error == .error(ErrorFrame(
            code: "seq-out-of-range",
            reason: "seq is \(seq), but this conversation's events are numbered 1 to 1; acknowledge 0 to 1.")))
        #expect(harness.log.count == 2)
    }

    @Test(arguments: extremes) func sendBasedOnAnyNumberIsStale(basedOn: Int) throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        #expect(harness.start("icecream", url: "?Base=base01", in: created.conversation, by: "amber")?.isAccepted == true)
        let session = try #require(harness.lastMessage(in: created.conversation, for: "ben")?.message?.session)
        let before = harness.log.count
        let reply = harness.handle(.send(.init(
            id: "x", conversation: created.conversation, game: "icecream", session: session.uuidString,
            basedOn: basedOn, url: "?Base=base01&Scoops=scoop01")), from: "ben").first
        #expect(reply?.rejection?.code == "stale")
        #expect(harness.log.count == before)
    }

    @Test(arguments: ["9223372036854775807", "99999999999999999999", "-1", "1e9", "0x10", "100", "", "٣"])
    func battleshipCellsOfAnyNumberAreRefused(cell: String) throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        let reply = harness.start(
            "battleship", variant: "seed", url: "?Ship_Location=\(cell)", in: created.conversation, by: "amber")
        let refusal = try #require(reply?.rejection)
        #expect(refusal.code == "undecodable-state")
        #expect(harness.log.count == 2)
    }
}

/// What the store could not keep is refused before it is decided, and what it need not keep
/// again is not stored again.
@Suite struct StoredSizeTests {
    @Test func aMoveLargerThanTheStoreKeepsIsRefusedBeforeItIsDecided() throws {
        var harness = EngineHarness(maxRecordBytes: 2_100)
        let created = harness.create(by: "amber")
        let answer = harness.start("icecream", url: "?Base=base01", in: created.conversation, by: "amber")
        let reply = try #require(answer)
        #expect(reply.rejection == ErrorFrame(
            code: "too-large",
            reason: "The game's state after this message would take more than the 2100 bytes the server stores for one message."))
        #expect(harness.log.count == 2)
        #expect(harness.start("icecream", url: "?Base=base01", in: created.conversation, by: "amber")?.rejection?.code == "too-large")
    }

    @Test func theSameNameAgainStoresNothing() {
        var harness = EngineHarness()
        #expect(harness.handle(.rename(.init(id: "n1", name: "Amber")), from: "amber") == [.done(.init(id: "n1"))])
        #expect(harness.handle(.rename(.init(id: "n2", name: " Amber ")), from: "amber") == [.done(.init(id: "n2"))])
        #expect(harness.log.count == 1)
        #expect(harness.handle(.rename(.init(id: "n3", name: "Amber B")), from: "amber") == [.done(.init(id: "n3"))])
        #expect(harness.log.count == 2)
    }

    @Test(arguments: ["Ann\u{2028}Lee", "Ann\u{2029}", "Ann\u{85}", "Ann\u{202E}eeL", "Ann\nLee"])
    func namesThatBreakOrTurnLinesAreRefused(name: String) {
        var harness = EngineHarness()
        #expect(harness.handle(.rename(.init(id: "n", name: name)), from: "amber").first?.rejectionCode == "bad-name")
        #expect(harness.log.isEmpty)
    }

    @Test func aResendIsRecognisedAmongTheNewestSendsOnly() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        let first = harness.handle(.send(.init(
            id: "first", conversation: created.conversation, game: "icecream", variant: "solo", url: "?Base=base01")),
            from: "amber")
        let accepted = try #require(first.first)
        #expect(accepted.isAccepted)
        #expect(harness.handle(.send(.init(
            id: "first", conversation: created.conversation, game: "icecream", variant: "solo", url: "?Base=base01")),
            from: "amber") == first)
        // 32 newer messages push it out of the window: the same id is then a new message.
        for index in 0..<32 {
            let again = harness.handle(.send(.init(
                id: "m\(index)", conversation: created.conversation, game: "icecream", variant: "solo", url: "?Base=base01")),
                from: "amber")
            #expect(again.first?.isAccepted == true)
        }
        let late = harness.handle(.send(.init(
            id: "first", conversation: created.conversation, game: "icecream", variant: "solo", url: "?Base=base01")),
            from: "amber")
        #expect(late.first?.isAccepted == true && late != first)
    }

    @Test func anIdUsedAgainForAnotherMessageIsRefusedAfterARestartToo() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        let send = { (url: String) in
            ClientFrame.send(.init(id: "1", conversation: created.conversation, game: "icecream", variant: "solo", url: url))
        }
        let first = harness.handle(send("?Base=base01"), from: "amber")
        #expect(try #require(first.first).isAccepted)
        let stored = harness.log.count
        #expect(harness.handle(send("?Base=base01"), from: "amber") == first, "the same message again: its first answer")
        #expect(harness.handle(send("?Base=base02"), from: "amber").first?.rejectionCode == "id-reused")
        #expect(harness.log.count == stored, "nothing stored")

        // A restart replays the log: the id is still known with what it carried.
        var restarted = Engine(configuration: harness.engine.configuration, catalog: .standard,
                               identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for event in harness.log { try restarted.apply(event) }
        var random = SeededRandom(seed: 1)
        #expect(restarted.handle(send("?Base=base01"), from: "amber", now: harness.clock, random: &random).replies == first)
        #expect(restarted.handle(send("?Base=base02"), from: "amber", now: harness.clock, random: &random)
            .replies.first?.rejectionCode == "id-reused")

        // So does a load from the conversation's snapshot.
        let snapshot = try #require(harness.engine.snapshotChange(of: created.conversation, after: 0)?.value)
        var loaded = Engine(configuration: harness.engine.configuration, catalog: .standard,
                            identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        loaded.knowsEveryAccount = false
        loaded.learn("amber", conversations: [created.conversation], name: nil)
        #expect(try loaded.load(created.conversation, snapshot: snapshot, then: []))
        #expect(loaded.handle(send("?Base=base01"), from: "amber", now: harness.clock, random: &random).replies == first)
        #expect(loaded.handle(send("?Base=base02"), from: "amber", now: harness.clock, random: &random)
            .replies.first?.rejectionCode == "id-reused")
    }
}

extension ServerFrame {
    var rejectionCode: String? {
        if case let .rejected(rejected) = self { return rejected.error.code }
        return nil
    }
}
