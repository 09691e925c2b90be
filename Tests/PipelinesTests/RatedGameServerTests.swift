import Client
import Engine
import Foundation
import Pipelines
import Ratings
import Storage
import StorageSQLite
import Synchronization
import Transcript
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
    @Test func aRatingChangedElsewhereWhileAGameIsRatedIsRatedOnAgain() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = InterveningRating(try SQLiteEventLog(folder: URL(fileURLWithPath: folder)))
        try await LiveServer.with(dataDirectory: folder, eventLog: log) { server in
            try await Games.ratedGame(on: server) { amber, _, event in
                // Between reading where Amber's rating stream ends (the first player's, read
                // first) and her standing, another game of hers was rated (to 2000 after 5
                // games): the append that expected the old end was refused, and the game rated
                // again from what that one stored.
                #expect(log.intervened)
                let amberSelf = try #require(event.ratings?.first { $0.result == .loss })
                #expect(amberSelf.before.rating == 2000 && amberSelf.after.rating < 2000)
                let account = AccountID(rawValue: amber.connection.account)
                let key = IndexKind.ratingKey(game: "battleship", variant: "classic", account: account)
                let standing = try #require(try await log.indexValue(IndexKind.rating, key: key).flatMap(Standing.init(json:)))
                #expect(standing.games == 6 && standing.losses == 3 && standing.wins == 3)
                let history = try await log.records(in: StoredStream.rating(account).name, after: 0, limit: 10)
                #expect(history.count == 2, "the game rated elsewhere, then this one: never twice")
            }
        }
    }

    @Test func aGameThatEndedBeforeAStopIsRatedWhenTheServerStartsAgain() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failing = RatingRefused(try SQLiteEventLog(folder: URL(fileURLWithPath: folder)))
        let ended = Mutex<(ConversationID, String)?>(nil)
        try await LiveServer.with(dataDirectory: folder, eventLog: failing) { server in
            try await TCPForwarder.with(forwardingTo: server.port, from: "127.0.0.2") { forwarder in
                let amber = try await Player.connect(to: server, name: "Amber")
                let ben = try await Player.connect(
                    to: RunningServer(host: "127.0.0.1", port: forwarder.port, fingerprint: server.fingerprint), name: "Ben")
                #expect(try await amber.request(Games.ratedSeek("a1")) == .done(.init(id: "a1")))
                #expect(try await ben.request(Games.ratedSeek("b1")) == .done(.init(id: "b1")))
                let conversation = try await Games.pairing(of: amber, seek: "a1").conversation
                let placed = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"
                let started = try await amber.request(.send(.init(
                    id: "m1", conversation: conversation, game: "battleship", variant: "classic", url: placed)))
                guard case let .accepted(accepted) = started else { Issue.record("not accepted: \(started)"); throw CancellationError() }
                #expect(try await amber.request(.resign(.init(id: "r1", conversation: conversation, session: accepted.session))).rejection == nil)
                // The store refuses the rating (a server that stops before it): the game waits.
                let waiting = try await eventually(within: .seconds(10), every: .milliseconds(20), { "never tried to rate" }) {
                    failing.refused ? true : nil
                }
                #expect(waiting)
                #expect(try await failing.indexValue(IndexKind.unrated, key: conversation.rawValue) != nil)
                ended.withLock { $0 = (conversation, ben.connection.account) }
                #expect(try await failing.indexValue(IndexKind.rating, key: IndexKind.ratingKey(
                    game: "battleship", variant: "classic", account: AccountID(rawValue: ben.connection.account))) == nil)
            }
        }
        let (_, ben) = try #require(ended.withLock { $0 })
        try await LiveServer.with(dataDirectory: folder) { server in
            // Started again, the server rates what waits, before anyone asks.
            let ladder = try await eventually(within: .seconds(10), every: .milliseconds(20), { "not rated after the start" }) {
                let answer = try await HTTPS.request("\(server.url)/leaderboard/battleship.json?variant=classic&you=\(ben)")
                let ladder = try JSONDecoder().decode(Ladder.self, from: Data(answer.body.utf8))
                return ladder.provisionalCount == 2 ? ladder : nil
            }
            #expect(ladder.you?.place == 1 && ladder.you?.wins == 1 && ladder.you?.rating == 1662)
        }
    }

    @Test func aRatedGameChangesBothRatingsAndPlacesThemOnTheLadder() async throws {
        try await LiveServer.with(configure: { $0.pipelines = 2; $0.adminToken = LiveServer.adminToken }) { server in
            try await Games.ratedGame(on: server) { amber, ben, event in
                // Every member sees both changes, in their own identifiers.
                let ratings = try #require(event.ratings)
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
                #expect(!answer.body.contains("\"account\""), "the public ladder names no account")
                // Each place links its player's profile.
                #expect(ladder.provisional.map(\.profile) == ["/profile/\(ben.connection.account)", "/profile/\(amber.connection.account)"])
                // The operator's names each player's account.
                let operators = try await HTTPS.request(
                    "\(server.url)/admin/api/ladder/battleship?variant=classic", headers: [("Authorization", "Bearer \(LiveServer.adminToken)")])
                let withAccounts = try JSONDecoder().decode(Ladder.self, from: Data(operators.body.utf8))
                #expect(withAccounts.provisional.map(\.account) == [ben.connection.account, amber.connection.account])
                let page = try await HTTPS.request("\(server.url)/leaderboard/battleship?variant=classic")
                #expect(page.status == 200 && page.body.contains("<td><a href=\"/profile/\(ben.connection.account)\">Ben</a></td><td>1662?</td>"))
                #expect(page.body.contains("<a id=\"client\" href=\"/\">"), "the ladder links back into the client")
                let unknown = try await HTTPS.request("\(server.url)/leaderboard/chess.json")
                #expect(unknown.status == 404)

                // Amber's profile: her standing, and the game that made it, against Ben.
                let profileAnswer = try await HTTPS.request("\(server.url)/profile/\(amber.connection.account).json")
                let profile = try JSONDecoder().decode(Profile.self, from: Data(profileAnswer.body.utf8))
                #expect(profile.name == "Amber" && profile.standings.map(\.rating) == [1338] && profile.standings.first?.losses == 1)
                #expect(profile.history.map(\.opponent) == ["Ben"] && profile.history.first?.result == .loss)
                #expect(profile.history.first?.before.rating == 1500)
                let profilePage = try await HTTPS.request("\(server.url)/profile/\(amber.connection.account)")
                #expect(profilePage.status == 200 && profilePage.body.contains("<polyline"))
                #expect(profilePage.body.contains("<a id=\"client\" href=\"/\">"), "the profile links back into the client")
                // Without an account, the page says where a player finds their own, and links the ladders.
                let finding = try await HTTPS.request("\(server.url)/profile")
                #expect(finding.status == 200 && finding.body.contains("Your ratings and games") && finding.body.contains("href=\"/leaderboard/fourinarow\""))
                #expect(try await HTTPS.request("\(server.url)/profile/nobody.json").status == 404)
            }
        }
    }
}

/// A store in which, the first time a rating stream's end is read, another server rates a game
/// of that player just after: the reader's append, which expects the end it read, is refused.
final class InterveningRating: ForwardingLog, Sendable {
    let inner: any EventLog
    private let done = Mutex(false)

    init(_ inner: any EventLog) { self.inner = inner }

    var intervened: Bool { done.withLock { $0 } }

    func head(of stream: String) async throws(LogError) -> Int64 {
        let head = try await inner.head(of: stream)
        guard case .rating = StoredStream(stream), !done.withLock({ let was = $0; $0 = true; return was }) else { return head }
        let account = AccountID(rawValue: String(stream.dropFirst("rating/".count)))
        let elsewhere = Standing(rating: Rating(rating: 2000, deviation: 80, volatility: 0.06), games: 5, wins: 3, losses: 2)
        let change = RatingChange(
            account: account, opponent: "someone", game: "battleship", variant: "classic", conversation: ConversationID(rawValue: "ELSEWHERE"),
            session: SessionID(uuidString: "00000000-0000-4000-8000-000000000001")!, score: 1, before: .new, after: elsewhere, at: Date())
        do {
            _ = try await inner.append(
                [NewLogRecord(stream: stream, payload: try Record.ratingChanged(change).storedJSON())],
                indexing: IndexKind.changes(of: change), expecting: [:])
        } catch {
            Issue.record("could not rate elsewhere: \(error)")
        }
        return head
    }
}

/// A store that refuses every append of a rating change, as a server that stopped before it.
final class RatingRefused: ForwardingLog, Sendable {
    let inner: any EventLog
    private let refusals = Mutex(0)

    init(_ inner: any EventLog) { self.inner = inner }

    var refused: Bool { refusals.withLock { $0 > 0 } }

    func append(_ records: [NewLogRecord], indexing changes: [IndexChange], expecting heads: [String: Int64]) async throws(LogError)
        -> [LogRecord]
    {
        if records.contains(where: { if case .rating = StoredStream($0.stream) { true } else { false } }) {
            refusals.withLock { $0 += 1 }
            throw LogError.closed
        }
        return try await inner.append(records, indexing: changes, expecting: heads)
    }
}
