import Pipelines
import ServerTestSupport
import Transcript
import Client
import Engine
import Foundation
import Logging
import Server
import Storage
import StoragePostgres
import TestSupport
import Testing
import Timekeeping
import Transport
import Wire

/// Two servers (nodes) on one PostgreSQL, in this process, each with a data folder and a port of
/// its own: players connected to different nodes play together, the store decides every race
/// between the nodes, and a turn's deadline, timed on both, fires once.
@Suite(.timeLimit(.minutes(2)))
struct TwoNodeTests {

    @Test func aSeedGameIsPlayedBetweenPlayersOnDifferentNodes() async throws {
        try await TwoNodes.with { first, second, _ in
            let amber = try await Player.connect(to: first, name: "Amber")
            let ben = try await Player.connect(to: second, name: "Ben")
            try await Games.playSeedGame(amber, ben, port: second.port)
            // Nodes sharing a store sign with one key, as they share the identifier secret.
            #expect(try await PublishedKey.read(by: first) == PublishedKey.read(by: second))
            // Each node says which it is, and took in what the other stored.
            for (node, name) in [(first, "first"), (second, "second")] {
                let metrics = try await HTTPS.request("https://127.0.0.1:\(node.port)/metrics").body
                #expect(metrics.contains("parley_node_info{node=\"\(name)\"} 1"), "\(metrics)")
                let tookIn = metrics.split(separator: "\n").first { $0.hasPrefix("parley_events_stored_elsewhere_total ") }
                #expect(tookIn.flatMap { Double($0.split(separator: " ")[1]) }.map { $0 > 0 } == true, "\(tookIn ?? "none")")
                // Small records come with their notice, and the store is not read for them.
                let carried = metrics.split(separator: "\n").first { $0.hasPrefix("parley_events_carried_by_notices_total ") }
                #expect(carried.flatMap { Double($0.split(separator: " ")[1]) }.map { $0 > 0 } == true, "\(carried ?? "none")")
                // Each counts what it decided; the admin's figures add up every node's.
                let answer = try await HTTPS.request(
                    "https://127.0.0.1:\(node.port)/admin/api/stats", headers: [("Authorization", "Bearer \(LiveServer.adminToken)")])
                let stats = try JSONDecoder().decode(AdminStats.self, from: Data(answer.body.utf8))
                #expect((stats.conversations, stats.moves, stats.gamesInProgress, stats.gamesFinished) == (1, 4, 0, 1), "\(stats)")
            }
        }
    }

    @Test func aClassicGameIsPlayedBetweenPlayersOnDifferentNodes() async throws {
        try await TwoNodes.with { first, second, _ in
            try await Games.playWholeClassicGame(try await Player.connect(to: first), try await Player.connect(to: second))
        }
    }

    /// Ben and Chris, on different nodes, reply to the same message at the same moment, again
    /// and again: each time the store keeps exactly one, and the other is `stale` with it.
    @Test func ofTwoRepliesSentToTwoNodesAtOnceExactlyOneIsAccepted() async throws {
        try await TwoNodes.with { first, second, store in
            for _ in 0..<5 {
                let amber = try await Player.connect(to: first)
                let ben = try await Player.connect(to: first)
                let chris = try await Player.connect(to: second)
                let conversation = try await Games.raceForTheScoops(amber, ben, chris)
                // Three joins, then the base, the winner's scoops, the loser's topping: once each.
                let stored = try await TwoNodes.storedEvents(of: conversation, at: store)
                #expect(stored.compactMap(\.seq) == Array(1...6))
            }
        }
    }

    /// Both nodes hold the game (a player on each) and time Ben's turn: the timeout is stored
    /// once, and each player hears of it once.
    @Test func aTurnTimedOnBothNodesTimesOutOnce() async throws {
        // One clock for both nodes, moved past the deadline once the turn runs on both.
        let clock = ManualClock()
        try await TwoNodes.with(clock: clock) { first, second, store in
            let amber = try await Player.connect(to: first)
            let ben = try await Player.connect(to: second)
            let conversation = try await Games.shootOnceAndGoQuiet(amber, ben)
            clock.advance(by: .seconds(300))
            for player in [amber, ben] {
                let frame = try await player.next { if case let .event(event) = $0 { event.kind == .timeout } else { false } }
                #expect(frame.event?.status?.outcome.finished == true)
            }
            // Both nodes' timers woke as the clock moved, before either timeout was heard: each
            // node decides its deadline before the resume that follows it on its pipeline.
            // Two joins, the fleet, the shot, the timeout: on either node, and no second timeout.
            for (node, key) in [(first, amber.key), (second, ben.key)] {
                let again = try await Player.connect(to: node, key: key)
                let synced = try await again.request(.resume(.init(id: "r", conversation: conversation, after: 0)))
                #expect(synced == .synced(.init(id: "r", conversation: conversation, lastSeq: 5)))
                var kinds: [Event.Kind] = []
                while kinds.count < 5 {
                    let frame = try await again.next { if case .event = $0 { true } else { false } }
                    kinds.append(try #require(frame.event).kind)
                }
                #expect(kinds.filter { $0 == .timeout }.count == 1, "\(kinds)")
            }
            let stored = try await TwoNodes.storedEvents(of: conversation, at: store)
            #expect(stored.filter { if case .timedOut = $0 { true } else { false } }.count == 1)
            #expect(stored.compactMap(\.seq) == Array(1...5))
        }
    }

    /// A game played by two players on the first node, which the second has never served:
    /// its admin lists it within a few seconds (every node times every running clock), and
    /// shows it, fleet and all, by its session.
    @Test func eachNodesAdminSeesTheGamesOfTheOther() async throws {
        try await TwoNodes.with { first, second, _ in
            let amber = try await Player.connect(to: first)
            let ben = try await Player.connect(to: first)
            let conversation = try await Games.gather(amber, [ben])
            let placed = try await amber.request(.send(.init(
                id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6")))
            guard case let .accepted(accepted) = placed else { throw ConnectionError.unexpected("\(placed)") }
            let bearer = [("Authorization", "Bearer \(LiveServer.adminToken)")]
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            // The admin reads the store: the game the first node holds is on the second's list
            // as soon as it is stored, with no need for the second to have heard of it.
            let answer = try await HTTPS.request("https://127.0.0.1:\(second.port)/admin/api/games", headers: bearer)
            let listed = try decoder.decode([SessionSummary].self, from: Data(answer.body.utf8))
            #expect(listed.map(\.session) == [accepted.session] && listed.map(\.conversation) == [conversation], "\(listed)")
            let detail = try await HTTPS.request("https://127.0.0.1:\(second.port)/admin/api/games/\(accepted.session)", headers: bearer)
            #expect(detail.status == 200)
            #expect(detail.body.contains("Ship_Location=2"), "the admin sees the true state")
        }
    }

    /// Servers sharing a store beat one heartbeat in it: a node started again while another runs
    /// records no downtime (the other's clocks ran); one started after all were down does.
    @Test func onlyAStartAfterEveryNodeWasDownRecordsADowntime() async throws {
        try await PostgresServer.with { url in
            let data = LiveServer.temporaryDirectory()
            // Every node reads this clock: time passes between the starts when the test says.
            let clock = ManualClock()
            let shared: @Sendable (inout ServerConfiguration) -> Void = { $0.storeURL = url; $0.clock = .init(clock) }
            try await LiveServer.with(configure: shared) { _ in
                try await LiveServer.with(dataDirectory: data, configure: shared) { _ in }
                clock.advance(by: .seconds(1.5))
                try await LiveServer.with(dataDirectory: data, configure: shared) { _ in }
            }
            #expect(try await Self.downtimes(at: url).isEmpty)
            // Longer than a node's beat may be late and the node still count as up (11 s).
            clock.advance(by: .seconds(11.5))
            try await LiveServer.with(dataDirectory: data, configure: shared) { _ in }
            let downtimes = try await Self.downtimes(at: url)
            #expect(downtimes.count == 1)
            let (from, to) = try (#require(downtimes.first.flatMap { Int64($0.key) }), #require(downtimes.first.flatMap { Int64($0.value) }))
            #expect(to - from >= 11_000, "\(downtimes)")
        }
    }

    static func downtimes(at url: String) async throws -> [IndexEntry] {
        var logger = Logger(label: "store")
        logger.logLevel = .error
        let log = try await PostgresEventLog(url: url, logger: logger)
        let entries = try await log.indexEntries(IndexKind.downtime, prefix: "")
        await log.close()
        return entries
    }
}

/// Finding a game across nodes: the queue is the store's, so players who seek on two nodes are
/// paired with each other, and a player seeking on both is paired once.
@Suite(.timeLimit(.minutes(2)))
struct TwoNodeSeekingTests {
    static func classic(_ id: String) -> ClientFrame {
        .seek(.init(id: id, game: "battleship", variant: "classic", secondsPerMove: 300, rated: false))
    }

    @Test func playersSeekingOnTwoNodesArePairedAndPlay() async throws {
        try await TwoNodes.with { first, second, _ in
            let amber = try await Player.connect(to: first, name: "Amber")
            let ben = try await Player.connect(to: second, name: "Ben")
            #expect(try await amber.request(Self.classic("a1")) == .done(.init(id: "a1")))
            #expect(try await ben.request(Self.classic("b1")) == .done(.init(id: "b1")))
            // Whichever node pairs them (the store keeps one pairing), each is answered on
            // their own node with the one conversation, then its entries.
            let forAmber = try await Games.pairing(of: amber, seek: "a1")
            let forBen = try await Games.pairing(of: ben, seek: "b1")
            #expect(forAmber.conversation == forBen.conversation)
            // Each names both players, whichever node paired them; and so do their lists after.
            for summary in [forAmber, forBen] { #expect(Set(summary.members.compactMap(\.name)) == ["Amber", "Ben"], "\(summary.members)") }
            for player in [amber, ben] {
                let listed = try await player.request(.list(.init(id: "l")))
                let members = try #require(listed.conversationList?.first { $0.conversation == forBen.conversation }?.members)
                #expect(Set(members.compactMap(\.name)) == ["Amber", "Ben"], "\(members)")
            }
            let paired = forBen
            let pairing = try #require(try await amber.next { $0.event?.kind == .paired }.event?.pairing)
            #expect(pairing.players.count == 2)
            let placed = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"
            let first = pairing.players[0] == forAmber.you ? amber : ben
            let other = first === amber ? ben : amber
            #expect(try await first.request(.send(.init(
                id: "m1", conversation: paired.conversation, game: "battleship", variant: "classic", url: placed))).isAccepted)
            #expect(try await other.nextMessage().conversation == paired.conversation)
        }
    }

    /// Forty pairs, one player of each on either node, each seeking as soon as welcomed (the
    /// name given at `authenticate`): every pairing names both players on both nodes, and so
    /// do their lists after; a node knows the other node's player's name from the store.
    @Test func fortyPairsAcrossNodesNameBothPlayers() async throws {
        try await TwoNodes.with { first, second, _ in
            var nameless: [String] = []
            for pair in 0..<40 {
                async let connectingHere = Player.connect(to: first, name: "Here \(pair)")
                async let connectingThere = Player.connect(to: second, name: "There \(pair)")
                let (here, there) = try await (connectingHere, connectingThere)
                async let seekingHere = here.request(Self.classic("h\(pair)"))
                async let seekingThere = there.request(Self.classic("t\(pair)"))
                _ = try await (seekingHere, seekingThere)
                let forHere = try await Games.pairing(of: here, seek: "h\(pair)")
                let forThere = try await Games.pairing(of: there, seek: "t\(pair)")
                #expect(forHere.conversation == forThere.conversation)
                let names: Set = ["Here \(pair)", "There \(pair)"]
                for (who, summary) in [("here", forHere), ("there", forThere)] where Set(summary.members.compactMap(\.name)) != names {
                    nameless.append("pair \(pair), paired \(who): \(summary.members)")
                }
                for (who, player) in [("here", here), ("there", there)] {
                    let listed = try await player.request(.list(.init(id: "l\(pair)")))
                    let members = try #require(listed.conversationList?.first { $0.conversation == forHere.conversation }?.members)
                    if Set(members.compactMap(\.name)) != names { nameless.append("pair \(pair), listed \(who): \(members)") }
                }
            }
            #expect(nameless.isEmpty, "\(nameless.count) nameless: \(nameless)")
        }
    }

    @Test func aPlayerSeekingOnBothNodesIsPairedOnce() async throws {
        try await TwoNodes.with { first, second, _ in
            let key = InstallKey()
            let chrisHere = try await Player.connect(to: first, key: key, name: "Chris")
            let chrisThere = try await Player.connect(to: second, key: key, name: "Chris")
            #expect(try await chrisHere.request(Self.classic("c1")) == .done(.init(id: "c1")))
            // The other node has his seek already (already-seeking), or takes it as the same one.
            let again = try await chrisThere.request(Self.classic("c2"))
            #expect(again == .done(.init(id: "c2")) || again.rejection?.code == "already-seeking", "\(again)")
            let dora = try await Player.connect(to: second, name: "Dora")
            #expect(try await dora.request(Self.classic("d1")) == .done(.init(id: "d1")))
            let forDora = try await Games.pairing(of: dora, seek: "d1")
            // Chris hears of that one conversation on each of his connections.
            for chris in [chrisHere, chrisThere] {
                let frame = try await chris.next { if case .conversation = $0 { true } else { false } }
                #expect(frame.conversationSummary?.conversation == forDora.conversation)
            }
            // No seek of his waits anywhere: he may seek again, and is paired with Eve alone.
            let eve = try await Player.connect(to: first, name: "Eve")
            #expect(try await eve.request(Self.classic("e1")) == .done(.init(id: "e1")))
            #expect(try await chrisThere.request(Self.classic("c3")) == .done(.init(id: "c3")))
            let forEve = try await Games.pairing(of: eve, seek: "e1")
            #expect(forEve.conversation != forDora.conversation)
            #expect(Set(forEve.members.compactMap(\.name)) == ["Chris", "Eve"])
            let list = try await chrisHere.request(.list(.init(id: "l1")))
            #expect(list.conversationList?.count == 2, "paired twice, once for each time he sought")
        }
    }
}
