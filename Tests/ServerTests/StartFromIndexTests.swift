import Engine
import Foundation
import GameCatalog
import Logging
@testable import Server
import Storage
import Testing
import Transcript
import Wire

/// A server starts from the store's index, not from history: it reads no record but those of
/// the conversations whose turn clocks run, and learns the rest when a request needs it.
@Suite(.timeLimit(.minutes(1)))
struct StartFromIndexTests {
    static let secret = [UInt8](repeating: 9, count: 32)
    static let configuration = EngineConfiguration(publicURL: "https://x", turnTimeouts: ["battleship": 300])

    @Test func aRestartReadsTheIndexAndOnlyTheConversationsWhoseClocksRun() async throws {
        let log = CountingLog(InMemoryEventLog())
        let first = try await Relay.start(configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"))
        var table = try await Table(relay: first, accounts: ["amber", "ben"])
        _ = try await table.ask(.rename(.init(id: "n1", name: "Amber")), from: "amber")
        _ = try await table.ask(.rename(.init(id: "n2", name: "Ben")), from: "ben")
        let quiet = try await table.conversation(of: "amber", with: ["ben"])
        #expect(try await table.ask(.send(.init(id: "m", conversation: quiet.conversation, game: "icecream", url: "?Base=base02")), from: "amber").isAccepted)
        let timed = try await table.conversation(of: "ben", with: ["amber"])
        #expect(try await table.ask(.send(.init(
            id: "p", conversation: timed.conversation, game: "battleship", variant: "classic",
            url: "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h")),
            from: "ben").isAccepted)
        let statistics = await first.statistics()
        await table.stop()

        await log.resetCounts()
        let second = try await Relay.start(configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"))
        #expect(await log.wholeLogReads == 0, "start-up reads no history")
        #expect(await log.streamsRead == [timed.conversation], "only the conversation whose clock runs")
        #expect(await second.residentCount == 1)
        #expect(await second.statistics() == statistics)
        #expect(await second.timers.count == 1, "its deadline is timed again")

        // A member's list loads the rest, with everyone's names.
        var again = try await Table(relay: second, accounts: ["ben"])
        let list = try #require(try await again.ask(.list(.init(id: "l")), from: "ben").conversationList)
        #expect(Set(list.map(\.conversation)) == [quiet.conversation, timed.conversation])
        #expect(list.allSatisfy { Set($0.members.compactMap(\.name)) == ["Amber", "Ben"] })
        #expect(list.first { $0.conversation == quiet.conversation }?.lastSeq == 3)
        await again.stop()

        // An invite of a conversation out of memory is found in the index, however it is typed.
        let third = try await Relay.start(configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"))
        var joining = try await Table(relay: third, accounts: ["chris"])
        let joined = try #require(
            try await joining.ask(.join(.init(id: "j", invite: quiet.invite.lowercased())), from: "chris").conversationSummary)
        #expect(joined.conversation == quiet.conversation)
        #expect(joined.lastSeq == 4)
        await joining.stop()
        #expect(try await log.indexEntries(IndexKind.member, prefix: "chris/").map(\.key) == ["chris/\(quiet.conversation)"])
    }
}

/// Accounts connected straight to a relay whose pipeline runs, asking one request at a time.
struct Table {
    let relay: Relay
    let pipeline: Task<Void, Never>
    var outboxes: [AccountID: (connection: Int, frames: AsyncStream<ServerFrame>.AsyncIterator)] = [:]
    var requests = 0

    init(relay: Relay, accounts: [AccountID]) async throws {
        self.relay = relay
        pipeline = Task { await relay.run() }
        for account in accounts {
            let (frames, outbox) = AsyncStream<ServerFrame>.makeStream()
            outboxes[account] = (await relay.connect(account, outbox: outbox), frames.makeAsyncIterator())
        }
    }

    /// The answer to `frame`, skipping the events that come before it.
    mutating func ask(_ frame: ClientFrame, from account: AccountID) async throws -> ServerFrame {
        let outbox = try #require(outboxes[account])
        await relay.submit(frame, from: account, connection: outbox.connection)
        var frames = outbox.frames
        defer { outboxes[account]?.frames = frames }
        while let answer = await frames.next() {
            if answer.requestID == frame.requestID { return answer }
        }
        throw TableError("the connection of \(account) ended before the answer to \(frame.requestID ?? "?")")
    }

    /// A new conversation of `creator` that `others` joined.
    mutating func conversation(of creator: AccountID, with others: [AccountID]) async throws -> ConversationSummary {
        requests += 1
        guard case let .conversation(created) = try await ask(.create(.init(id: "c\(requests)")), from: creator) else {
            throw TableError("\(creator) could not create a conversation")
        }
        for other in others {
            requests += 1
            _ = try await ask(.join(.init(id: "j\(requests)", invite: created.conversation.invite)), from: other)
        }
        return created.conversation
    }

    func stop() async {
        pipeline.cancel()
        await pipeline.value
    }
}

/// An ``EventLog`` that counts what is read, around a real one.
actor CountingLog: EventLog {
    let inner: any EventLog
    private(set) var wholeLogReads = 0
    private(set) var streamsRead: Set<String> = []

    init(_ inner: any EventLog) { self.inner = inner }

    func resetCounts() {
        wholeLogReads = 0
        streamsRead = []
    }

    func append(_ records: [NewLogRecord], indexing changes: [IndexChange]) async throws(LogError) -> [LogRecord] {
        try await inner.append(records, indexing: changes)
    }

    func records(after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        wholeLogReads += 1
        return try await inner.records(after: position, limit: limit)
    }

    func records(in stream: String, after position: Int64, limit: Int) async throws(LogError) -> [LogRecord] {
        streamsRead.insert(stream)
        return try await inner.records(in: stream, after: position, limit: limit)
    }

    func indexValue(_ kind: String, key: String) async throws(LogError) -> String? { try await inner.indexValue(kind, key: key) }
    func indexEntries(_ kind: String, prefix: String) async throws(LogError) -> [IndexEntry] {
        try await inner.indexEntries(kind, prefix: prefix)
    }
    func lastPosition() async throws(LogError) -> Int64 { try await inner.lastPosition() }
    func statistics() async throws(LogError) -> LogStatistics { try await inner.statistics() }
    func backup(to path: String) async throws(LogError) -> LogStatistics { try await inner.backup(to: path) }
    func close() async { await inner.close() }
}

struct TableError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension ServerFrame {
    var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }

    var conversationList: [ConversationSummary]? {
        if case let .conversations(list) = self { return list.conversations }
        return nil
    }

    var conversationSummary: ConversationSummary? {
        if case let .conversation(reply) = self { return reply.conversation }
        return nil
    }
}

extension ServerFrame {
    var event: Event? {
        if case let .event(event) = self { return event }
        return nil
    }
}
