import Crypto
import Foundation
import Hummingbird
import NIOCore
import Wire

/// Who may use `/admin`: nobody when no token is configured (the admin API is off, not
/// open); else only loopback peers, unless `admin.allowRemote`; and only with the token, as
/// `Authorization: Bearer TOKEN` or, for the pages a browser opens, `?token=TOKEN`.
struct AdminGate<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let token: String?
    let allowsRemote: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token else {
            return Self.refusal(.notFound, "admin-disabled",
                "The admin API is off: set admin.token (or PARLEY_ADMIN_TOKEN) to turn it on.")
        }
        guard allowsRemote || Self.isLoopback(context.remoteAddress) else {
            return Self.refusal(.forbidden, "admin-loopback-only",
                "The admin API answers only on this machine; admin.allowRemote lets other machines in.")
        }
        guard let given = Self.presentedToken(request), Self.sameSecret(given, token) else {
            var response = Self.refusal(.unauthorized, "admin-unauthorized",
                "The admin API needs its token: Authorization: Bearer TOKEN.")
            response.headers[.wwwAuthenticate] = "Bearer realm=\"parley-admin\""
            return response
        }
        return try await next(request, context)
    }

    static func presentedToken(_ request: Request) -> String? {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.uri.queryParameters["token"].map(String.init)
    }

    /// Compared by their SHA-256 digests, so the time taken says nothing of how much matched.
    static func sameSecret(_ given: String, _ expected: String) -> Bool {
        SHA256.hash(data: Data(given.utf8)) == SHA256.hash(data: Data(expected.utf8))
    }

    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let ip = address?.ipAddress else { return false }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }

    static func refusal(_ status: HTTPResponse.Status, _ code: String, _ reason: String) -> Response {
        let body = (try? WireJSON.encode(ErrorFrame(code: code, reason: reason))) ?? Data()
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
