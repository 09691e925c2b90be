import Hummingbird
import WebPages

/// Headers that every HTTP response carries: the pages are served only over TLS, hold no
/// script, load nothing from elsewhere and may not be framed; no response is sniffed as
/// another type; no link hands the page's address (which may hold a state URL) to another site.
package struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package static var headers: HTTPFields {
        [
            .strictTransportSecurity: "max-age=31536000",
            .xContentTypeOptions: "nosniff",
            .contentSecurityPolicy:
                "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
            .init("X-Frame-Options")!: "DENY",
            .init("Referrer-Policy")!: "no-referrer",
        ]
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && request.method == .get && !request.uri.path.hasPrefix("/admin/api") {
            // A path nothing answers (the router's own 404) gets a page, not an empty body.
            response = try HTMLResponse(NotFoundPage.page(path: request.uri.path)).response(from: request, context: context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for field in Self.headers where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }
}
