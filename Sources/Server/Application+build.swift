import Admin
import Engine
import Fairness
import GameCatalog
import GamePresentation
import GameRules
import Hummingbird
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import Pipelines
import Reads
import ServiceLifecycle
import Stickers
import Transport
import WebClient
import WebPages
import Wire
import Transcript
import Foundation

/// What the server does with one WebSocket connection on `GET /ws`, once upgraded: read
/// frames from `inbound` (reassembled with `inbound.messages(maxSize:)`), write to `outbound`.
/// `context.request` is the upgrade request (its headers and query); `context.logger` is the
/// connection's logger. Returning closes the connection normally; throwing closes it with
/// 1011 and is logged, and never affects other connections. The relay is one of these.
public typealias WebSocketConnectionHandler = @Sendable (
    WebSocketInboundStream, WebSocketOutboundWriter, WebSocketRouterContext<ParleyWebSocketContext>
) async throws -> Void

/// The whole server, as production runs it and tests start it: HTTPS and WebSocket on one
/// port, with TLS wrapping the WebSocket upgrade server.
///
/// Routes: `GET /health` answers 200 `ok`, or 503 `failing: …` (see `problem`); `GET /`, `/battleship` and `/g/GAME` answer with
/// the page of the state in their query (`StatePage`); `GET /ws` upgrades to a WebSocket handled by
/// `webSocketHandler`. The WebSocket layer closes a connection (1009) only for a frame over
/// four times `configuration.limits.frameBytes`; up to that, the relay answers an oversized
/// frame with a `frame-too-large` error and the connection goes on.
///
/// - Parameters:
///   - routes: more HTTP routes, added after the built-in ones (`/metrics`, `/admin`).
///   - services: long-lived pieces (the relay) that run alongside the server: started before
///     it, stopped after it, in the order given and its reverse.
///   - problem: what `/health` reports: `nil` when all is well (200 `ok`), or what is wrong
///     (503 with that text), such as a failing store.
///   - onServerRunning: called once the socket is bound, with the port actually bound (tests
///     ask for port 0) and the certificate's fingerprint.
/// - Throws: `ServerIdentityError` when the TLS identity cannot be read or made.
public func buildApplication(
    configuration: ServerConfiguration,
    logger: Logger,
    services: [any Service] = [],
    routes: (Router<ParleyRequestContext>) -> Void = { _ in },
    problem: @escaping @Sendable () async -> String? = { nil },
    webSocketHandler: @escaping WebSocketConnectionHandler,
    onServerRunning: @escaping @Sendable (RunningServer) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let webSocketRouter = Router(context: ParleyWebSocketContext.self)
    webSocketRouter.ws("/ws") { inbound, outbound, context in
        do {
            try await webSocketHandler(inbound, outbound, context)
        } catch is CancellationError {
            // The server is shutting down; the connection closes with it.
        } catch {
            // One connection's failure is that connection's alone: log it and let the
            // WebSocket layer close it, with the code its own errors carry (1007 for text that
            // is not UTF-8) and 1011 for any other, leaving the error's text out of the close
            // frame, which the peer reads.
            context.logger.notice("WebSocket connection failed", metadata: ["error": "\(error)"])
            throw error
        }
    }

    return try buildApplication(
        configuration: configuration, logger: logger, services: services, routes: routes, problem: problem,
        webSocket: .tasks(webSocketRouter.buildResponder()), onServerRunning: onServerRunning)
}

/// The same server whose WebSockets on `route.path` are served by channel handlers on their
/// event loops, with no task per connection, as the relay's are: for the benchmark's floor.
public func buildApplication(
    configuration: ServerConfiguration,
    logger: Logger,
    webSocketRoute route: WebSocketRoute,
    onServerRunning: @escaping @Sendable (RunningServer) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    try buildApplication(configuration: configuration, logger: logger, webSocket: .handlers(route), onServerRunning: onServerRunning)
}

/// What the pages read of the games a server holds: a state page checks its URL's chain and
/// links a finished game's replay; `/replay/SESSION` shows it.
protocol StoredGames: Sendable {
    func chainDigests(ofMessage number: Int, inSession session: String) async throws -> Set<ChainDigest>
    func isFinished(session: String) async throws -> Bool?
    func replay(ofSession session: String) async throws -> Replay?
    func ladder(game: String, variant: String, top: Int, you: AccountID?) async throws -> Ladder
    func profile(of account: AccountID, variants: [(game: String, variant: String)]) async throws -> Profile?
}

extension StoredReads: StoredGames {
    func ladder(game: String, variant: String, top: Int, you: AccountID?) async throws -> Ladder {
        try await ladder(game: game, variant: variant, top: top, you: you, withAccounts: false)
    }
}

/// The same server with its WebSockets served as `webSocket` says, presenting `identity` (the
/// configured or self-made one when `nil`); `chainKey`, the key its
/// messages are signed with, lets a state page say whether its URL is signed as it stands;
/// `games`, the games it holds, lets its pages check chains and replay finished games.
func buildApplication(
    configuration: ServerConfiguration,
    logger: Logger,
    services: [any Service] = [],
    routes: (Router<ParleyRequestContext>) -> Void = { _ in },
    problem: @escaping @Sendable () async -> String? = { nil },
    webSocket: WebSocketService,
    identity presented: PresentedIdentity? = nil,
    chainKey: ChainPublicKey? = nil,
    games: (any StoredGames)? = nil,
    onServerRunning: @escaping @Sendable (RunningServer) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let presented = try presented ?? PresentedIdentity(ServerIdentity.load(for: configuration))
    let identity = presented.identity

    let router = Router(context: ParleyRequestContext.self)
    router.add(middleware: SecurityHeadersMiddleware())
    router.get("/health") { _, _ -> Response in
        let text = await problem().map { "failing: \($0)" } ?? "ok"
        return Response(
            status: text == "ok" ? .ok : .serviceUnavailable,
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
    // Every state URL opens in a browser: Parley's (`/g/GAME?…`) and the original apps'.
    let catalog = configuration.catalog
    let originalPaths = catalog.games.compactMap { $0.originalPagePath }.filter { $0 != "/" }
    for path in ["/", "/g/:game"] + originalPaths {
        router.get(RouterPath(path)) { request, context -> Response in
            let query = request.uri.query ?? ""
            // The address alone is the web client; with a query, an original Ice Cream URL.
            if request.uri.path == "/", query.isEmpty { return WebClientRoutes.response(WebClientFile.page) }
            // A signed URL's page says whether it follows the message this server holds before
            // it, and links the replay of its game once the game is over. Only a URL this
            // server signed sends it to the store: a forged one names no message it holds, and
            // would have it read on through a conversation looking for one.
            var held: Set<ChainDigest>?
            var replay: String?
            if let games, let chainKey, let game = request.uri.path.split(separator: "/").last,
                let message = try? ChainedURL("/g/\(game)?" + query), (try? message.verify(with: chainKey)) != nil
            {
                if message.previous != nil { held = try? await games.chainDigests(ofMessage: message.message - 1, inSession: message.session) }
                if (try? await games.isFinished(session: message.session)) == true {
                    replay = "/replay/\(message.session)?move=\(message.message)"
                }
            }
            return try HTMLResponse(StatePage.page(
                path: request.uri.path, query: query, catalog: catalog, key: chainKey, held: held, replay: replay))
                .response(from: request, context: context)
        }
    }
    WebClientRoutes.add(to: router, catalog: catalog, timeControls: configuration.timeControls)
    // A finished ice cream drawn by the server as a PNG, from its URL alone: a sticker to send.
    router.get("/g/:game/sticker.png") { request, context -> Response in
        let game = context.parameters.get("game") ?? ""
        guard let type = catalog.type(GameID(rawValue: game)) else {
            return try HTMLResponse(StatePage.refusal("This server hosts no game called \(game).")).response(from: request, context: context)
        }
        let canvas: Canvas?
        do throws(RuleViolation) {
            canvas = try type.sticker(of: QueryString.items(in: "?" + (request.uri.query ?? "")))
        } catch {
            return try HTMLResponse(StatePage.refusal(error.reason)).response(from: request, context: context)
        }
        guard let canvas else {
            return try HTMLResponse(NotFoundPage.noSticker).response(from: request, context: context)
        }
        let png = try PNGEncoder.encode(width: canvas.width, height: canvas.height, rgba: canvas.pixels)
        return Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=86400"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }
    router.get("/replay/:session") { request, context in
        let session = context.parameters.get("session") ?? ""
        let shown = request.uri.queryParameters.get("move").flatMap { Int($0) }
        let found: Replay?
        do { found = try await games?.replay(ofSession: session) } catch { return HTMLResponse(ReplayPage.unreadable) }
        guard let replay = found else { return HTMLResponse(ReplayPage.missing(session: session)) }
        return HTMLResponse(ReplayPage.page(
            game: replay.game.rawValue,
            moves: replay.steps.map { ReplayPage.Move(number: $0.move, query: $0.query, caption: $0.caption) },
            ending: replay.ending, shown: shown, catalog: catalog))
    }
    router.get("/leaderboard/:game") { request, context -> Response in
        let (name, asJSON) = JSONPages.asked(context.parameters.get("game") ?? "", request)
        let query = request.uri.queryParameters
        func refusal(_ page: WebPage) throws -> Response {
            guard asJSON else { return try HTMLResponse(page).response(from: request, context: context) }
            let reason = page.status == 503 ? "The server cannot read its store at the moment." : "No such leaderboard."
            return JSONPages.json(["error": reason], status: .init(code: page.status))
        }
        let game: AnyGame
        do throws(RuleViolation) {
            game = try catalog.game(GameID(rawValue: name), variant: query.get("variant").flatMap { $0.isEmpty ? nil : $0 })
        } catch {
            return try refusal(LeaderboardPage.unknown(error.reason))
        }
        let ladder: Ladder
        // `against=house`: the ratings earned against the house bot, a ladder apart.
        let againstHouseBot = query.get("against") == "house"
        let variant = game.variant.id + (againstHouseBot ? IndexKind.againstHouseBot : "")
        do {
            let you = query.get("you").flatMap { $0.isEmpty ? nil : AccountID(rawValue: $0.lowercased()) }
            ladder = try await games?.ladder(game: name, variant: variant, top: 50, you: you)
                ?? Ladder(game: name, variant: variant, players: [], playerCount: 0, provisional: [], provisionalCount: 0)
        } catch {
            return try refusal(LeaderboardPage.unreadable)
        }
        if asJSON { return JSONPages.json(ladder, status: .ok) }
        return try HTMLResponse(LeaderboardPage.page(
            ladder, title: game.name, variants: game.variants, youAccount: ladder.you == nil ? nil : query.get("you")?.lowercased()))
            .response(from: request, context: context)
    }
    // Without an account: where a player finds their own, and the ladders to find another's.
    router.get("/profile") { request, context -> Response in
        try HTMLResponse(ProfilePage.finding(ladders: catalog.games.map { (id: $0.id.rawValue, name: $0.name) }))
            .response(from: request, context: context)
    }
    router.get("/profile/:account") { request, context -> Response in
        let (name, asJSON) = JSONPages.asked(context.parameters.get("account") ?? "", request)
        let variants = catalog.games.flatMap { game in
            game.variants.flatMap { [(game: game.id.rawValue, variant: $0.id), (game: game.id.rawValue, variant: $0.id + IndexKind.againstHouseBot)] }
        }
        let found: Profile?
        do {
            found = try await games?.profile(of: AccountID(rawValue: name.lowercased()), variants: variants)
        } catch {
            if asJSON { return JSONPages.json(["error": "The server cannot read its store at the moment."], status: .serviceUnavailable) }
            return try HTMLResponse(ProfilePage.unreadable).response(from: request, context: context)
        }
        guard let profile = found else {
            if asJSON { return JSONPages.json(["error": "No such player."], status: .notFound) }
            return try HTMLResponse(ProfilePage.missing).response(from: request, context: context)
        }
        if asJSON { return JSONPages.json(profile, status: .ok) }
        return try HTMLResponse(ProfilePage.page(profile) { id in catalog.type(GameID(rawValue: id))?.name ?? id })
            .response(from: request, context: context)
    }
    routes(router)

    let fingerprint = identity.fingerprint
    let host = configuration.host
    let publicURL = configuration.publicURL
    return Application(
        router: router,
        server: .guardedTLS(
            webSocket: webSocket,
            configuration: .init(
                http1: .init(idleTimeout: .seconds(Int64(configuration.limits.idleSeconds))),
                ws: .init(maxFrameSize: configuration.limits.serverFrameBytes, validateUTF8: true)),
            gate: ConnectionGate(limits: configuration.limits),
            identity: presented
        ),
        configuration: .init(address: .hostname(host, port: configuration.port), serverName: "Parley"),
        services: services,
        onServerRunning: { channel in
            let running = RunningServer(host: host, port: channel.localAddress?.port ?? configuration.port, fingerprint: fingerprint)
            logger.info("Parley listening on \(running.url) (certificate SHA-256 \(fingerprint))")
            let browser = BrowserAddresses.urls(
                host: host, port: running.port, publicURL: publicURL, interfaces: BrowserAddresses.interfaces())
            let others = browser.dropFirst().isEmpty ? "" : "or \(browser.dropFirst().joined(separator: ", ")); "
            logger.info("Play in a browser at \(browser[0]) (\(others)README, \"Playing in a browser\")")
            await onServerRunning(running)
        },
        logger: logger
    )
}

/// The pages that answer as JSON too (the leaderboard, a profile): `NAME.json`, or
/// `?format=json`.
enum JSONPages {
    /// The page's name without `.json`, and whether JSON was asked for.
    static func asked(_ name: String, _ request: Request) -> (name: String, json: Bool) {
        if name.hasSuffix(".json") { return (String(name.dropLast(5)), true) }
        return (name, request.uri.queryParameters.get("format") == "json")
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
