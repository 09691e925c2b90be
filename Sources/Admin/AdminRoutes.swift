import Engine
import Foundation
import GameCatalog
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Pipelines
import Reads
import ServiceLifecycle
import Storage
import Timekeeping
import Transcript
import Transport
import WebPages
import Wire

/// `/admin`: the operator's JSON API and pages, behind `AdminGate`.
///
///     GET  /admin                                  the store's games (HTML, refreshes itself)
///     GET  /admin/games/SESSION                    one game (HTML)
///     GET  /admin/api/games                        [SessionSummary], a page (`?state=`, `?game=`,
///                                                  `?session=` a prefix, `?limit=`, `?before=`;
///                                                  a `Link` header names the next page)
///     GET  /admin/api/games/SESSION                AdminGameDetail
///     GET  /admin/api/games/SESSION/events         its moves as they happen (server-sent events)
///     GET  /admin/api/stats                        AdminStats
///     POST /admin/api/reload                       ReloadReport: the settings and certificate read again
///     POST /admin/api/games/SESSION/end            ends the game, nobody winning
///     POST /admin/api/conversations/ID/remove/ACCOUNT   takes a participant out and bars them
///     POST /admin/api/conversations/ID/readmit/ACCOUNT  lets a removed participant join again
///
/// Games are read from the store (`StoredReads`), never on a conversation's pipeline: every
/// game of the store, whichever node holds it. Each action is logged, with the address it came
/// from.
package enum AdminRoutes {
    /// What the admin routes take of the server's configuration.
    package struct Settings: Sendable {
        /// `admin.token`: the bearer token; `nil` turns the admin API off. A reload may replace it.
        package var token: AdminToken
        /// `admin.allowRemote`: whether other machines are answered, beside loopback.
        package var allowsRemote: Bool
        /// Where the gate's lockout reads the time.
        package var clock: any ServerClock
        /// The games the server hosts, for the pages' names of games and variants.
        package var catalog: GameCatalog
        /// The data folder a backup copies the server's files from.
        package var dataDirectory: String

        /// What `POST /admin/api/reload` does: read the settings and the certificate again.
        package var reload: (@Sendable () async throws -> ReloadReport)?

        package init(
            token: AdminToken, allowsRemote: Bool, clock: any ServerClock, catalog: GameCatalog, dataDirectory: String,
            reload: (@Sendable () async throws -> ReloadReport)? = nil
        ) {
            self.token = token
            self.reload = reload
            self.allowsRemote = allowsRemote
            self.clock = clock
            self.catalog = catalog
            self.dataDirectory = dataDirectory
        }
    }

    package static func add(
        to router: Router<ParleyRequestContext>, relay: ConversationRouter, reads: StoredReads, log: any EventLog,
        settings configuration: Settings, logger: Logger
    ) {
        let token = configuration.token
        let admin = router.group("admin").add(middleware: AdminGate(token: token, allowsRemote: configuration.allowsRemote, clock: configuration.clock))
        let stats = { @Sendable () async -> AdminStats in
            let store: Result<LogStatistics, any Error>
            do {
                store = .success(try await log.statistics())
            } catch {
                logger.error("Cannot read the store's figures for the admin", metadata: ["error": "\(error)"])
                store = .failure(error)
            }
            // Servers sharing the store count what each decided: the figures are the sum of all.
            var totals: EngineStatistics?
            if log.isShared {
                totals = try? await log.indexEntries(IndexKind.totals, prefix: "").compactMap { entry in
                    try? JSONDecoder().decode(EngineStatistics.self, from: Data(entry.value.utf8))
                }.reduce(EngineStatistics(), +)
            }
            return relay.adminStats(store: store, totals: totals)
        }

        admin.get { request, context -> Response in
            let query: StoredReads.GameQuery
            switch gameQuery(of: request) {
            case let .success(read): query = read
            case let .failure(refusal): return refusal.response
            }
            guard let page = try? await reads.games(query) else { return unavailable() }
            let filter = AdminPage.ListFilter(state: query.state?.rawValue, game: query.game)
            return try HTMLResponse(AdminPage.list(
                games: page.games, stats: await stats(), filter: filter, next: page.next, catalog: configuration.catalog)
            ).response(from: request, context: context)
        }
        admin.get("games/:session") { request, context -> Response in
            let session = try AdminRoutes.session(in: context)
            guard let detail = try await reads.gameDetail(session) else { return notFound(session) }
            return try HTMLResponse(AdminPage.game(detail, catalog: configuration.catalog)).response(from: request, context: context)
        }
        admin.get("api/games") { request, _ -> Response in
            let query: StoredReads.GameQuery
            switch gameQuery(of: request) {
            case let .success(read): query = read
            case let .failure(refusal): return refusal.response
            }
            let page: StoredReads.GamePage
            do {
                page = try await reads.games(query)
            } catch {
                logger.error("Cannot read the store's games for the admin", metadata: ["error": "\(error)"])
                return unavailable()
            }
            var response = try json(page.games)
            if let next = page.next {
                response.headers[HTTPField.Name("Link")!] = "<\(nextPath(of: request, before: next))>; rel=\"next\""
            }
            return response
        }
        addActions(to: admin, relay: relay, reads: reads, logger: logger)
        addStickers(to: admin, relay: relay, logger: logger)
        addLadder(to: admin, reads: reads, catalog: configuration.catalog)
        admin.post("api/backup") { request, context -> Response in
            struct Body: Decodable { let folder: String }
            let body = try await request.decode(as: Body.self, context: context)
            do {
                let backup = try await DataFolderBackup.write(to: body.folder, log: log, dataDirectory: configuration.dataDirectory)
                logger.notice("An operator backed up the store", metadata: [
                    "folder": "\(backup.folder)", "records": "\(backup.records)",
                    "from": "\(context.remoteAddress?.description ?? "?")",
                ])
                return try json(backup)
            } catch let refusal as DataFolderBackup.Refusal {
                let status: HTTPResponse.Status = switch refusal.code {
                case "backup-path": .badRequest
                case "backup-exists": .conflict
                default: .internalServerError
                }
                return AdminGate<ParleyRequestContext>.refusal(status, refusal.code, refusal.reason)
            }
        }
        admin.get("api/stats") { _, _ in try json(await stats()) }
        admin.post("api/reload") { _, context -> Response in
            guard let reload = configuration.reload else {
                return AdminGate<ParleyRequestContext>.refusal(.notFound, "reload-unavailable", "This server cannot reload its settings.")
            }
            do {
                let report = try await reload()
                logger.notice("An operator reloaded the settings", metadata: ["from": "\(context.remoteAddress?.description ?? "?")"])
                return try json(report)
            } catch {
                // Nothing changed: the certificate and settings in use stay.
                return AdminGate<ParleyRequestContext>.refusal(.unprocessableContent, "reload-failed", "\(error)")
            }
        }
        admin.get("api/games/:session") { _, context -> Response in
            let session = try AdminRoutes.session(in: context)
            guard let detail = try await reads.gameDetail(session) else { return notFound(session) }
            return try json(detail)
        }
        admin.get("api/games/:session/events") { _, context -> Response in
            let session = try AdminRoutes.session(in: context)
            let found: AsyncStream<AdminMove>?
            do {
                found = try await relay.watch(session)
            } catch {
                logger.error("Cannot read the store's index of sessions", metadata: ["error": "\(error)"])
                return AdminGate<ParleyRequestContext>.refusal(
                    .serviceUnavailable, ConversationRouter.unavailable.code, ConversationRouter.unavailable.reason)
            }
            guard let moves = found else { return notFound(session) }
            // Server-sent events: a comment at once (so the watcher knows it is connected), then
            // one `move` event per stored move, as JSON, until the watcher goes away.
            let (events, writer) = AsyncStream<ByteBuffer>.makeStream()
            writer.yield(ByteBuffer(string: ": watching \(session)\n\n"))
            let forwarding = Task {
                // A stream never ends by itself: it ends with the server's graceful shutdown,
                // which would otherwise wait for it for ever.
                await cancelWhenGracefulShutdown {
                    for await move in moves {
                        do {
                            let data = try encoded(move)
                            writer.yield(ByteBuffer(string: "event: move\ndata: \(String(decoding: data, as: UTF8.self))\n\n"))
                        } catch {
                            logger.error("Cannot encode a move for a watcher", metadata: ["session": "\(session)", "error": "\(error)"])
                            writer.yield(ByteBuffer(string: "event: error\ndata: a move of this game could not be encoded; see the server's log\n\n"))
                        }
                    }
                }
                writer.finish()
            }
            writer.onTermination = { _ in forwarding.cancel() }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody(asyncSequence: events))
        }
    }

    /// A refusal of a list's query, as the admin API answers it.
    package struct QueryRefusal: Error {
        let reason: String
        var response: Response { AdminGate<ParleyRequestContext>.refusal(.badRequest, "bad-query", reason) }
    }

    /// The games a list asks for: `state` (`running` or `finished`), `game`, `session` (the
    /// first characters of a session's id), `limit` (1 to 500, 50 when absent) and `before` (a
    /// page's next).
    package static func gameQuery(of request: Request) -> Result<StoredReads.GameQuery, QueryRefusal> {
        let parameters = request.uri.queryParameters
        var query = StoredReads.GameQuery()
        if let state = parameters.get("state"), !state.isEmpty {
            guard let known = StoredReads.GameQuery.State(rawValue: state) else {
                return .failure(QueryRefusal(reason: "state is running or finished, not \(state)."))
            }
            query.state = known
        }
        if let game = parameters.get("game"), !game.isEmpty { query.game = game }
        if let prefix = parameters.get("session"), !prefix.isEmpty { query.sessionPrefix = prefix }
        if let before = parameters.get("before"), !before.isEmpty { query.before = before }
        if let limit = parameters.get("limit") {
            guard let count = Int(limit), (1...maximumLimit).contains(count) else {
                return .failure(QueryRefusal(reason: "limit is a number from 1 to \(maximumLimit), not \(limit)."))
            }
            query.limit = count
        }
        return .success(query)
    }

    /// The most games one page of the list holds.
    package static let maximumLimit = 500

    /// The request's path and query with `before` set to `next`.
    package static func nextPath(of request: Request, before next: String) -> String {
        let value = CharacterSet.urlQueryAllowed.subtracting(["&", "=", "+", "/", "?", "#"])
        let encoded = { (text: Substring) in text.addingPercentEncoding(withAllowedCharacters: value) ?? String(text) }
        var items = request.uri.queryParameters.filter { $0.key != "before" }.map { "\(encoded($0.key))=\(encoded($0.value))" }
        items.append("before=" + encoded(next[...]))
        return request.uri.path + "?" + items.joined(separator: "&")
    }

    package static func unavailable() -> Response {
        AdminGate<ParleyRequestContext>.refusal(.serviceUnavailable, "unavailable", ConversationRouter.unavailable.reason)
    }

    package static func addActions(to admin: RouterGroup<ParleyRequestContext>, relay: ConversationRouter, reads: StoredReads, logger: Logger) {
        admin.post("api/games/:session/end") { _, context -> Response in
            let session = try AdminRoutes.session(in: context)
            guard try await reads.game(session) != nil else { return notFound(session) }
            switch await relay.perform(.end(session: session)) {
            case .applied: break
            case .notApplicable:
                return AdminGate<ParleyRequestContext>.refusal(.conflict, "game-over", "The game \(session) is already over.")
            case .unavailable: return unavailable()
            }
            logger.notice("An operator ended a game", metadata: [
                "session": "\(session)", "from": "\(context.remoteAddress?.description ?? "?")",
            ])
            guard let ended = try await reads.game(session) else { return notFound(session) }
            return try json(ended)
        }
        // Taking a participant out, and letting them back in: the same shape, other words.
        let memberships: [(verb: String, done: String, notApplicable: (code: String, reason: String), logged: String,
                           action: @Sendable (AccountID, ConversationID) -> ConversationRouter.OperatorAction)] = [
            ("remove", "removed", ("not-a-member", "is not in the conversation"), "An operator removed a participant",
             { .remove(account: $0, conversation: $1) }),
            ("readmit", "readmitted", ("not-barred", "is not barred from the conversation"), "An operator readmitted a participant",
             { .readmit(account: $0, conversation: $1) }),
        ]
        for membership in memberships {
            admin.post("api/conversations/:conversation/\(membership.verb)/:account") { _, context -> Response in
                let named = try context.parameters.require("conversation")
                let conversation = ConversationID(spelling: named)
                let account = try context.parameters.require("account")
                switch await relay.perform(membership.action(AccountID(rawValue: account), conversation)) {
                case .applied: break
                case .notApplicable:
                    return AdminGate<ParleyRequestContext>.refusal(.notFound, membership.notApplicable.code,
                        "\(account) \(membership.notApplicable.reason) \(conversation).")
                case .unavailable: return unavailable()
                }
                logger.notice("\(membership.logged)", metadata: [
                    "conversation": "\(conversation)", "account": "\(account)",
                    "from": "\(context.remoteAddress?.description ?? "?")",
                ])
                return try json([membership.done: account, "conversation": conversation.rawValue])
            }
        }
    }

    /// The session a path names. A router hands its parameters over as they were sent, so a
    /// link whose characters were percent-encoded (`%2D` for `-`) is decoded here.
    package static func session(in context: ParleyRequestContext) throws -> String {
        let named = try context.parameters.require("session")
        return named.removingPercentEncoding ?? named
    }

    package static func notFound(_ session: String) -> Response {
        AdminGate<ParleyRequestContext>.refusal(.notFound, "unknown-game", "There is no game \(session).")
    }

    /// `value` as a 200 JSON answer; a value that does not encode is a 500 that says so,
    /// never a `null`.
    package static func json(_ value: some Encodable) throws -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoded(value))))
    }

    package static func encoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            throw HTTPError(.internalServerError, message: "The answer could not be encoded: \(error)")
        }
    }
}
