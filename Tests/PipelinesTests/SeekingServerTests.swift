import Client
import Foundation
import Pipelines
import Server
import ServerTestSupport
import Testing
import TestSupport
import Timekeeping
import Transport
import Wire

/// Finding a game over real sockets: two players who seek the same game are paired into a new
/// conversation and play it; a seek leaves the queue with its player's last connection. Every
/// player here connects from one address, so the games are casual: a rated game never pairs two
/// accounts of one address (`MatchmakerTests`).
@Suite(.timeLimit(.minutes(1)))
struct SeekingServerTests {
    static func classic(_ id: String) -> ClientFrame {
        .seek(.init(id: id, game: "battleship", variant: "classic", secondsPerMove: 300, rated: false))
    }

    @Test func twoPlayersWhoSeekAClassicGameArePairedAndPlayIt() async throws {
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            #expect(try await amber.request(Self.classic("a1")) == .done(.init(id: "a1")))
            #expect(try await ben.request(Self.classic("b1")) == .done(.init(id: "b1")))
            // The conversation frame that answers each seek comes first; then the paired entry,
            // which names the game, its time and who moves first: Amber, who sought first.
            let forAmber = try await Games.pairing(of: amber, seek: "a1")
            let forBen = try await Games.pairing(of: ben, seek: "b1")
            let paired = try await ben.next { $0.event?.kind == .paired }
            #expect(forAmber.conversation == forBen.conversation && paired.event?.conversation == forBen.conversation)
            #expect(Set(forAmber.members.compactMap(\.name)) == ["Amber", "Ben"])
            let pairing = try #require(paired.event?.pairing)
            #expect(pairing.game == "battleship" && pairing.variant == "classic" && pairing.secondsPerMove == 300 && !pairing.rated)
            let amberSeenByBen = try #require(forBen.members.first { $0.name == "Amber" }?.id)
            #expect(pairing.players.first == amberSeenByBen)

            let placed = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"
            let early = try await ben.request(.send(.init(
                id: "m0", conversation: forBen.conversation, game: "battleship", variant: "classic", url: placed)))
            #expect(early.rejection?.code == "paired-game", "Amber starts")
            #expect(try await amber.request(.send(.init(
                id: "m1", conversation: forAmber.conversation, game: "battleship", variant: "classic", url: placed))).isAccepted)
            let first = try await ben.nextMessage()
            #expect(first.status?.deadline != nil, "timed as sought")
        }
    }

    /// Amber, who moves first, never starts the game: five minutes on (the server's clock,
    /// moved by the test), the pairing is called off and both are told.
    @Test func aPairedGameNotStartedInTimeIsCalledOff() async throws {
        let clock = ManualClock()
        try await LiveServer.with(configure: { $0.clock = .init(clock) }) { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            #expect(try await amber.request(Self.classic("a1")) == .done(.init(id: "a1")))
            #expect(try await ben.request(Self.classic("b1")) == .done(.init(id: "b1")))
            let conversation = try await Games.pairing(of: ben, seek: "b1").conversation
            _ = try await ben.next { $0.event?.kind == .paired }
            clock.advance(by: .seconds(300))
            for player in [amber, ben] {
                let aborted = try await player.next { $0.event?.kind == .aborted }
                #expect(aborted.event?.conversation == conversation)
            }
            // The conversation is any other now: Ben may start a game in it.
            let seed = try await ben.request(.send(.init(
                id: "s1", conversation: conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=4")))
            #expect(seed.isAccepted, "\(seed)")
            // Every game of a paired conversation has the pairing's time a move, an ice cream's
            // too (600 s of its own on this server).
            let started = clock.now
            #expect(try await ben.request(.send(.init(id: "i1", conversation: conversation, game: "icecream", url: "?Base=base01"))).isAccepted)
            let iceCream = try await amber.next { $0.event?.status?.game == "icecream" }
            let deadline = try #require(iceCream.event?.status?.deadline)
            #expect(deadline == Int64(((started.date.timeIntervalSince1970 + 300) * 1000).rounded()), "the pairing's 300 s")
        }
    }

    @Test func aSeekLeavesTheQueueWithItsPlayersLastConnection() async throws {
        try await LiveServer.with(limits: ServerLimits(connectionsPerAccount: 1)) { server in
            let chrisKey = InstallKey()
            let chris = try await Player.connect(to: server, key: chrisKey, name: "Chris")
            #expect(try await chris.request(Self.classic("c1")) == .done(.init(id: "c1")))
            // Once the server has seen Chris go (one connection an account), his seek is gone.
            chris.connection.close()
            _ = try await eventually(within: .seconds(30), every: .milliseconds(100), { "Chris could not connect again" }) {
                try? await Player.connect(to: server, key: chrisKey, name: "Chris")
            }
            let dora = try await Player.connect(to: server, name: "Dora")
            let eve = try await Player.connect(to: server, name: "Eve")
            #expect(try await dora.request(Self.classic("d1")) == .done(.init(id: "d1")))
            #expect(try await eve.request(Self.classic("e1")) == .done(.init(id: "e1")))
            let forDora = try await Games.pairing(of: dora, seek: "d1")
            #expect(Set(forDora.members.compactMap(\.name)) == ["Dora", "Eve"], "not Chris, who left")
            // Seeking twice is refused, and says the first seek stands.
            #expect(try await dora.request(Self.classic("d2")).rejection == nil, "paired, Dora may seek again")
            #expect(try await dora.request(Self.classic("d3")).rejection?.code == "already-seeking")
        }
    }

    @Test func theServersTimeControlsAreTheOnesSought() async throws {
        try await LiveServer.with(configure: { $0.timeControls = [30, 120] }) { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let refused = try await amber.request(.seek(.init(id: "s1", game: "battleship", secondsPerMove: 300, rated: false)))
            #expect(refused.rejection?.code == "time-control")
            #expect(refused.rejection?.reason == "This server's games have 30, 120 seconds a move; seek one of those.")
            #expect(try await amber.request(.seek(.init(id: "s2", game: "battleship", secondsPerMove: 30, rated: false))) == .done(.init(id: "s2")))
        }
    }
}
