/// A page the server answers with: its HTTP status and its HTML.
public struct WebPage: Hashable, Sendable {
    public let status: Int
    public let html: String

    public init(status: Int, html: String) {
        self.status = status
        self.html = html
    }
}
