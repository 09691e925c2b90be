import Engine
import Fairness
import Foundation
import GameCatalog
import Reads
import Storage
import StorageSQLite
import Testing
import TestSupport
import Transcript
import Wire

/// The pages' reads answer from the store alone, as the conversation's members were sent it:
/// a chain check from one record, whatever the conversation's length; a replay from its
/// session's records.
@Suite struct StoredReadsTests {
    @Test func aChainCheckNamesTheDigestOfEveryCopyOfTheMessage() async throws {
        var table = try StoringTable()
        let (conversation, _) = try await table.seedGame(spectator: "chris")
        let reads = table.reads
        var session = ""
        for number in 1...4 {
            var copies: Set<ChainDigest> = []
            for viewer: AccountID in ["amber", "ben", "chris"] {
                let url = try #require(table.message(number, in: conversation, for: viewer), "\(viewer)'s message \(number)")
                let chained = try ChainedURL(url)
                copies.insert(chained.digest)
                session = chained.session
            }
            #expect(copies.count >= 2, "message \(number): the players' copies differ from a spectator's")
            #expect(try await reads.chainDigests(ofMessage: number, inSession: session) == copies, "message \(number)")
        }
        #expect(try await reads.chainDigests(ofMessage: 5, inSession: session) == [], "no fifth message")
        #expect(try await reads.chainDigests(ofMessage: 0, inSession: session) == [])
        #expect(try await reads.chainDigests(ofMessage: 1, inSession: UUID().uuidString) == [])
        #expect(try await reads.chainDigests(ofMessage: 1, inSession: "not a session") == [])
    }

    @Test func aFinishedGameIsReplayedFromItsRecordsAndOneStillPlayedIsNot() async throws {
        var table = try StoringTable()
        let (conversation, session) = try await table.seedGame(shots: [1], spectator: nil)
        let reads = table.reads
        #expect(try await reads.isFinished(session: session.uuidString) == false)
        #expect(try await reads.replay(ofSession: session.uuidString) == nil)
        #expect(try await reads.isFinished(session: UUID().uuidString) == nil)
        // Chat and a second game in the same conversation lie between its records.
        _ = try await table.handle(.chat(.init(id: table.nextID(), conversation: conversation, text: "well")), from: "amber")
        _ = try await table.handle(.send(.init(
            id: table.nextID(), conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")), from: "ben")
        for cell in [4, 0] {
            let shown = try #require(table.newestMessage(in: conversation, for: "ben", session: session))
            let answer = try await table.handle(.send(.init(
                id: table.nextID(), conversation: conversation, game: "battleship", session: session.uuidString, basedOn: shown.seq,
                url: try #require(shown.message?.url) + "&Shot=\(cell)")), from: "ben")
            #expect(answer.first?.isAccepted == true, "\(answer)")
        }

        #expect(try await reads.isFinished(session: session.uuidString) == true)
        let replay = try #require(try await reads.replay(ofSession: session.uuidString))
        #expect(replay == (try Replay.of(session, from: table.records, context: table.engine.context)))
        #expect(replay.steps.map(\.move) == [1, 2, 3, 4])
        #expect(replay.ending == "Player 2 won")
    }

    /// In a game longer than the index's interval, every message is found from the nearest
    /// indexed one before it, reading no more than the messages between.
    @Test func aLongGamesMessagesAreFoundFromTheNearestIndexedOne() async throws {
        var table = try StoringTable()
        let created = try await table.create(by: "amber")
        _ = try await table.handle(.join(.init(id: table.nextID(), invite: created.invite)), from: "ben")
        let conversation = created.conversation
        _ = try await table.handle(.send(.init(
            id: table.nextID(), conversation: conversation, game: "battleship", variant: "classic",
            url: "?Variant=classic&Ship=0-carrier-A6-h&Ship=0-battleship-A7-h&Ship=0-cruiser-A8-h&Ship=0-submarine-A9-h&Ship=0-destroyer-A10-h")),
            from: "amber")
        var shots = ["Ship=1-carrier-A6-h&Ship=1-battleship-A7-h&Ship=1-cruiser-A8-h&Ship=1-submarine-A9-h&Ship=1-destroyer-A10-h"]
        for row in 1...2 { for column in "ABCDEFGHIJ" { shots += ["Shot=\(column)\(row)", "Shot=\(column)\(row)"] } }
        // Forty misses, each player in turn, after the second fleet: 42 messages.
        for extra in shots {
            var accepted = false
            var answers: [ServerFrame] = []
            for player: AccountID in ["ben", "amber"] where !accepted {
                // Each replies to the state as they were shown it.
                let shown = try #require(table.newestMessage(in: conversation, for: player))
                let url = try #require(shown.message?.url)
                let answer = try await table.handle(.send(.init(
                    id: table.nextID(), conversation: conversation, game: "battleship", session: shown.message?.session?.uuidString,
                    basedOn: shown.seq, url: url + "&" + extra)), from: player)
                accepted = answer.first?.isAccepted == true
                answers += answer
            }
            try #require(accepted, "\(extra): \(answers)")
        }
        for number in [1, 2, 15, 16, 17, 31, 32, 33, 42] {
            var copies: Set<ChainDigest> = []
            var session = ""
            for viewer: AccountID in ["amber", "ben"] {
                let url = try #require(table.message(number, in: conversation, for: viewer), "\(viewer)'s message \(number)")
                copies.insert(try ChainedURL(url).digest)
                session = try ChainedURL(url).session
            }
            let before = await table.counted.recordsRead
            let digests = try await table.reads.chainDigests(ofMessage: number, inSession: session)
            #expect(copies.isSubset(of: digests) && digests.count == (number == 1 ? 2 : 3), "message \(number): each seat's copy and a spectator's")
            let read = await table.counted.recordsRead - before
            #expect(read == number - IndexKind.indexedMessage(atOrBefore: number) + 1, "message \(number): \(read) records read")
        }
    }

    /// The first and the newest message of a conversation of 300 messages are each read from
    /// the records of their own game, not from the conversation's history.
    @Test func aChainCheckReadsAFewRecordsWhateverTheConversationsLength() async throws {
        var table = try StoringTable()
        let created = try await table.create(by: "amber")
        _ = try await table.handle(.join(.init(id: table.nextID(), invite: created.invite)), from: "ben")
        var sessions: [SessionID] = []
        for _ in 0..<100 {
            _ = try await table.handle(.send(.init(
                id: table.nextID(), conversation: created.conversation, game: "icecream", variant: "solo", url: "?Base=base01")),
                from: "ben")
            for part in ["Scoops=scoops01", "Topping=topping01"] {
                let shown = try #require(table.newestMessage(in: created.conversation, for: "ben"))
                _ = try await table.handle(.send(.init(
                    id: table.nextID(), conversation: created.conversation, game: "icecream",
                    session: shown.message?.session?.uuidString, basedOn: shown.seq, url: try #require(shown.message?.url) + "&" + part)),
                    from: "ben")
            }
            sessions.append(try #require(table.newestMessage(in: created.conversation, for: "ben")?.message?.session))
        }
        #expect(table.records.count > 300)
        for (session, number) in [(sessions[0], 1), (sessions[99], 3), (sessions[50], 2)] {
            let before = await table.counted.recordsRead
            // An ice cream hides nothing: every copy is the same statement.
            #expect(try await table.reads.chainDigests(ofMessage: number, inSession: session.uuidString).count == 1)
            #expect(await table.counted.recordsRead - before == number, "message \(number) of game \(session): read on from its first")
        }
        // A place that is not the record's own (an entry written from a position that lagged)
        // is read on from: slower, never wrong.
        let found = try await table.reads.chainDigests(ofMessage: 2, inSession: sessions[50].uuidString)
        _ = try await table.counted.append([], indexing: [.set(IndexKind.message, IndexKind.messageKey(sessions[50], 2), "0 0")])
        #expect(try await table.reads.chainDigests(ofMessage: 2, inSession: sessions[50].uuidString) == found)
        let before = await table.counted.recordsRead
        #expect(try await table.reads.replay(ofSession: sessions[99].uuidString)?.steps.count == 3)
        #expect(await table.counted.recordsRead - before <= 8, "the last game's replay reads its own records")
    }
}

/// An engine that stores what it decides as a pipeline does: each decision's records appended
/// with their index changes in one append, to a SQLite file, through a log that counts what is
/// read from it.
struct StoringTable {
    static let signer = ChainSigner.fresh()
    var engine: Engine
    let counted: CountingLog
    var storedThrough: [ConversationID: Int64] = [:]
    var records: [Record] = []
    var inbox: [AccountID: [Event]] = [:]
    var random = SystemRandomNumberGenerator()
    var now = Date(timeIntervalSince1970: 1_800_000_000)
    var requests = 0

    init() throws {
        let folder = URL(fileURLWithPath: TestFolders.make("parley-reads"))
        counted = CountingLog(try SQLiteEventLog(folder: folder, durability: .normal))
        engine = Engine(
            configuration: EngineConfiguration(publicURL: "https://parley.test", signer: Self.signer),
            catalog: .standard, identifiers: ParticipantIdentifiers(secret: Array("a secret for the tests of reads".utf8)))
    }

    var reads: StoredReads { StoredReads(log: counted, context: engine.context) }

    mutating func nextID() -> String {
        requests += 1
        return "r\(requests)"
    }

    @discardableResult
    mutating func handle(_ frame: ClientFrame, from account: AccountID) async throws -> [ServerFrame] {
        now += 1
        let decision = engine.handle(frame, from: account, now: now, random: &random)
        let changes = engine.indexChanges(for: decision.events, storedThrough: { [storedThrough] in storedThrough[$0] ?? 0 })
        let stored = try await counted.append(
            try decision.events.map { NewLogRecord(stream: $0.conversation?.rawValue ?? "", payload: try $0.storedJSON()) },
            indexing: changes)
        for record in stored where !record.stream.isEmpty { storedThrough[ConversationID(rawValue: record.stream)] = record.position }
        records += decision.events
        for reference in decision.notify {
            for member in engine.members(of: reference.conversation) {
                if let event = engine.event(conversation: reference.conversation, seq: reference.seq, for: member) {
                    inbox[member, default: []].append(event)
                }
            }
        }
        return decision.replies
    }

    mutating func create(by account: AccountID) async throws -> ConversationSummary {
        guard case let .conversation(reply)? = try await handle(.create(.init(id: nextID())), from: account).first else {
            throw CancellationError()
        }
        return reply.conversation
    }

    /// A seed Battleship game of Amber and Ben: Amber hides at 0 and 4, Ben fires at `shots`;
    /// `spectator` watches it.
    mutating func seedGame(shots: [Int] = [1, 4, 0], spectator: AccountID?) async throws -> (ConversationID, SessionID) {
        let created = try await create(by: "amber")
        _ = try await handle(.join(.init(id: nextID(), invite: created.invite)), from: "ben")
        if let spectator {
            _ = try await handle(.join(.init(id: nextID(), invite: IndexKind.watchInviteKey(of: created.invite))), from: spectator)
        }
        _ = try await handle(.send(.init(
            id: nextID(), conversation: created.conversation, game: "battleship",
            url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0")), from: "amber")
        for cell in shots {
            let shown = try #require(newestMessage(in: created.conversation, for: "ben"))
            let answer = try await handle(.send(.init(
                id: nextID(), conversation: created.conversation, game: "battleship", session: shown.message?.session?.uuidString,
                basedOn: shown.seq, url: try #require(shown.message?.url) + "&Shot=\(cell)")), from: "ben")
            #expect(answer.first?.isAccepted == true, "\(answer)")
        }
        let session = try #require(newestMessage(in: created.conversation, for: "ben")?.message?.session)
        return (created.conversation, session)
    }

    func newestMessage(in conversation: ConversationID, for account: AccountID, session: SessionID? = nil) -> Event? {
        inbox[account, default: []].last {
            $0.kind == .message && $0.conversation == conversation && (session == nil || $0.message?.session == session)
        }
    }

    /// The URL of message `number` of the conversation's Battleship session as `account` received it.
    func message(_ number: Int, in conversation: ConversationID, for account: AccountID) -> String? {
        inbox[account, default: []].first {
            $0.conversation == conversation && $0.message?.game.rawValue == "battleship"
                && (try? ChainedURL($0.message?.url ?? ""))?.message == number
        }?.message?.url
    }
}

extension ServerFrame {
    var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }
}
