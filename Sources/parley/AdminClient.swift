import Transcript
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Wire

/// The admin API (`/admin/api/…`) for `parley admin`, over HTTPS with the server's
/// certificate trusted as its own authority (the self-made one is in `DATA/tls/`).
final class AdminClient: Sendable {
    struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let base: String
    private let token: String
    private let client: HTTPClient

    /// - Parameters:
    ///   - server: such as `https://127.0.0.1:8443`.
    ///   - certificateAuthority: a PEM file of the certificate to trust for the server, or
    ///     `system` for the system's authorities.
    init(server: String, token: String, certificateAuthority: String) throws {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = certificateAuthority == "system"
            ? .default : .certificates(try NIOSSLCertificate.fromPEMFile(certificateAuthority))
        var configuration = HTTPClient.Configuration()
        configuration.tlsConfiguration = tls
        base = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.token = token
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async { try? await client.shutdown() }

    /// A request sent, or a failure that names the address tried and how to give another: a
    /// server that is not there is the usual mistake (it listens elsewhere than 8443).
    private func send(_ request: HTTPClientRequest, timeout: TimeAmount) async throws -> HTTPClientResponse {
        do {
            return try await client.execute(request, timeout: timeout)
        } catch {
            throw Failure(description: "Could not reach the server at \(base): \(error). Is it running there? "
                + "--server https://HOST:PORT names another.")
        }
    }

    /// A page of the store's games, the most recently begun first, and where the next begins
    /// (the `before` of the server's `Link` header; `nil` on the last page). `query` holds the
    /// list's parameters: `state`, `game`, `session` (a prefix), `limit`, `before`.
    func games(_ query: [(String, String)] = []) async throws -> (games: [SessionSummary], next: String?) {
        let encoded = query.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: Self.queryValue) ?? value)"
        }
        let path = "/admin/api/games" + (encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&"))
        let response = try await send(request(path), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 << 20)
        try Self.check(response.status, body: body)
        let games = try Self.decoder.decode([SessionSummary].self, from: Data(buffer: body))
        return (games, response.headers.first(name: "Link").flatMap(Self.before(inLink:)))
    }

    /// The `before` of a `Link: <…?before=KEY>; rel="next"` header.
    static func before(inLink link: String) -> String? {
        guard link.contains("rel=\"next\""), let start = link.firstIndex(of: "<"), let end = link.firstIndex(of: ">"),
            let items = URLComponents(string: String(link[link.index(after: start)..<end]))?.queryItems
        else { return nil }
        return items.first { $0.name == "before" }?.value
    }

    private static let queryValue = CharacterSet.urlQueryAllowed.subtracting(["&", "=", "+", "/", "?"])

    func game(_ session: String) async throws -> AdminGameDetail { try await get("/admin/api/games/\(session)") }

    func stats() async throws -> AdminStats { try await get("/admin/api/stats") }

    func stickers() async throws -> [AdminSticker] { try await get("/admin/api/stickers") }

    /// A game's ladder with each player's account.
    func ladder(game: String, variant: String?) async throws -> Ladder {
        let name = game.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? game
        let query = variant.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }.map { "?variant=" + $0 } ?? ""
        return try await get("/admin/api/ladder/\(name)" + query)
    }

    /// Removes a sticker: its bytes leave the store.
    func removeSticker(_ id: String) async throws {
        let response = try await send(request("/admin/api/stickers/\(id)/remove", method: .POST), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        try Self.check(response.status, body: body)
    }

    /// Ends a game, nobody winning; the game as it is afterwards.
    func end(_ session: String) async throws -> SessionSummary {
        let response = try await send(request("/admin/api/games/\(session)/end", method: .POST), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        try Self.check(response.status, body: body)
        return try Self.decoder.decode(SessionSummary.self, from: Data(buffer: body))
    }

    /// Takes `account` out of a conversation (`remove`) or lets it back in (`readmit`).
    func membership(_ verb: String, account: String, in conversation: ConversationID) async throws {
        let response = try await send(
            request("/admin/api/conversations/\(conversation)/\(verb)/\(account)", method: .POST), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        try Self.check(response.status, body: body)
    }

    /// Has the server read its settings and certificate again.
    func reload() async throws -> ReloadReport {
        let response = try await send(request("/admin/api/reload", method: .POST), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        try Self.check(response.status, body: body)
        return try Self.decoder.decode(ReloadReport.self, from: Data(buffer: body))
    }

    /// Has the server write a new data folder at `folder` (absolute, on the server's machine).
    func backup(to folder: String) async throws -> AdminBackup {
        var request = request("/admin/api/backup", method: .POST)
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(["folder": folder])))
        let response = try await send(request, timeout: .minutes(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        try Self.check(response.status, body: body)
        return try Self.decoder.decode(AdminBackup.self, from: Data(buffer: body))
    }

    /// The moves of a game as they are stored, until the server or the caller ends it.
    func watch(_ session: String) async throws -> AsyncThrowingStream<AdminMove, any Error> {
        let response = try await send(request("/admin/api/games/\(session)/events"), timeout: .hours(24))
        try Self.check(response.status, body: nil)
        return AsyncThrowingStream { continuation in
            let reading = Task {
                var pending = ""
                do {
                    for try await chunk in response.body {
                        pending += String(buffer: chunk)
                        while let end = pending.range(of: "\n\n") {
                            let block = pending[..<end.lowerBound]
                            pending = String(pending[end.upperBound...])
                            for line in block.split(separator: "\n") where line.hasPrefix("data: ") {
                                continuation.yield(try Self.decoder.decode(AdminMove.self, from: Data(line.dropFirst(6).utf8)))
                            }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }

    private func request(_ path: String, method: HTTPMethod = .GET) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        return request
    }

    private func get<T: Decodable>(_ path: String) async throws -> T {
        let response = try await send(request(path), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 << 20)
        try Self.check(response.status, body: body)
        return try Self.decoder.decode(T.self, from: Data(buffer: body))
    }

    /// A refusal in the server's words (`admin-unauthorized`, `unknown-game`, …).
    private static func check(_ status: HTTPResponseStatus, body: ByteBuffer?) throws {
        guard status != .ok else { return }
        if let body, let error = try? decoder.decode(ErrorFrame.self, from: Data(buffer: body)) {
            throw Failure(description: "\(error.reason) (\(error.code), HTTP \(status.code))")
        }
        throw Failure(description: "The server answered HTTP \(status.code).")
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
