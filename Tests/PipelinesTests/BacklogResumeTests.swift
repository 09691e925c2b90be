import Client
import Engine
import Foundation
import Pipelines
@testable import Server
import ServerTestSupport
import Storage
import StorageSQLite
import Testing
import TestSupport
import Transport
import Wire

/// Over real sockets: a conversation longer than what the server keeps in memory is resumed
/// from its stored events, each exactly as the members online received it.
@Suite(.timeLimit(.minutes(1)))
struct BacklogResumeTests {
    @Test func aResumeOfALongConversationBringsEveryEventAsItWasReceived() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            for index in 0..<20 {
                let answer = try await amber.request(.send(.init(
                    id: "m\(index)", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base0\(index % 4 + 1)")))
                guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            }
            var live: [Event] = []
            while live.count < 20 { live.append(try await ben.nextMessage()) }

            // Ben, on a second connection, asks for everything since his join.
            let again = try await Player.connect(to: server, key: ben.key)
            let synced = try await again.request(.resume(.init(id: "r", conversation: conversation, after: 2)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 22)))
            var replayed: [Event] = []
            while replayed.count < 20 { replayed.append(try await again.nextMessage()) }
            #expect(replayed == live)
        }
    }
}

/// A backlog longer than a page of the store (`BacklogReader.pageSize`) is read page by page
/// as the client reads it, whole and in order, and what happens after the resume follows it.
@Suite(.timeLimit(.minutes(2)))
struct PagedResumeTests {
    @Test func aResumeOverSeveralPagesOfTheStoreArrivesWholeAndInOrder() async throws {
        let moves = 2 * BacklogReader.pageSize + 100
        try await LiveServer.with(limits: ServerLimits(messagesPerSecond: 100_000, burst: 100_000)) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            for index in 0..<moves {
                let answer = try await amber.request(.send(.init(
                    id: "m\(index)", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base0\(index % 4 + 1)")))
                guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            }
            var live: [Event] = []
            while live.count < moves { live.append(try await ben.nextMessage()) }

            let again = try await Player.connect(to: server, key: ben.key)
            let synced = try await again.request(.resume(.init(id: "r", conversation: conversation, after: 2)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: moves + 2)))
            var replayed: [Event] = []
            while replayed.count < moves { replayed.append(try await again.nextMessage()) }
            #expect(replayed.map(\.seq) == Array(3...(moves + 2)))
            #expect(replayed == live)
            // A move after the resume reaches the resumed connection after the replay.
            let answer = try await amber.request(.send(.init(
                id: "after", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")))
            guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            #expect(try await again.nextMessage().seq == moves + 3)
        }
    }
}

/// A resume of a long conversation's newest entries starts from the older snapshot before them
/// (`IndexKind.snapshotAt`), not from the conversation's creation: it reads a few hundred of
/// the store's records where the conversation holds a thousand, and answers every entry as the
/// member received it live.
@Suite(.timeLimit(.minutes(2)))
struct SnapshotResumeTests {
    @Test func aResumeOfTheNewestEntriesReadsFromTheOlderSnapshotBeforeThem() async throws {
        let moves = 1_000
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = CountingLog(try SQLiteEventLog(folder: URL(fileURLWithPath: folder)))
        try await LiveServer.with(
            dataDirectory: folder, limits: ServerLimits(messagesPerSecond: 100_000, burst: 100_000), eventLog: log
        ) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            for index in 0..<moves {
                let answer = try await amber.request(.send(.init(
                    id: "m\(index)", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base0\(index % 4 + 1)")))
                guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            }
            var live: [Event] = []
            while live.count < moves { live.append(try await ben.nextMessage()) }
            let kept = try await log.indexEntries(IndexKind.snapshotAt, prefix: conversation.rawValue + "/")
            #expect(kept.count >= 4, "a snapshot kept for every stretch of 200 entries: \(kept.map(\.key))")

            let lastSeq = moves + 2
            let after = lastSeq - 100
            let before = await log.recordsRead
            let again = try await Player.connect(to: server, key: ben.key)
            let synced = try await again.request(.resume(.init(id: "r", conversation: conversation, after: after)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: lastSeq)))
            var replayed: [Event] = []
            while replayed.count < 100 { replayed.append(try await again.nextMessage()) }
            #expect(replayed == Array(live.suffix(100)))
            let read = await log.recordsRead - before
            #expect(read <= 2 * IndexKind.snapshotAtEvery + 100, "\(read) records read for a resume of 100 entries of \(lastSeq)")
        }
        await log.close()
    }
}

/// A member away for longer than the outbox holds catches up: a resume's replay is sent at the
/// pace the client reads, however long, and the connection stays open.
@Suite(.timeLimit(.minutes(1)))
struct LongResumeTests {
    @Test func aResumeOfMoreEventsThanTheOutboxHoldsArrivesWhole() async throws {
        try await LiveServer.with(limits: ServerLimits(outboxFrames: 8)) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            for index in 0..<30 {
                let answer = try await amber.request(.send(.init(
                    id: "m\(index)", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base0\(index % 4 + 1)")))
                guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            }
            // Ben comes back on a new connection and asks for everything: 32 events, four
            // times what his outbox may hold, the newest few still in memory, the rest stored.
            let again = try await Player.connect(to: server, key: ben.key)
            let synced = try await again.request(.resume(.init(id: "r", conversation: conversation, after: 0)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 32)))
            var replayed: [Event] = []
            while replayed.count < 30 { replayed.append(try await again.nextMessage()) }
            #expect(replayed.map(\.seq) == Array(3...32))
            // The connection is still open and answers.
            let listed = try await again.request(.list(.init(id: "l")))
            guard case .conversations = listed else { throw ConnectionError.unexpected("\(listed)") }
        }
    }
}
