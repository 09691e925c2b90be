import Hummingbird
import NIOCore
import WebPages

/// A page as an HTTP response: its status, and its HTML as UTF-8.
package struct HTMLResponse: ResponseGenerator {
    package let page: WebPage

    package init(_ page: WebPage) { self.page = page }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: HTTPResponse.Status(code: page.status),
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: page.html)))
    }
}
