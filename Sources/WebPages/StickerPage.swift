import GamePresentation
import Wire

/// `/stickers/ID`: a sticker's page, its image as it was sent, with its name and what it is.
public enum StickerPage {
    public static func page(_ sticker: Sticker) -> WebPage {
        let name = HTML.escaped(sticker.name)
        return WebPage(status: 200, html: HTML.document(title: "Sticker: \(sticker.name)", body: """
            <h1>Sticker</h1>
            <figure>
            <img id="sticker" src="/stickers/\(HTML.escaped(sticker.id))/image" width="\(sticker.width)" height="\(sticker.height)" alt="\(name)">
            <figcaption id="name">\(name)</figcaption>
            </figure>
            <p id="details">\(sticker.format.uppercased()), \(sticker.width)x\(sticker.height) pixels, \(sticker.bytes) bytes</p>
            """))
    }

    public static func missing(id: String) -> WebPage {
        WebPage(status: 404, html: HTML.document(title: "No sticker", body: """
            <h1>No sticker</h1>
            <p class="error" id="reason">This server holds no sticker \(HTML.escaped(id)).</p>
            """))
    }
}
