import Client
import Foundation
import Pipelines
import ServerTestSupport
import TestSupport
import Server
import Testing
import Transport
import Wire

/// The server with its store in PostgreSQL (`store.url`), on a real PostgreSQL server of the
/// test's own: a game played over TLS is stored there, and a server started again on the same
/// database goes on from it.
// Two minutes: of several time limits the shortest applies, and the outage test needs its two
// (a loaded CI took 82 s) — a suite's one minute cut it short.
@Suite(.timeLimit(.minutes(2)))
struct PostgresStoreTests {
    @Test func aGameIsStoredInPostgreSQLAndOutlivesTheServer() async throws {
        try await PostgresServer.with { url in
            let data = LiveServer.temporaryDirectory()
            let key = InstallKey()
            let (conversation, lastSeq) = try await LiveServer.with(dataDirectory: data, configure: { $0.storeURL = url }) { server in
                let amber = try await Player.connect(to: server, key: key, name: "Amber")
                let ben = try await Player.connect(to: server, name: "Ben")
                let conversation = try await Games.gather(amber, [ben])
                let placed = try await amber.request(.send(.init(
                    id: "m1", conversation: conversation, game: "battleship",
                    url: "www.shinobicontrols.com/battleship?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
                guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }
                var current = try await ben.nextMessage()
                for cell in ["0", "2", "6"] {
                    let answer = try await Games.send(ben, replyingTo: current, adding: "Shot=\(cell)")
                    guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
                    current = try await ben.nextMessage()
                }
                #expect(current.status?.outcome.finished == true)
                return (conversation, current.seq)
            }
            // Nothing of the game is in the data folder: the SQLite file was never made.
            #expect(!FileManager.default.fileExists(atPath: data + "/events.sqlite"))
            try await LiveServer.with(dataDirectory: data, configure: { $0.storeURL = url }) { server in
                let amber = try await Player.connect(to: server, key: key, name: "Amber")
                guard case let .conversations(list) = try await amber.request(.list(.init(id: "l"))) else {
                    throw ConnectionError.unexpected("no list")
                }
                #expect(list.conversations.map(\.conversation) == [conversation])
                #expect(list.conversations.first?.lastSeq == lastSeq)
            }
        }
    }

    /// Two servers on one database, each with a data folder of its own, give a player the same
    /// participant identifier: the secret it comes from is in the store.
    @Test func serversSharingAStoreGiveAPlayerTheSameIdentifiers() async throws {
        try await PostgresServer.with { url in
            let key = InstallKey()
            var seen: [String] = []
            for _ in 0..<2 {
                let you = try await LiveServer.with(configure: { $0.storeURL = url }) { server in
                    let amber = try await Player.connect(to: server, key: key)
                    guard case let .conversations(list) = try await amber.request(.list(.init(id: "l"))) else {
                        throw ConnectionError.unexpected("no list")
                    }
                    if let first = list.conversations.first { return first.you.description }
                    guard case let .conversation(created) = try await amber.request(.create(.init(id: "c"))) else {
                        throw ConnectionError.unexpected("no conversation")
                    }
                    return created.conversation.you.description
                }
                seen.append(you)
            }
            #expect(seen.count == 2 && seen[0] == seen[1], "\(seen)")
        }
    }

    /// Two nodes on one database with one certificate: clients given both addresses play on
    /// the first; when it stops, they move to the other, resume, and finish the game there.
    @Test func clientsMoveToTheOtherNodeWhenOneStopsAndFinishTheGame() async throws {
        try await PostgresServer.with { url in
            // One certificate for both nodes, made by a first start.
            let identity = LiveServer.temporaryDirectory()
            try await LiveServer.with(dataDirectory: identity) { _ in }
            let shared: @Sendable (inout ServerConfiguration) -> Void = { configuration in
                configuration.storeURL = url
                configuration.tls = .init(certificate: identity + "/tls/certificate.pem", key: identity + "/tls/key.pem")
            }
            try await LiveServer.with(configure: shared) { second in
                let (clients, session) = try await LiveServer.with(configure: shared) { first in
                    #expect(first.fingerprint == second.fingerprint)
                    let endpoints = [first, second].map { ServerEndpoint(host: "127.0.0.1", port: $0.port, trust: .pinned($0.fingerprint)) }
                    let clients = [ParleyClient(endpoints: endpoints, key: InstallKey(), logger: quietLogger),
                                   ParleyClient(endpoints: endpoints, key: InstallKey(), logger: quietLogger)]
                    for client in clients { await client.start() }
                    guard case let .conversation(created) = try await clients[0].request(.create(.init(id: "c"))) else {
                        throw ConnectionError.unexpected("no conversation")
                    }
                    guard case .conversation = try await clients[1].request(.join(.init(id: "j", invite: created.conversation.invite))) else {
                        throw ConnectionError.unexpected("no join")
                    }
                    let placed = try await clients[0].request(.send(.init(
                        id: "m1", conversation: created.conversation.conversation, game: "battleship",
                        url: "www.shinobicontrols.com/battleship?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
                    guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }
                    return (clients, created.conversation.conversation)
                }
                // The first node is gone: Ben's client moves to the second and plays on there.
                var seen = clients[1].updates.makeAsyncIterator()
                var current: Event?
                for cell in ["0", "2", "6"] {
                    while true {
                        guard let update = await seen.next() else { throw ConnectionError.closed }
                        if case let .event(event) = update, event.kind == .message { current = event; break }
                    }
                    let event = try #require(current)
                    let message = try #require(event.message)
                    let answer = try await clients[1].request(.send(.init(
                        id: "s\(cell)", conversation: session, game: "battleship", session: message.session?.uuidString,
                        basedOn: event.seq, url: message.url + "&Shot=\(cell)")))
                    guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
                }
                while true {
                    guard let update = await seen.next() else { throw ConnectionError.closed }
                    if case let .event(event) = update, event.kind == .message { current = event; break }
                }
                #expect(current?.status?.outcome.finished == true)
                for client in clients { await client.stop() }
            }
        }
    }

    /// PostgreSQL stops while the server runs: a move is refused as `unavailable` within a few
    /// of the store's answer timeouts instead of waiting for ever, and once PostgreSQL is back the game
    /// goes on where the store left it.
    @Test(.timeLimit(.minutes(2)))
    func aStoreThatGoesAwayMeanwhileRefusesMovesAndTheGameGoesOnWhenItIsBack() async throws {
        try await PostgresServer.with { url, control in
            try await LiveServer.with(configure: { $0.storeURL = url }) { server in
                let amber = try await Player.connect(to: server)
                let ben = try await Player.connect(to: server)
                let conversation = try await Games.gather(amber, [ben])
                let placed = try await amber.request(.send(.init(
                    id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6")))
                guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }
                let shown = try await ben.nextMessage()
                try await control.stopServer()
                let started = ContinuousClock.now
                let refused = try await answer(within: .seconds(60)) {
                    try await Games.send(ben, replyingTo: shown, adding: "Shot=0")
                }
                #expect(refused.rejection?.code == "unavailable", "\(refused)")
                // Each store operation has 10 s (`PostgresEventLog.answerTimeout`), and the
                // pipeline may be waiting on another one (a sweep for running clocks, say) when
                // the move comes: 20 s when this test ran alone, 30 on a busy machine.
                #expect(ContinuousClock.now - started < .seconds(45))
                try await control.startServer()
                // The server reads the store again by itself; the same shot goes in.
                let answer = try await eventually(within: .seconds(30), every: .milliseconds(500)) {
                    let answer = try await ServerTestSupport.answer(within: .seconds(60)) {
                        try await Games.send(ben, replyingTo: shown, adding: "Shot=0")
                    }
                    return answer.rejection?.code == "unavailable" ? nil : answer
                }
                #expect(answer.isAccepted, "\(answer)")
            }
        }
    }

    @Test func aStoreThatCannotBeReachedStopsTheServerWithItsAddress() async throws {
        let error = await #expect(throws: (any Error).self) {
            try await LiveServer.with(configure: { $0.storeURL = "postgres://parley@127.0.0.1:1/parley?sslmode=disable" }) { _ in }
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("postgres://parley@127.0.0.1:1/parley"))
        #expect("\(error.map { "\($0)" } ?? "")".contains("cannot connect"))
    }
}
