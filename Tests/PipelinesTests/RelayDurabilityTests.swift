import Pipelines
import ServerTestSupport
import Transcript
import Client
import Engine
import Fairness
import Foundation
import Server
import Storage
import StorageSQLite
import Testing
import Timekeeping
import Transport
import Wire

/// What survives a restart of the server and a drop of a client.
@Suite struct RelayDurabilityTests {
    @Test func aGameGoesOnAfterTheServerRestartsWithNothingLost() async throws {
        let folder = LiveServer.temporaryDirectory()
        let amberKey = InstallKey()
        let benKey = InstallKey()
        let (conversation, lastSeen) = try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server, key: amberKey)
            let ben = try await Player.connect(to: server, key: benKey)
            let conversation = try await Games.gather(amber, [ben])
            _ = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "icecream", url: "?Base=base02")))
            let bens = try await ben.nextMessage()
            _ = try await Games.send(ben, replyingTo: bens, adding: "Scoops=scoops04")
            _ = try await amber.nextMessage()
            return (conversation, try await amber.nextMessage())
        }
        // A new server process over the same data folder: same log, same secret, same ids.
        try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server, key: amberKey)
            let ben = try await Player.connect(to: server, key: benKey)
            let replay = try await ben.request(.resume(.init(id: "r", conversation: conversation, after: 0)))
            #expect(replay == .synced(.init(id: "r", conversation: conversation, lastSeq: 4)))
            var missed: [Event] = []
            _ = try await amber.request(.resume(.init(id: "r", conversation: conversation, after: 0)))
            for _ in 1...4 {
                let frame = try await amber.next { if case .event = $0 { true } else { false } }
                if case let .event(event) = frame { missed.append(event) }
            }
            #expect(missed.map(\.seq) == [1, 2, 3, 4])
            // The same message, with the same identifiers; only the port of its URL is new.
            var again = try #require(missed.last)
            #expect(again.message.map { ProofItems.removed(from: $0.url) }?.hasSuffix("/g/icecream?Base=base02&Scoops=scoops04") == true)
            again.message?.url = lastSeen.message?.url ?? ""
            // The turn's deadline moves on by the time the server was down, when that was a
            // second or more (a slow restart, on a busy machine): never earlier.
            let (before, after) = (try #require(lastSeen.status?.deadline), try #require(again.status?.deadline))
            #expect(after >= before && after - before < 60_000, "\(before) → \(after)")
            again.status?.deadline = before
            #expect(again == lastSeen)
            let finished = try await Games.send(amber, replyingTo: try #require(missed.last), adding: "Topping=topping09")
            guard case .accepted = finished else { throw ConnectionError.unexpected("\(finished)") }
            var end = try await ben.nextMessage()
            while end.seq < 5 { end = try await ben.nextMessage() }
            #expect(end.status?.outcome.finished == true && end.seq == 5)
        }
    }

    /// A `send` that started a game, sent again after more than the 32 newest ids its account
    /// sent in the conversation, and after a restart, gets its first answer: never a second game.
    @Test func aGamesStartSentAgainLongAfterIsAnsweredAsBeforeAndStartsNothing() async throws {
        let folder = LiveServer.temporaryDirectory()
        let amberKey = InstallKey()
        let start = ClientFrame.send(.init(id: "the-start", conversation: "", game: "icecream", variant: "solo", url: "?Base=base01"))
        @Sendable func send(_ frame: ClientFrame, in conversation: ConversationID) -> ClientFrame {
            guard case var .send(request) = frame else { return frame }
            request.conversation = conversation
            return .send(request)
        }
        let (conversation, first) = try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server, key: amberKey)
            let ben = try await Player.connect(to: server)
            let conversation = try await Games.gather(amber, [ben])
            let first = try await amber.request(send(start, in: conversation))
            guard case .accepted = first else { throw ConnectionError.unexpected("\(first)") }
            for game in 1...33 {
                let answer = try await amber.request(.send(.init(
                    id: "game-\(game)", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base02")))
                guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            }
            // Still running: the same start again now reads the index too, as it is no longer among the newest.
            #expect(try await amber.request(send(start, in: conversation)) == first)
            return (conversation, first)
        }
        // As a store of the index's layout 2 has it, without the games' starts: the next start indexes them.
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: folder))
        let starts = try await log.indexEntries(IndexKind.start, prefix: "")
        #expect(starts.count == 34)
        _ = try await log.append([], indexing: starts.map { .remove(IndexKind.start, $0.key) } + [.set(IndexKind.format, "index", "2")])
        await log.close()
        try await LiveServer.with(dataDirectory: folder) { server in
            let amber = try await Player.connect(to: server, key: amberKey)
            #expect(try await amber.request(send(start, in: conversation)) == first)
            guard case var .send(other) = send(start, in: conversation) else { throw ConnectionError.unexpected("no send") }
            other.url = "?Base=base03"
            let reused = try await amber.request(.send(other))
            #expect(reused.rejection?.code == "id-reused", "\(reused)")
            // Nothing was stored after the 34 games.
            guard case let .accepted(accepted) = first else { throw ConnectionError.unexpected("\(first)") }
            let last = accepted.seq + 33
            let synced = try await amber.request(.resume(.init(id: "r", conversation: conversation, after: last)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: last)))
        }
    }

    @Test func aDroppedClientResumesWithExactlyWhatItMissed() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let benKey = InstallKey()
            var ben = try await Player.connect(to: server, key: benKey)
            let conversation = try await Games.gather(amber, [ben])
            _ = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")))
            let first = try await ben.nextMessage()
            ben.connection.send(.ack(.init(conversation: conversation, seq: first.seq)))
            ben.connection.close()

            // While Ben is away, Amber builds on alone.
            var ambers = try await amber.nextMessage()
            _ = try await Games.send(amber, replyingTo: ambers, adding: "Scoops=scoops01")
            ambers = try await amber.nextMessage()

            ben = try await Player.connect(to: server, key: benKey)
            let synced = try await ben.request(.resume(.init(id: "r", conversation: conversation, after: first.seq)))
            #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: ambers.seq)))
            let missed = try await ben.nextMessage()
            #expect(missed.seq == first.seq + 1 && missed.message.map { ProofItems.removed(from: $0.url) }?.hasSuffix("?Base=base01&Scoops=scoops01") == true)

            // The same message sent twice is applied once, and answered the same both times.
            let resend = ClientFrame.send(.init(id: "again", conversation: conversation, game: "icecream",
                                                session: missed.message?.session?.uuidString, basedOn: missed.seq,
                                                url: (missed.message?.url ?? "") + "&Topping=topping01"))
            let once = try await ben.request(resend)
            let twice = try await ben.request(resend)
            #expect(once == twice)
            guard case let .accepted(accepted) = once else { throw ConnectionError.unexpected("\(once)") }
            #expect(accepted.seq == missed.seq + 1)
        }
    }
}

@Suite struct RelayTimeoutTests {

    @Test func aPlayerWhoDoesNotMoveInTimeForfeitsAndEveryoneIsTold() async throws {
        // The server's clock moves when the test says: Ben's shot is in time however loaded
        // the machine, and the turn after it runs out at once.
        let clock = ManualClock()
        try await LiveServer.with(turnTimeouts: ["battleship": .seconds(300)], configure: { $0.clock = .init(clock) }) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            try await Games.shootOnceAndGoQuiet(amber, ben)
            clock.advance(by: .seconds(300))
            // Ben guessed once and then went quiet: he forfeits, and both hear of it.
            for player in [amber, ben] {
                let frame = try await player.next { if case let .event(event) = $0 { event.kind == .timeout } else { false } }
                let event = try #require(frame.event)
                let late = try #require(event.participant?.id)
                #expect(event.status?.outcome.finished == true && event.status?.outcome.losers == [late])
            }
        }
    }
}
