import Crypto
import Foundation
import Hummingbird
import NIOCore
import Pipelines
import Transport
import Wire
import Timekeeping

/// Who may use `/admin`: nobody when no token is configured (the admin API is off, not
/// open); else only this machine, unless `admin.allowRemote`; and only with the token.
///
/// The API (`/admin/api/…`) takes the token only as `Authorization: Bearer TOKEN`. The pages a
/// browser opens take it once, as `/admin?token=TOKEN`, which is exchanged for a session
/// cookie (HttpOnly, Secure, SameSite=Strict, an hour, renewed by each page) and a redirect to
/// the same page without the token, so the token stays out of links, history and logs.
///
/// "This machine" is a loopback peer whose request was not forwarded: a request carrying
/// `Forwarded`, `X-Forwarded-For` or `X-Real-IP` came through a proxy, for someone elsewhere.
package struct AdminGate<Context: RemoteAddressRequestContext>: RouterMiddleware {
    /// The token as it stands now (a reload may replace it).
    package let token: AdminToken
    package let allowsRemote: Bool
    /// Where the session cookies' times are read.
    package let clock: any ServerClock

    package static var cookieName: String { "parley_admin" }
    package static var sessionSeconds: Int { 3600 }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = token.current else {
            return Self.refusal(.notFound, "admin-disabled",
                "The admin API is off: set admin.token (or PARLEY_ADMIN_TOKEN) to turn it on.")
        }
        guard allowsRemote || Self.isLocal(request, peer: context.remoteAddress) else {
            return Self.refusal(.forbidden, "admin-loopback-only",
                "The admin API answers only on this machine; admin.allowRemote lets other machines in.")
        }
        if let given = Self.bearer(request) {
            guard Self.sameSecret(given, token) else { return Self.wrongToken() }
            return try await next(request, context)
        }
        guard !request.uri.path.hasPrefix("/admin/api/") else { return Self.unauthorized() }
        let now = clock.now.date
        if let given = request.uri.queryParameters["token"] {
            guard Self.sameSecret(String(given), token) else { return Self.wrongToken() }
            return Response(status: .seeOther, headers: [
                .location: request.uri.path, .setCookie: Self.sessionCookie(for: token, at: now), .cacheControl: "no-store",
            ])
        }
        guard let session = Self.cookie(Self.cookieName, in: request), Self.isValid(session: session, for: token, at: now) else {
            return Self.unauthorized()
        }
        var response = try await next(request, context)
        response.headers[.setCookie] = Self.sessionCookie(for: token, at: now)
        return response
    }

    package static func unauthorized() -> Response {
        var response = refusal(.unauthorized, "admin-unauthorized",
            "The admin API needs its token: Authorization: Bearer TOKEN; a browser opens /admin?token=TOKEN once.")
        response.headers[.wwwAuthenticate] = "Bearer realm=\"parley-admin\""
        return response
    }

    /// A token given that is not the server's: said so, rather than asked for again.
    package static func wrongToken() -> Response {
        var response = refusal(.unauthorized, "admin-unauthorized",
            "The admin token given is not this server's: use the admin.token (or PARLEY_ADMIN_TOKEN) it was started with.")
        response.headers[.wwwAuthenticate] = "Bearer realm=\"parley-admin\", error=\"invalid_token\""
        return response
    }

    package static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
    }

    /// Compared by their SHA-256 digests, so the time taken says nothing of how much matched.
    package static func sameSecret(_ given: String, _ expected: String) -> Bool {
        SHA256.hash(data: Data(given.utf8)) == SHA256.hash(data: Data(expected.utf8))
    }

    /// A session: its expiry, and a MAC of it under the token. Changing the token ends every
    /// session.
    package static func session(for token: String, expiring expiry: Int) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("parley-admin-session \(expiry)".utf8), using: SymmetricKey(data: Data(token.utf8)))
        return "\(expiry).\(mac.map { String(format: "%02x", $0) }.joined())"
    }

    package static func sessionCookie(for token: String, at now: Date) -> String {
        let expiry = Int(now.timeIntervalSince1970) + sessionSeconds
        return "\(cookieName)=\(session(for: token, expiring: expiry)); Path=/admin; Max-Age=\(sessionSeconds); HttpOnly; Secure; SameSite=Strict"
    }

    package static func isValid(session: String, for token: String, at now: Date) -> Bool {
        guard let expiry = session.split(separator: ".", maxSplits: 1).first.flatMap({ Int($0) }),
            expiry > Int(now.timeIntervalSince1970)
        else { return false }
        return sameSecret(session, Self.session(for: token, expiring: expiry))
    }

    /// The value of cookie `name` in the request's `Cookie` headers.
    package static func cookie(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == name { return String(parts[1]) }
            }
        }
        return nil
    }

    package static func isLocal(_ request: Request, peer: SocketAddress?) -> Bool {
        let forwarded = ["Forwarded", "X-Forwarded-For", "X-Real-IP"].contains { name in
            request.headers[.init(name)!] != nil
        }
        return isLoopback(peer) && !forwarded
    }

    /// 127.0.0.0/8, ::1, or an IPv4 loopback address mapped into IPv6, read from the address's
    /// bytes.
    package static func isLoopback(_ address: SocketAddress?) -> Bool {
        switch address {
        case let .v4(v4)?:
            return UInt32(bigEndian: v4.address.sin_addr.s_addr) >> 24 == 127
        case let .v6(v6)?:
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            if bytes == Array(repeating: 0, count: 15) + [1] { return true }
            return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        default:
            return false
        }
    }

    package static func refusal(_ status: HTTPResponse.Status, _ code: String, _ reason: String) -> Response {
        let body = (try? WireJSON.encode(ErrorFrame(code: code, reason: reason))) ?? Data()
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
