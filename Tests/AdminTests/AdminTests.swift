import Pipelines
import ServerTestSupport
import Transcript
import TestSupport
import AsyncHTTPClient
import Client
import Foundation
import Glibc
import NIOCore
import Server
import Testing
import Transport
import Wire

/// The admin API and pages of a live server: who may use them, and what they show.
@Suite struct AdminTests {

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: Data(text.utf8))
    }

    private func bearer(_ token: String = LiveServer.adminToken) -> [(String, String)] { [("Authorization", "Bearer \(token)")] }

    /// The list is the store's: after a restart, with no conversation in memory, every game is
    /// there, a page at a time (`Link: …; rel="next"`), filtered by state and kind; a game is
    /// shown, and found by the first characters of its id, without being loaded.
    @Test(.timeLimit(.minutes(2)))
    func theListIsEveryGameOfTheStoreAPageAtATime() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // No turn clocks: a restarted server loads no conversation until a request needs it.
        let sessions = try await LiveServer.with(dataDirectory: folder, turnTimeouts: [:], configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let (amber, _, conversation, accepted, _) = try await Games.seedGame(on: server)
            var sessions = [accepted.session]
            for _ in 0..<2 {
                let opened = try await amber.request(.send(.init(
                    id: UUID().uuidString, conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")))
                guard case let .accepted(iceCream) = opened else { throw ConnectionError.unexpected("\(opened)") }
                sessions.append(iceCream.session)
            }
            return sessions
        }
        try await LiveServer.with(dataDirectory: folder, turnTimeouts: [:], configure: { $0.adminToken = LiveServer.adminToken }) { server in
            #expect(try await Self.resident(on: server) == 0, "nothing is in memory after the restart")
            let base = "https://127.0.0.1:\(server.port)/admin"
            var seen: [String] = []
            var path = "/api/games?limit=2"
            var pages = 0
            while true {
                let answer = try await HTTPS.request(base + path, headers: bearer())
                #expect(answer.status == 200, "\(answer.body)")
                seen += try decode([SessionSummary].self, answer.body).map(\.session)
                pages += 1
                guard let link = answer.headers.first(name: "Link") else { break }
                let target = try #require(link.split(separator: ">").first?.dropFirst(), "\(link)")
                #expect(link.hasSuffix("rel=\"next\"") && target.hasPrefix("/admin/api/games?"), "\(link)")
                path = String(target.dropFirst("/admin".count))
            }
            #expect(seen == sessions.reversed() && pages == 2, "\(seen)")
            // The next page keeps the filters: the ice creams, one a page.
            let firstIceCream = try await HTTPS.request(base + "/api/games?game=icecream&limit=1", headers: bearer())
            let link = try #require(firstIceCream.headers.first(name: "Link"))
            #expect(link.contains("game=icecream") && link.contains("limit=1"), "\(link)")
            let next = String(try #require(link.split(separator: ">").first?.dropFirst()).dropFirst("/admin".count))
            let secondIceCream = try decode([SessionSummary].self, try await HTTPS.request(base + next, headers: bearer()).body)
            #expect(try decode([SessionSummary].self, firstIceCream.body).map(\.session) == [sessions[2]])
            #expect(secondIceCream.map(\.session) == [sessions[1]])
            let battleships = try decode(
                [SessionSummary].self, try await HTTPS.request(base + "/api/games?game=battleship", headers: bearer()).body)
            #expect(battleships.map(\.session) == [sessions[0]])
            #expect(battleships.first?.participants.compactMap(\.name).sorted() == ["Amber", "Ben"])
            let over = try await HTTPS.request(base + "/api/games?state=finished", headers: bearer())
            #expect(try decode([SessionSummary].self, over.body).isEmpty)
            let refused = try await HTTPS.request(base + "/api/games?state=won", headers: bearer())
            #expect(refused.status == 400)
            #expect(try decode(ErrorFrame.self, refused.body).code == "bad-query")
            let tooMany = try await HTTPS.request(base + "/api/games?limit=100000", headers: bearer())
            #expect(tooMany.status == 400)
            let prefixed = try await HTTPS.request(base + "/api/games?session=\(sessions[1].prefix(8).lowercased())", headers: bearer())
            #expect(try decode([SessionSummary].self, prefixed.body).map(\.session) == [sessions[1]])
            let detail = try decode(AdminGameDetail.self, try await HTTPS.request(base + "/api/games/\(sessions[0])", headers: bearer()).body)
            #expect(detail.state.contains("Ship_Location=2") && detail.log.count == 1)
            #expect(try await Self.resident(on: server) == 0, "the admin's reads load nothing into a pipeline")
            let page = try await HTTPS.request(base + "?limit=1", headers: bearer())
            #expect(page.body.contains("id=\"older\"") && page.body.contains("Being played"), "\(page.body)")
        }
    }

    /// How many conversations the server holds in memory, as `/metrics` says.
    static func resident(on server: RunningServer) async throws -> Int? {
        let metrics = try await HTTPS.request("https://127.0.0.1:\(server.port)/metrics")
        let line = metrics.body.split(separator: "\n").first { $0.hasPrefix("parley_conversations_resident ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "").map { Int($0) } }
    }

    @Test func adminIsOffWithoutAToken() async throws {
        try await LiveServer.with { server in
            let answer = try await HTTPS.request("https://127.0.0.1:\(server.port)/admin/api/games", headers: bearer())
            #expect(answer.status == 404)
            #expect(try decode(ErrorFrame.self, answer.body).code == "admin-disabled")
        }
    }

    @Test func adminNeedsItsToken() async throws {
        try await LiveServer.with(configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let url = "https://127.0.0.1:\(server.port)/admin/api/games"
            let none = try await HTTPS.request(url)
            #expect(none.status == 401)
            #expect(try decode(ErrorFrame.self, none.body).code == "admin-unauthorized")
            #expect(try decode(ErrorFrame.self, none.body).reason.contains("needs its token"))
            let wrong = try await HTTPS.request(url, headers: bearer("not-the-admin-token-at-all"))
            #expect(wrong.status == 401)
            // A token given and wrong is said to be wrong, not missing.
            let wrongReason = try decode(ErrorFrame.self, wrong.body).reason
            #expect(wrongReason.contains("not this server's") && !wrongReason.contains("needs its token"), "\(wrongReason)")
            let page = try await HTTPS.request("https://127.0.0.1:\(server.port)/admin?token=guess")
            #expect(page.status == 401)
            let inQuery = try await HTTPS.request(url + "?token=\(LiveServer.adminToken)")
            #expect(inQuery.status == 401, "the API takes its token only in a header")
            let right = try await HTTPS.request(url, headers: bearer())
            #expect(right.status == 200)
            #expect(try decode([SessionSummary].self, right.body).isEmpty)
        }
    }

    /// A browser hands the token over once and gets a session cookie: the token leaves the
    /// address at once, and no link of the pages carries it.
    @Test func aPageTakesTheTokenOnceForASessionCookie() async throws {
        try await LiveServer.with(configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let base = "https://127.0.0.1:\(server.port)/admin"
            let exchange = try await HTTPS.request(base + "?token=\(LiveServer.adminToken)", followingRedirects: false)
            #expect(exchange.status == 303)
            #expect(exchange.headers.first(name: "Location") == "/admin")
            let setCookie = try #require(exchange.headers.first(name: "Set-Cookie"))
            for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/admin", "Max-Age=3600"] {
                #expect(setCookie.contains(attribute), "\(attribute) in \(setCookie)")
            }
            #expect(!setCookie.contains(LiveServer.adminToken), "the cookie is not the token")
            let cookie = String(try #require(setCookie.split(separator: ";").first))

            let page = try await HTTPS.request(base, headers: [("Cookie", cookie)])
            #expect(page.status == 200)
            #expect(!page.body.contains(LiveServer.adminToken), "no link carries the token")
            #expect(page.headers.first(name: "Set-Cookie")?.hasPrefix("parley_admin=") == true, "the session is renewed")

            let forged = try await HTTPS.request(base, headers: [("Cookie", "parley_admin=9999999999.00ff")])
            #expect(forged.status == 401)
            let api = try await HTTPS.request(base + "/api/games", headers: [("Cookie", cookie)])
            #expect(api.status == 401, "the API takes only the bearer header")
        }
    }

    /// A request that came through a proxy on this machine is not from this machine.
    @Test func aForwardedRequestIsNotLocal() async throws {
        try await LiveServer.with(configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let url = "https://127.0.0.1:\(server.port)/admin/api/games"
            for header in ["X-Forwarded-For", "Forwarded", "X-Real-IP"] {
                let value = header == "Forwarded" ? "for=203.0.113.9" : "203.0.113.9"
                let proxied = try await HTTPS.request(url, headers: bearer() + [(header, value)])
                #expect(proxied.status == 403, "\(header)")
            }
            #expect(try await HTTPS.request(url, headers: bearer()).status == 200)
        }
    }

    /// An address of this machine that is not loopback, to come from "another machine".
    static func nonLoopbackAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }

    @Test func adminAnswersOnlyLoopbackUnlessAllowed() async throws {
        let remote = try #require(Self.nonLoopbackAddress(), "this machine has no non-loopback IPv4 address to test from")
        try await LiveServer.with(configure: { $0.host = "0.0.0.0"; $0.adminToken = LiveServer.adminToken }) { server in
            let fromAfar = try await HTTPS.request("https://\(remote):\(server.port)/admin/api/stats", headers: bearer())
            #expect(fromAfar.status == 403)
            #expect(try decode(ErrorFrame.self, fromAfar.body).code == "admin-loopback-only")
            let health = try await HTTPS.request("https://\(remote):\(server.port)/health")
            #expect(health.status == 200, "the rest of the server answers other machines")
            let local = try await HTTPS.request("https://127.0.0.1:\(server.port)/admin/api/stats", headers: bearer())
            #expect(local.status == 200)
        }
        try await LiveServer.with(configure: { $0.host = "0.0.0.0"; $0.adminToken = LiveServer.adminToken; $0.adminAllowsRemote = true }) { server in
            let fromAfar = try await HTTPS.request("https://\(remote):\(server.port)/admin/api/stats", headers: bearer())
            #expect(fromAfar.status == 200)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func adminSeesTrueStatesLogsAndMovesLive() async throws {
        try await LiveServer.with(configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let base = "https://127.0.0.1:\(server.port)/admin"
            let (_, ben, _, accepted, message) = try await Games.seedGame(on: server)

            let games = try decode([SessionSummary].self, try await HTTPS.request(base + "/api/games", headers: bearer()).body)
            let game = try #require(games.first)
            #expect(games.count == 1)
            #expect(game.session == accepted.session)
            #expect(Set(game.participants.compactMap(\.name)) == ["Amber", "Ben"])
            #expect(game.turn == "anyone without a seat")
            #expect(game.moves == 1)

            // The admin is trusted: the true state holds the ships the guesser never sees.
            let detail = try decode(AdminGameDetail.self, try await HTTPS.request(base + "/api/games/\(game.session)", headers: bearer()).body)
            #expect(detail.state.contains("Ship_Location=2"))
            #expect(detail.log.map(\.caption) == ["Amber placed their ships! Can you find them?"])

            // Watching live: Ben's shot arrives on the stream as it is stored.
            var request = HTTPClientRequest(url: base + "/api/games/\(game.session)/events")
            request.headers.add(name: "Authorization", value: "Bearer \(LiveServer.adminToken)")
            var configuration = HTTPClient.Configuration()
            configuration.tlsConfiguration = .makeClientConfiguration()
            configuration.tlsConfiguration?.certificateVerification = .none
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            let response = try await client.execute(request, timeout: .seconds(20))
            #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
            var received = ""
            var sent = false
            for try await chunk in response.body {
                received += String(buffer: chunk)
                if !sent, received.contains(": watching") {
                    sent = true
                    let shot = try await Games.send(ben, replyingTo: message, adding: "Shot=2")
                    guard case .accepted = shot else { throw ConnectionError.unexpected("\(shot)") }
                }
                if received.contains("event: move") && received.hasSuffix("\n\n") { break }
            }
            try await client.shutdown()
            let data = try #require(received.split(separator: "\n").first { $0.hasPrefix("data: ") }?.dropFirst(6))
            let move = try decode(AdminMove.self, String(data))
            #expect(move.name == "Ben")
            #expect(move.caption == "Ben fired at 2: a hit!")
            #expect(move.state.contains("Shot=2-hit"))

            let stats = try decode(AdminStats.self, try await HTTPS.request(base + "/api/stats", headers: bearer()).body)
            #expect(stats.connections == 2)
            #expect(stats.gamesInProgress == 1)
            #expect(stats.moves == 2)
            #expect((stats.storeRecords ?? 0) > 0 && (stats.storeBytes ?? 0) > 0 && stats.storeProblem == nil)

            // The pages, in a browser: the list, and the game with every ship drawn.
            _ = try Browser.require()
            let list = try await Browser.dom(of: "https://localhost:\(server.port)/admin?token=\(LiveServer.adminToken)")
            #expect(list.contains(#"data-session="\#(game.session)""#))
            #expect(list.contains("Amber (seat 0)"))
            let page = try await Browser.dom(of: "https://localhost:\(server.port)/admin/games/\(game.session)?token=\(LiveServer.adminToken)")
            #expect(page.contains("Fleet of seat 0"))
            #expect(page.matches(of: /class="cell ship"/).count == 1, "the boat at 6; the one at 2 is sunk")
            #expect(page.contains("Ben fired at 2: a hit!"))
        }
    }

    /// Each game on the list links to its own page: the link is followed as a browser follows
    /// it, and a link typed with its hyphens percent-encoded reaches the same game.
    @Test(.timeLimit(.minutes(1)))
    func theListLinksToEachGamesPage() async throws {
        try await LiveServer.with(configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let origin = "https://127.0.0.1:\(server.port)"
            let (_, _, _, accepted, _) = try await Games.seedGame(on: server)
            let exchange = try await HTTPS.request(origin + "/admin?token=\(LiveServer.adminToken)", followingRedirects: false)
            let cookie = String(try #require(exchange.headers.first(name: "Set-Cookie")?.split(separator: ";").first))

            let list = try await HTTPS.request(origin + "/admin", headers: [("Cookie", cookie)])
            #expect(list.status == 200)
            let link = String(try #require(list.body.firstMatch(of: /href="(\/admin\/games\/[^"]+)"/)?.output.1))
            #expect(link == "/admin/games/\(accepted.session)", "a session's hyphens need no escaping")
            let page = try await HTTPS.request(origin + link, headers: [("Cookie", cookie)])
            #expect(page.status == 200, "\(page.body.prefix(300))")
            #expect(page.body.contains("Amber placed their ships! Can you find them?"))

            let escaped = accepted.session.replacingOccurrences(of: "-", with: "%2D")
            let typed = try await HTTPS.request(origin + "/admin/games/\(escaped)", headers: [("Cookie", cookie)])
            #expect(typed.status == 200, "\(typed.body.prefix(300))")
            let api = try await HTTPS.request(origin + "/admin/api/games/\(escaped)", headers: bearer())
            #expect(api.status == 200, "\(api.body.prefix(300))")
        }
    }

    /// A watch ends with its game: the last move (here the operator's end) comes, then the
    /// stream closes; a game already over closes its watch at once.
    @Test(.timeLimit(.minutes(1)))
    func aWatchEndsWithItsGame() async throws {
        try await LiveServer.with(configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let base = "https://127.0.0.1:\(server.port)/admin/api"
            let (_, _, _, accepted, _) = try await Games.seedGame(on: server)
            var configuration = HTTPClient.Configuration()
            configuration.tlsConfiguration = .makeClientConfiguration()
            configuration.tlsConfiguration?.certificateVerification = .none
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            defer { Task { try? await client.shutdown() } }
            func watch(_ whileWatching: @Sendable () async throws -> Void) async throws -> String {
                var request = HTTPClientRequest(url: base + "/games/\(accepted.session)/events")
                request.headers.add(name: "Authorization", value: "Bearer \(LiveServer.adminToken)")
                let response = try await client.execute(request, timeout: .seconds(20))
                var received = ""
                var acted = false
                // Read to the end of the body: the stream must close by itself.
                for try await chunk in response.body {
                    received += String(buffer: chunk)
                    if !acted, received.contains(": watching") {
                        acted = true
                        try await whileWatching()
                    }
                }
                return received
            }
            let live = try await watch {
                let end = try await HTTPS.request(base + "/games/\(accepted.session)/end", method: .POST, headers: bearer())
                #expect(end.status == 200)
            }
            #expect(live.contains("event: move") && live.contains("\"kind\":\"ended\""), "\(live)")
            let after = try await watch {}
            #expect(!after.contains("event: move"), "\(after)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func parleyAdminListsAndShowsGames() async throws {
        let parley = try Programs.parley()
        let data = LiveServer.temporaryDirectory()
        try await LiveServer.with(dataDirectory: data, configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let (_, _, _, accepted, _) = try await Games.seedGame(on: server)
            let options = ["--server", "https://127.0.0.1:\(server.port)", "--token", LiveServer.adminToken, "--ca", data + "/tls/certificate.pem"]

            let games = try await Spawn.run(parley, ["admin", "games"] + options)
            #expect(games.status == 0)
            #expect(games.output.contains(String(accepted.session.prefix(8))))
            #expect(games.output.contains("Amber (seat 0)"))

            let show = try await Spawn.run("env", ["NO_COLOR=1", parley, "admin", "show", String(accepted.session.prefix(6))] + options)
            #expect(show.status == 0)
            #expect(show.output.contains("true state: ?Ship_Location=2&Ship_Location=6"))
            #expect(show.output.contains(" .  .  #    0 1 2"), "the hidden boat at 2 is drawn for the operator")
            #expect(show.output.contains("Amber placed their ships! Can you find them?"))

            let stats = try await Spawn.run(parley, ["admin", "stats"] + options)
            #expect(stats.output.contains("games in progress  1"))

            let refused = try await Spawn.run(parley, ["admin", "games", "--server", "https://127.0.0.1:\(server.port)",
                "--token", "not-the-admin-token-at-all", "--ca", data + "/tls/certificate.pem"], withErrors: true)
            #expect(refused.status != 0)
            #expect(refused.output.contains("not this server's"), "a wrong token is not a missing one: \(refused.output)")

            // Into a pipe, with a terminal's TERM: no colour codes.
            let piped = try await Spawn.run("env", ["-u", "NO_COLOR", "TERM=xterm-256color", parley, "admin", "show", String(accepted.session.prefix(6))] + options)
            #expect(piped.status == 0)
            #expect(piped.output.contains("true state:"))
            #expect(!piped.output.contains("\u{1B}["), "\(piped.output)")

            // Nothing listening: the address tried, and the flag that names another.
            let nowhere = try await Spawn.run(parley, ["admin", "games", "--server", "https://127.0.0.1:1", "--token", LiveServer.adminToken,
                "--ca", data + "/tls/certificate.pem"], withErrors: true)
            #expect(nowhere.status != 0)
            #expect(nowhere.output.contains("https://127.0.0.1:1") && nowhere.output.contains("--server"), "\(nowhere.output)")
        }
    }

    /// A server built with a game `parley` was not built with: `admin show` draws its true
    /// state as its items.
    @Test(.timeLimit(.minutes(1)))
    func parleyAdminShowsAGameItDoesNotKnowAsItsItems() async throws {
        let parley = try Programs.parley()
        let data = LiveServer.temporaryDirectory()
        try await LiveServer.with(dataDirectory: data, configure: { $0.adminToken = LiveServer.adminToken; $0.catalog = NimGame.catalog }) { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let taken = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "nim", url: "?Take=2")))
            guard case let .accepted(accepted) = taken else { throw ConnectionError.unexpected("\(taken)") }
            let options = ["--server", "https://127.0.0.1:\(server.port)", "--token", LiveServer.adminToken, "--ca", data + "/tls/certificate.pem"]
            let show = try await Spawn.run("env", ["NO_COLOR=1", parley, "admin", "show", String(accepted.session.prefix(8))] + options)
            #expect(show.status == 0, "\(show.output)")
            #expect(show.output.contains("true state: ?Take=2\n\nTake=2\n"), "\(show.output)")
            #expect(!show.output.contains("There is no game") && !show.output.contains("cannot draw"), "\(show.output)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anOperatorEndsAGameAndRemovesAParticipant() async throws {
        let parley = try Programs.parley()
        let data = LiveServer.temporaryDirectory()
        try await LiveServer.with(dataDirectory: data, configure: { $0.adminToken = LiveServer.adminToken }) { server in
            let base = "https://127.0.0.1:\(server.port)/admin/api"
            let (amber, ben, conversation, accepted, message) = try await Games.seedGame(on: server)

            // parley admin end: both players hear of it, and the game takes no more moves.
            let options = ["--server", "https://127.0.0.1:\(server.port)", "--token", LiveServer.adminToken, "--ca", data + "/tls/certificate.pem"]
            let end = try await Spawn.run(parley, ["admin", "end", String(accepted.session.prefix(8))] + options)
            #expect(end.status == 0)
            #expect(end.output.contains("ended battleship seed"))
            for player in [amber, ben] {
                let ended = try await player.next { if case let .event(event) = $0 { event.kind == .ended } else { false } }
                guard case let .event(event) = ended else { throw ConnectionError.unexpected("\(ended)") }
                #expect(event.status?.outcome.finished == true)
                #expect(event.status?.outcome.winners.isEmpty == true)
            }
            let late = try await Games.send(ben, replyingTo: message, adding: "Shot=2")
            guard case let .rejected(refusal) = late else { throw ConnectionError.unexpected("\(late)") }
            #expect(refusal.error.code == "game-over", "\(refusal.error)")
            let again = try await HTTPS.request(base + "/games/\(accepted.session)/end", method: .POST, headers: bearer())
            #expect(again.status == 409)
            let detail = try decode(AdminGameDetail.self, try await HTTPS.request(base + "/games/\(accepted.session)", headers: bearer()).body)
            #expect(detail.game.finished)
            #expect(detail.log.last?.kind == "ended")

            // Removing Ben: Amber and Ben both hear of it, and he is no longer in the conversation.
            guard case let .conversations(listed) = try await amber.request(.list(.init(id: "invite"))),
                let invite = listed.conversations.first?.invite
            else { throw ConnectionError.unexpected("no invite") }
            let benAccount = try #require(detail.game.participants.first { $0.name == "Ben" }?.account)
            let removed = try await HTTPS.request(
                base + "/conversations/\(conversation)/remove/\(benAccount)", method: .POST, headers: bearer())
            #expect(removed.status == 200)
            for player in [amber, ben] {
                let told = try await player.next { if case let .event(event) = $0 { event.kind == .removed } else { false } }
                guard case let .event(removal) = told else { throw ConnectionError.unexpected("\(told)") }
                #expect(removal.participant?.name == "Ben")
            }
            // He may not come back with the invite he holds, until the operator lets him.
            let barred = try await ben.request(.join(.init(id: "back", invite: invite)))
            guard case let .rejected(refusal) = barred else { throw ConnectionError.unexpected("\(barred)") }
            #expect(refusal.error.code == "barred")
            let notBarred = try await HTTPS.request(
                base + "/conversations/\(conversation)/readmit/\(try #require(detail.game.participants.first { $0.name == "Amber" }?.account))",
                method: .POST, headers: bearer())
            #expect(notBarred.status == 404)
            let games = try decode([SessionSummary].self, try await HTTPS.request(base + "/games", headers: bearer()).body)
            #expect(games.first?.participants.map(\.name) == ["Amber"])
            let twice = try await HTTPS.request(
                base + "/conversations/\(conversation)/remove/\(benAccount)", method: .POST, headers: bearer())
            #expect(twice.status == 404)
            let show = try await Spawn.run(parley, ["admin", "show", String(accepted.session.prefix(8))] + options)
            #expect(show.output.contains("accounts: Amber "), "\(show.output)")
            let readmitted = try await Spawn.run(parley, ["admin", "readmit", conversation.rawValue, benAccount] + options)
            #expect(readmitted.status == 0, "\(readmitted.output)")
            #expect(readmitted.output.contains("readmitted \(benAccount)"))
            let back = try await ben.request(.join(.init(id: "back again", invite: invite)))
            guard case .conversation = back else { throw ConnectionError.unexpected("\(back)") }
            let unauthorized = try await HTTPS.request(base + "/games/\(accepted.session)/end", method: .POST)
            #expect(unauthorized.status == 401)
        }
    }
}
