import Engine
import Foundation
import GameCatalog
import Logging
import Pipelines
@testable import Server
import ServerTestSupport
import Storage
import TestSupport
import Timekeeping
import Testing
import Transcript
import Transport
import Wire

/// A server starts from the store's index, not from history: it reads no record, times the
/// conversations whose turn clocks run at the deadlines the index holds, and learns the rest
/// when a request needs it.
@Suite(.timeLimit(.minutes(1)))
struct StartFromIndexTests {
    static let secret = [UInt8](repeating: 9, count: 32)
    static let configuration = EngineConfiguration(publicURL: "https://x", turnTimeouts: ["battleship": 300])

    @Test func aRestartReadsTheIndexAndNoConversation() async throws {
        let log = CountingLog(InMemoryEventLog())
        let first = try await ConversationRouter.start(configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"))
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
        let statistics = first.statistics()
        await table.stop()

        await log.resetCounts()
        let second = try await ConversationRouter.start(configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"))
        #expect(await log.wholeLogReads == 0, "start-up reads no history")
        #expect(await log.streamsRead == [], "not even the conversation whose clock runs")
        #expect(await second.residentCount == 0)
        #expect(second.statistics() == statistics)
        #expect(await second.timerCount == 1, "its deadline is timed again")

        // A member's list loads the rest, with everyone's names.
        var again = try await Table(relay: second, accounts: ["ben"])
        let list = try #require(try await again.ask(.list(.init(id: "l")), from: "ben").conversationList)
        #expect(Set(list.map(\.conversation)) == [quiet.conversation, timed.conversation])
        #expect(list.allSatisfy { Set($0.members.compactMap(\.name)) == ["Amber", "Ben"] })
        #expect(list.first { $0.conversation == quiet.conversation }?.lastSeq == 3)
        await again.stop()

        // An invite of a conversation out of memory is found in the index, however it is typed.
        let third = try await ConversationRouter.start(configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"))
        var joining = try await Table(relay: third, accounts: ["chris"])
        let joined = try #require(
            try await joining.ask(.join(.init(id: "j", invite: quiet.invite.lowercased())), from: "chris").conversationSummary)
        #expect(joined.conversation == quiet.conversation)
        #expect(joined.lastSeq == 4)
        await joining.stop()
        #expect(try await log.indexEntries(IndexKind.member, prefix: "chris/").map(\.key) == ["chris/\(quiet.conversation)"])
    }

    /// A turn whose conversation nobody asks for after a restart still times out at its deadline:
    /// the pipeline loads the conversation when the deadline the index holds passes, not before.
    @Test func aTurnTimesOutAfterARestartThoughNobodyAsksForItsConversation() async throws {
        let log = CountingLog(InMemoryEventLog())
        let clock = ManualClock()
        let first = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"), clock: clock)
        var table = try await Table(relay: first, accounts: ["amber", "ben"])
        let timed = try await table.conversation(of: "ben", with: ["amber"])
        #expect(try await table.ask(.send(.init(
            id: "p", conversation: timed.conversation, game: "battleship", variant: "classic",
            url: "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h")),
            from: "ben").isAccepted)
        await table.stop()
        let stream = timed.conversation.rawValue
        let head = try await log.head(of: stream)

        let second = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"), clock: clock)
        let running = try await Table(relay: second, accounts: [])
        // A second before the deadline (300 s) the conversation is still only in the store.
        clock.advance(by: .seconds(299))
        #expect(await second.timerCount == 1)
        #expect(await second.residentCount == 0)
        #expect(try await log.head(of: stream) == head)

        clock.advance(by: .seconds(2))
        try await eventually(within: .seconds(20), { "nothing stored after the deadline" }) {
            try await log.head(of: stream) > head
        }
        let stored = try await log.records(in: stream, after: head, limit: 10)
        let records = try stored.map { try WireJSON.decode(Record.self, from: $0.payload) }
        #expect(records.contains { if case .timedOut = $0 { true } else { false } }, "\(records)")
        #expect(await second.residentCount == 1)
        await running.stop()
    }

    /// A `clock` entry naming a conversation the store holds no record of (a store changed by
    /// hand) is given up once its deadline passes, not read again every second.
    @Test func aClockOfAConversationWithoutRecordsIsGivenUp() async throws {
        let log = InMemoryEventLog()
        let clock = ManualClock()
        let first = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"), clock: clock)
        _ = first
        _ = try await log.append([], indexing: [.set(IndexKind.clock, "ghost", IndexKind.milliseconds(clock.now.date + 60))])

        let second = try await ConversationRouter.start(
            configuration: Self.configuration, secret: Self.secret, log: log, logger: Logger(label: "t"), clock: clock)
        let running = try await Table(relay: second, accounts: [])
        #expect(await second.timerCount == 1)
        clock.advance(by: .seconds(61))
        try await eventually(within: .seconds(20), { "still timed: \(await second.timerCount)" }) {
            await second.timerCount == 0
        }
        clock.advance(by: .seconds(2))
        #expect(await second.timerCount == 0, "timed again")
        #expect(await second.residentCount == 0)
        await running.stop()
    }

    /// The deadline the index holds is never later than the earliest real one: a shorter turn
    /// begun in a conversation whose clock runs is written, a move that restarts a clock later is
    /// not (no index write on a move).
    @Test func theIndexHoldsTheEarliestDeadlineOfAConversation() async throws {
        let log = InMemoryEventLog()
        let clock = ManualClock()
        let configuration = EngineConfiguration(publicURL: "https://x", turnTimeouts: ["battleship": 300, "fourinarow": 10])
        let relay = try await ConversationRouter.start(
            configuration: configuration, secret: Self.secret, log: log, logger: Logger(label: "t"), clock: clock)
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        let id = try await table.conversation(of: "ben", with: ["amber"]).conversation
        let begun = clock.now.date
        #expect(try await table.ask(.send(.init(
            id: "p", conversation: id, game: "battleship", variant: "classic",
            url: "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h")),
            from: "ben").isAccepted)
        #expect(try await log.indexValue(IndexKind.clock, key: id.rawValue) == IndexKind.milliseconds(begun + 300))

        clock.advance(by: .seconds(5))
        let drop = try await table.ask(.send(.init(id: "d", conversation: id, game: "fourinarow", url: "?Drop=4")), from: "amber")
        #expect(drop.isAccepted)
        #expect(try await log.indexValue(IndexKind.clock, key: id.rawValue) == IndexKind.milliseconds(begun + 5 + 10))

        clock.advance(by: .seconds(2))
        guard case let .accepted(accepted) = drop else { throw TableError("not accepted: \(drop)") }
        let reply = try await table.ask(.send(.init(
            id: "r", conversation: id, game: "fourinarow", session: accepted.session, basedOn: accepted.seq, url: "?Drop=4&Drop=4")),
            from: "ben")
        #expect(reply.isAccepted)
        #expect(try await log.indexValue(IndexKind.clock, key: id.rawValue) == IndexKind.milliseconds(begun + 5 + 10), "rewritten on a move")
        await table.stop()
    }
}

/// Accounts connected straight to a relay whose pipeline runs, asking one request at a time.
struct Table {
    let relay: ConversationRouter
    let pipeline: Task<Void, Never>
    var outboxes: [AccountID: (connection: Int, frames: AsyncStream<ServerFrame>.AsyncIterator)] = [:]
    var requests = 0

    init(relay: ConversationRouter, accounts: [AccountID]) async throws {
        self.relay = relay
        pipeline = Task { await relay.run() }
        for account in accounts {
            let (frames, outbox) = Outbox.frames()
            outboxes[account] = (try #require(relay.connect(account, outbox: outbox)), frames.makeAsyncIterator())
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

    /// The answers to `frames`, all sent before the first answer is read.
    mutating func askAll(_ frames: [ClientFrame], from account: AccountID) async throws -> [ServerFrame] {
        let outbox = try #require(outboxes[account])
        for frame in frames { await relay.submit(frame, from: account, connection: outbox.connection) }
        var frames = frames.compactMap(\.requestID)
        var iterator = outbox.frames
        defer { outboxes[account]?.frames = iterator }
        var answers: [ServerFrame] = []
        while !frames.isEmpty, let answer = await iterator.next() {
            guard let id = answer.requestID, let index = frames.firstIndex(of: id) else { continue }
            frames.remove(at: index)
            answers.append(answer)
        }
        guard frames.isEmpty else { throw TableError("the connection of \(account) ended before every answer") }
        return answers
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


struct TableError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}


/// A conversation is loaded from its snapshot and the events after it, not its whole history.
/// (In-process and light, but with hundreds of awaits: slow when the whole suite runs beside it.)
@Suite(.timeLimit(.minutes(3)))
struct SnapshotLoadTests {
    @Test func aConversationThatLeftMemoryLoadsFromItsSnapshot() async throws {
        let log = CountingLog(InMemoryEventLog())
        let clock = ManualClock()
        let relay = try await ConversationRouter.start(
            configuration: StartFromIndexTests.configuration, secret: StartFromIndexTests.secret, log: log,
            residency: ConversationRouter.Residency(idle: .seconds(2)), logger: Logger(label: "t"), clock: clock)
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        let created = try await table.conversation(of: "amber", with: ["ben"])
        let id = created.conversation
        // 210 games begun, sent at once: past the interval, a snapshot is stored with the events.
        let starts = (0..<210).map { game in
            ClientFrame.send(.init(id: "g\(game)", conversation: id, game: "icecream", variant: "solo", url: "?Base=base01"))
        }
        let answers = try await table.askAll(starts, from: "ben")
        #expect(answers.allSatisfy { $0.isAccepted })
        let interval = try #require(try await log.indexValue(IndexKind.snapshot, key: id.rawValue).flatMap(IndexKind.snapshotPosition))
        #expect(interval.lastSeq >= Engine.snapshotInterval && interval.lastSeq <= 212, "stored while it played")

        // Three more, then idle for 2 s of the relay's clock, it leaves memory, and a snapshot of
        // where it ended is stored when the pipeline is next idle.
        let more = (0..<3).map { game in
            ClientFrame.send(.init(id: "m\(game)", conversation: id, game: "icecream", variant: "solo", url: "?Base=base02"))
        }
        #expect(try await table.askAll(more, from: "amber").allSatisfy { $0.isAccepted })
        // The pipelines' sweeps wake each second of the clock: moved a second at a time, as
        // the sweep may not sleep on it yet.
        try await eventually(within: .seconds(30), { "still resident: \(await relay.residentCount)" }) {
            clock.advance(by: .seconds(1))
            return await relay.residentCount == 0
        }
        let latest = try #require(try await log.indexValue(IndexKind.snapshot, key: id.rawValue).flatMap(IndexKind.snapshotPosition))
        #expect(latest.lastSeq == 215)

        await log.resetCounts()
        let list = try #require(try await table.ask(.list(.init(id: "l")), from: "ben").conversationList)
        #expect(list.map(\.lastSeq) == [215])
        let reads = await log.streamReads
        #expect(reads.count == 1 && reads.first?.stream == id.rawValue && reads.first?.after == latest.after && latest.after > 210, "\(reads)")
        // And it goes on from there.
        #expect(try await table.ask(.send(.init(
            id: "more", conversation: id, game: "icecream", variant: "solo", url: "?Base=base02")), from: "amber").isAccepted)
        #expect(try await log.indexValue(IndexKind.session, key: (answers.first?.acceptedSession ?? "")) == id.rawValue)
        await table.stop()
    }

    /// Conversations that pass the interval in the same batch are not all snapshotted on that
    /// batch's path: two at most, the others by the batches after it.
    @Test func aBatchTakesAFewSnapshotsAtMost() async throws {
        let log = CountingLog(InMemoryEventLog())
        let relay = try await ConversationRouter.start(
            configuration: StartFromIndexTests.configuration, secret: StartFromIndexTests.secret, log: log,
            logger: Logger(label: "t"))
        var table = try await Table(relay: relay, accounts: ["amber", "ben"])
        var ids: [ConversationID] = []
        for _ in 0..<5 { ids.append(try await table.conversation(of: "amber", with: ["ben"]).conversation) }
        func games(_ prefix: String, _ count: Int) -> [ClientFrame] {
            (0..<count).flatMap { game in
                ids.map { id in
                    ClientFrame.send(.init(id: "\(prefix)\(game)-\(id)", conversation: id, game: "icecream", variant: "solo", url: "?Base=base01"))
                }
            }
        }
        // Each conversation a few games short of the interval, and then a dozen more in each, sent
        // together: they pass it in the same batch or two.
        #expect(try await table.askAll(games("g", Engine.snapshotInterval - 10), from: "ben").allSatisfy { $0.isAccepted })
        #expect(await log.snapshotsPerAppend.allSatisfy { $0 == 0 })
        #expect(try await table.askAll(games("h", 12), from: "ben").allSatisfy { $0.isAccepted })
        let counts = await log.snapshotsPerAppend
        #expect(counts.reduce(0, +) >= 3 && counts.allSatisfy { $0 <= Engine.snapshotsPerBatch }, "\(counts)")
        // The ones left out are taken by later batches of theirs.
        for round in 0..<5 { _ = try await table.askAll(games("k\(round)", 1), from: "ben") }
        for id in ids {
            let snapshot = try await log.indexValue(IndexKind.snapshot, key: id.rawValue).flatMap(IndexKind.snapshotPosition)
            #expect((snapshot?.lastSeq ?? 0) >= Engine.snapshotInterval, "\(id)")
        }
        await table.stop()
    }
}

extension Outbox {
    /// An outbox read item by item, as a stream that takes from the outbox only as it is
    /// iterated (so that one nobody reads fills up).
    static func make(limit: Int) -> (items: AsyncStream<Outgoing>, outbox: Outbox) {
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let outbox = Outbox(limit: limit, maxFrameBytes: 1 << 20, wake: { _ in signal.yield() })
        outbox.start()
        let taken = TakenItems(signals.makeAsyncIterator())
        let items = AsyncStream<Outgoing>(unfolding: {
            while true {
                if !taken.items.isEmpty { return taken.items.removeFirst() }
                guard let batch = outbox.take() else {
                    outbox.ended()
                    return nil
                }
                if batch.isEmpty {
                    guard await taken.signals.next() != nil else { return nil }
                }
                taken.items = batch
            }
        })
        return (items, outbox)
    }

    /// An outbox whose frames arrive one by one, replays taken apart, for tests that read a
    /// connection without a socket.
    static func frames(limit: Int = 1 << 20) -> (AsyncStream<ServerFrame>, Outbox) {
        let (items, outbox) = Outbox.make(limit: limit)
        let (frames, continuation) = AsyncStream<ServerFrame>.makeStream()
        Task {
            for await item in items {
                switch item {
                case .frame, .encoded:
                    for frame in item.serverFrames() { continuation.yield(frame) }
                case let .resumeAnswer(answer):
                    for frame in answer.frames { continuation.yield(frame) }
                    if let pages = answer.pages {
                        for await page in pages { for frame in page { continuation.yield(frame) } }
                    }
                    outbox.sentResumeAnswer()
                }
            }
            continuation.finish()
        }
        return (frames, outbox)
    }
}

extension Outgoing {
    /// The frames of a `.frame` or `.encoded` item; those of `.encoded` read back from the
    /// WebSocket frames written (a test fails if they do not read).
    func serverFrames() -> [ServerFrame] {
        switch self {
        case let .frame(frame): return [frame]
        case .resumeAnswer: return []
        case let .encoded(buffer, count):
            var frames: [ServerFrame] = []
            var message: [UInt8] = []
            do {
                for piece in try RawSockets.webSocketFrames(buffer) {
                    message += piece.payload
                    guard piece.final else { continue }
                    frames.append(try ServerFrame(json: String(decoding: message, as: UTF8.self)))
                    message = []
                }
            } catch {
                Issue.record("an encoded item does not read back: \(error)")
            }
            #expect(frames.count == count, "the count of an encoded item")
            return frames
        }
    }
}

/// What a test's reader took from an outbox and has not handed on yet; touched by its one reader.
private final class TakenItems: @unchecked Sendable {
    var items: [Outgoing] = []
    var signals: AsyncStream<Void>.AsyncIterator
    init(_ signals: AsyncStream<Void>.AsyncIterator) { self.signals = signals }
}
