/// One file of the web client as the server serves it: its bytes and its media type.
public struct WebClientFile: Sendable {
    public let bytes: [UInt8]
    public let contentType: String

    init(_ bytes: [UInt8], _ contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
    }

    /// The page at `/`.
    public static let page = WebClientFile(PackageResources.index_html, html)

    /// The client's file called `name` (`app.js`), served at `/client/NAME`; `nil` for a name
    /// that is none of them.
    public static func named(_ name: String) -> WebClientFile? {
        files[name]
    }

    /// A game's web presentation, served at `/client/games/GAME.js`.
    public static func module(_ bytes: [UInt8]) -> WebClientFile {
        WebClientFile(bytes, javaScript)
    }

    static let html = "text/html; charset=utf-8"
    static let javaScript = "text/javascript; charset=utf-8"
    static let css = "text/css; charset=utf-8"

    private static let files: [String: WebClientFile] = [
        "style.css": WebClientFile(PackageResources.style_css, css),
        "app.js": WebClientFile(PackageResources.app_js, javaScript),
        "connection.js": WebClientFile(PackageResources.connection_js, javaScript),
        "keys.js": WebClientFile(PackageResources.keys_js, javaScript),
        "verify.js": WebClientFile(PackageResources.verify_js, javaScript),
        "bytes.js": WebClientFile(PackageResources.bytes_js, javaScript),
        "dom.js": WebClientFile(PackageResources.dom_js, javaScript),
        "items.js": WebClientFile(PackageResources.items_js, javaScript),
        "conversation.js": WebClientFile(PackageResources.conversation_js, javaScript),
        "store.js": WebClientFile(PackageResources.store_js, javaScript),
        "seeking.js": WebClientFile(PackageResources.seeking_js, javaScript),
    ]
}

extension WebClientFile {
    /// JSON made by the server (the catalog).
    public init(json: [UInt8]) {
        self.init(json, "application/json")
    }
}
