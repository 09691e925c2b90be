import Client
import Foundation
import Pipelines
import Server
import ServerTestSupport
import Testing
import TestSupport
import Transport
import Wire

/// A rated game over real sockets, on a real SQLite store: two players from two addresses (one
/// through a forwarder that connects from 127.0.0.2) are paired for a rated Battleship, one
/// gives up, both see their ratings change, and the ladder, as JSON and as a page, places them.
@Suite(.timeLimit(.minutes(1)))
struct RatedGameServerTests {
    static func rated(_ id: String) -> ClientFrame {
        .seek(.init(id: id, game: "battleship", variant: "classic", secondsPerMove: 300, rated: true))
    }

    @Test func aRatedGameChangesBothRatingsAndPlacesThemOnTheLadder() async throws {
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            try await TCPForwarder.with(forwardingTo: server.port, from: "127.0.0.2") { forwarder in
                let amber = try await Player.connect(to: server, name: "Amber")
                let elsewhere = RunningServer(host: "127.0.0.1", port: forwarder.port, fingerprint: server.fingerprint)
                let ben = try await Player.connect(to: elsewhere, name: "Ben")
                #expect(try await amber.request(Self.rated("a1")) == .done(.init(id: "a1")))
                #expect(try await ben.request(Self.rated("b1")) == .done(.init(id: "b1")))
                let forAmber = try await SeekingServerTests.pairing(of: amber, seek: "a1")
                let paired = try await amber.next { $0.event?.kind == .paired }
                #expect(try #require(paired.event?.pairing).rated, "two addresses: rated")

                let placed = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"
                let started = try await amber.request(.send(.init(
                    id: "m1", conversation: forAmber.conversation, game: "battleship", variant: "classic", url: placed)))
                guard case let .accepted(accepted) = started else { Issue.record("not accepted: \(started)"); throw CancellationError() }
                let resigned = try await amber.request(.resign(.init(id: "r1", conversation: forAmber.conversation, session: accepted.session)))
                #expect(resigned.rejection == nil, "\(resigned)")

                // Rated once stored, and every member told, in their own identifiers.
                let forBen = try await ben.next { $0.event?.kind == .rated }
                let ratings = try #require(forBen.event?.ratings)
                let benSelf = try #require(ratings.first { $0.result == .win })
                #expect(benSelf.before == RatingValue(rating: 1500, deviation: 350, provisional: true))
                #expect(benSelf.after.rating == 1662 && benSelf.after.deviation == 290 && benSelf.after.provisional)
                #expect(try #require(ratings.first { $0.result == .loss }).after.rating == 1338)
                let seenByAmber = try await amber.next { $0.event?.kind == .rated }
                #expect(seenByAmber.event?.ratings?.map(\.after.rating).sorted() == [1338, 1662])

                // The ladder: both provisional, Ben first; Amber's own place when she names herself.
                let answer = try await HTTPS.request("\(server.url)/leaderboard/battleship.json?variant=classic&you=\(amber.connection.account)")
                #expect(answer.status == 200 && answer.contentType?.hasPrefix("application/json") == true)
                let ladder = try JSONDecoder().decode(Ladder.self, from: Data(answer.body.utf8))
                #expect(ladder.players.isEmpty && ladder.provisionalCount == 2)
                #expect(ladder.provisional.map(\.name) == ["Ben", "Amber"] && ladder.provisional.map(\.rating) == [1662, 1338])
                #expect(ladder.provisional.map(\.games) == [1, 1] && ladder.provisional[0].wins == 1 && ladder.provisional[1].losses == 1)
                #expect(ladder.you?.place == 2 && ladder.you?.name == "Amber")
                let page = try await HTTPS.request("\(server.url)/leaderboard/battleship?variant=classic")
                #expect(page.status == 200 && page.body.contains("<td>Ben</td><td>1662?</td>"))

                let unknown = try await HTTPS.request("\(server.url)/leaderboard/chess.json")
                #expect(unknown.status == 404)
            }
        }
    }
}
