import Admin
import GameCatalog
import GameRules
import Hummingbird
import NIOCore
import Pipelines
import Transport
import WebClient

/// The web client's files (docs/WEBCLIENT.md): its page at `/`, its modules and stylesheet
/// under `/client/`, the catalog it offers and each game's web presentation. The policy lets
/// the page run only these scripts and connect only to this server.
enum WebClientRoutes {
    static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    static func add(to router: Router<ParleyRequestContext>, catalog: GameCatalog, timeControls: [Int]) {
        let games = (try? GameList(catalog).json()).map { [UInt8]($0) } ?? Array("[]".utf8)
        router.get("/client/games.json") { _, _ in
            response(WebClientFile(json: games))
        }
        // What a seek may ask for beyond the catalog: the server's time controls
        // (`matchmaking.timeControls`, read at the start).
        let matchmaking = Array(#"{"timeControls":[\#(timeControls.map(String.init).joined(separator: ","))]}"#.utf8)
        router.get("/client/matchmaking.json") { _, _ in
            response(WebClientFile(json: matchmaking))
        }
        router.get("/client/games/:module") { _, context -> Response in
            let name = context.parameters.get("module") ?? ""
            guard name.hasSuffix(".js"), let type = catalog.type(GameID(rawValue: String(name.dropLast(3)))),
                let module = type.webPresentation
            else { throw HTTPError(.notFound) }
            return response(WebClientFile.module(module))
        }
        router.get("/client/:file") { _, context -> Response in
            guard let file = WebClientFile.named(context.parameters.get("file") ?? "") else { throw HTTPError(.notFound) }
            return response(file)
        }
    }

    /// The file with the client's policy. The page is not cached, so that a new server's client
    /// is the one that runs; the rest may be kept for a minute.
    static func response(_ file: WebClientFile) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: file.contentType, .contentSecurityPolicy: policy,
                .cacheControl: file.contentType.hasPrefix("text/html") ? "no-store" : "max-age=60",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
