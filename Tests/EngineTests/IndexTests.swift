import Engine
import Foundation
import GameCatalog
import Storage
import Testing
import Transcript
import Wire

/// The store's index, kept batch by batch, says what a replay of the whole log says; and an
/// engine that starts from it and learns accounts and conversations as requests need them
/// answers as the engine that holds everything.
@Suite struct IndexTests {
    /// Three members, a rename, a leave, a Battleship game whose clock runs and six finished Ice
    /// Cream games (two of them retired from memory), with the index kept as a server
    /// keeps it: the changes of each decision, applied in order.
    static func busyTable() throws -> (EngineHarness, ConversationID, [String: [String: String]]) {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300])
        var index: [String: [String: String]] = [:]
        func step(_ body: (inout EngineHarness) throws -> Void) rethrows {
            let before = harness.log.count
            try body(&harness)
            for change in harness.engine.indexChanges(for: Array(harness.log[before...]), storedThrough: { _ in 0 }) {
                index[change.kind, default: [:]][change.key] = change.value
            }
        }
        var conversation: ConversationID = ""
        try step { harness in
            let created = harness.create(by: "amber")
            conversation = created.conversation
            _ = harness.join(created.invite, by: "ben")
            _ = harness.join(created.invite, by: "chris")
            harness.handle(.rename(.init(id: "n", name: "Amber")), from: "amber")
            harness.handle(.rename(.init(id: "m", name: "Chris")), from: "chris")
        }
        for _ in 0..<6 {
            try step { harness in
                _ = harness.start("icecream", variant: "solo", url: "?Base=base01", in: conversation, by: "ben")
                for part in ["Scoops=scoops01", "Topping=topping01"] {
                    let event = try #require(harness.lastMessage(in: conversation, for: "ben"))
                    #expect(harness.reply(to: event, with: part, by: "ben")?.isAccepted == true)
                }
            }
        }
        try step { harness in
            harness.start("battleship", variant: "classic",
                          url: "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h",
                          in: conversation, by: "amber")
            let shown = try #require(harness.lastMessage(in: conversation, for: "ben"))
            _ = harness.reply(to: shown, with: "Ship=1-carrier-A6-h&Ship=1-battleship-A7-h&Ship=1-cruiser-A8-h&Ship=1-submarine-A9-h&Ship=1-destroyer-A10-h", by: "ben")
            harness.handle(.leave(.init(id: "l", conversation: conversation)), from: "chris")
            // A second conversation, left empty.
            let other = harness.create(by: "chris")
            harness.handle(.leave(.init(id: "l2", conversation: other.conversation)), from: "chris")
        }
        return (harness, conversation, index)
    }

    @Test func theIndexKeptBatchByBatchIsTheIndexOfTheWholeLog() throws {
        var (harness, conversation, kept) = try Self.busyTable()
        var replayed = Engine(
            configuration: harness.engine.configuration, catalog: .standard,
            identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for event in harness.log { try replayed.apply(event) }
        var complete: [String: [String: String]] = [:]
        for change in replayed.completeIndex() { complete[change.kind, default: [:]][change.key] = change.value }

        #expect(complete[IndexKind.start] == nil, "the starts are read from the events")
        #expect(complete[IndexKind.message] == nil && complete[IndexKind.finished] == nil, "so are the messages and games")
        var pass = IndexPass(catalog: .standard)
        for (offset, event) in harness.log.enumerated() {
            for change in try pass.changes(for: event, at: Int64(offset + 1)) {
                complete[change.kind, default: [:]][change.key] = change.value
            }
        }
        #expect(kept[IndexKind.message]?.count == 7, "the first message of each game (none reaches the 16th)")
        #expect(kept[IndexKind.finished]?.count == 6, "the Ice Cream games, not the Battleship game still played")
        // The pass knows each record's position; a batch, only where its conversation's records
        // stood before it (here 0): only the keys can agree.
        for kind in [IndexKind.message, IndexKind.finished] {
            #expect(complete[kind].map { Set($0.keys) } == kept[kind].map { Set($0.keys) }, "\(kind)")
            (complete[kind], kept[kind]) = (nil, nil)
        }
        // A clock entry's value is the deadline when it was written: only its key is read.
        #expect(complete[IndexKind.clock]?.keys.sorted() == [conversation.rawValue])
        #expect(kept[IndexKind.clock]?.keys.sorted() == [conversation.rawValue], "only the Battleship game's clock runs")
        (complete[IndexKind.clock], kept[IndexKind.clock]) = (nil, nil)
        #expect(complete == kept)
        // And it says what it should.
        #expect(kept[IndexKind.session]?.count == 7, "every session, the retired ones too")
        #expect(kept[IndexKind.start]?.count == 7, "the message that started each game")
        #expect(kept[IndexKind.member]?.keys.sorted() == ["amber/\(conversation)", "ben/\(conversation)"])
        #expect(kept[IndexKind.name] == ["amber": "Amber", "chris": "Chris"])
        let totals = try JSONDecoder().decode(EngineStatistics.self, from: Data(try #require(kept[IndexKind.totals]?["0"]).utf8))
        #expect(totals == harness.engine.statistics())
        #expect(totals == EngineStatistics(conversations: 2, gamesInProgress: 1, gamesFinished: 6, moves: 20))
    }

    /// The `totals` entry is written by hand, as `JSONEncoder` with sorted keys would write it:
    /// stores written before read it, and so do older servers.
    @Test func theTotalsAreWrittenAsTheEncoderWroteThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for totals in [EngineStatistics(), EngineStatistics(conversations: 12, gamesInProgress: -1, gamesFinished: 3_000_000, moves: 7)] {
            #expect(totals.json == String(decoding: try encoder.encode(totals), as: UTF8.self))
            #expect(try JSONDecoder().decode(EngineStatistics.self, from: Data(totals.json.utf8)) == totals)
        }
    }

    /// A move restarts the clock that ran before it: the index already names the conversation,
    /// so the move writes no clock entry; the end of the game removes it.
    @Test func aClockEntryIsWrittenWhenAClockStartsOrStopsOnly() throws {
        var (harness, conversation, _) = try Self.busyTable()
        let session = try #require(harness.lastMessage(in: conversation, for: "amber")?.message?.session)
        let before = harness.log.count
        #expect(harness.reply(to: try #require(harness.lastMessage(in: conversation, for: "amber")), with: "Shot=J10", by: "amber")?.isAccepted == true)
        let changes = harness.engine.indexChanges(for: Array(harness.log[before...]), storedThrough: { _ in 0 })
        #expect(!changes.contains { $0.kind == IndexKind.clock }, "\(changes)")
        let ending = harness.log.count
        harness.engine.end(session: session.uuidString, now: Date()).map { harness.log += $0.events }
        #expect(harness.engine.indexChanges(for: Array(harness.log[ending...]), storedThrough: { _ in 0 }).contains(.remove(IndexKind.clock, conversation.rawValue)))
    }

    @Test func anEngineStartedFromTheIndexLearnsWhatItNeedsAndAnswersAlike() throws {
        var (harness, conversation, index) = try Self.busyTable()
        var server = Engine(
            configuration: harness.engine.configuration, catalog: .standard,
            identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        try server.startFromIndex(
            totals: index[IndexKind.totals]?["0"],
            downtimes: (index[IndexKind.downtime] ?? [:]).map { IndexEntry(key: $0.key, value: $0.value) })
        #expect(server.statistics() == harness.engine.statistics())
        #expect(!server.knowsMemberships(of: "ben"))

        let prefix = "ben/"
        let bens = (index[IndexKind.member] ?? [:]).keys.filter { $0.hasPrefix(prefix) }.map { ConversationID(rawValue: String($0.dropFirst(prefix.count))) }
        server.learn("ben", conversations: bens, name: index[IndexKind.name]?["ben"])
        #expect(server.conversations(namedBy: .list(.init(id: "l")), from: "ben") == [conversation])
        try server.load(conversation, from: harness.log)
        for account in server.accountsWithoutNames(in: conversation) {
            if let name = index[IndexKind.name]?[account.rawValue] { server.learnName(name, of: account) }
        }
        #expect(server.statistics() == harness.engine.statistics(), "loading counts nothing again")

        var random = harness.random
        let listed = server.handle(.list(.init(id: "l")), from: "ben", now: harness.clock, random: &random)
        #expect(listed.replies == harness.handle(.list(.init(id: "l")), from: "ben"))
        for seq in 1...24 {
            #expect(server.event(conversation: conversation, seq: seq, for: "ben")
                    == harness.engine.event(conversation: conversation, seq: seq, for: "ben"))
        }
        // Chris left: an account it has not learnt changes nothing it knows when replayed.
        #expect(!server.knowsMemberships(of: "chris"))
        server.forgetAccounts(except: ["amber"])
        #expect(!server.knowsMemberships(of: "ben"))
        #expect(server.name(of: "amber") == "Amber", "a member of a conversation in memory keeps their name")
    }
}
