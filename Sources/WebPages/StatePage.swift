import Fairness
import GameCatalog
import GamePresentation
import GameRules

/// The page behind every state URL, as a Mac showed a message it had no extension for: the
/// state drawn as its recipient may see it, with its caption. It reads nothing but the URL,
/// so it can show no more than the URL holds, and the server hands each participant a URL
/// with only what they may see (a guesser's has `Hidden=0`, never a ship).
///
/// Paths: `/g/GAME?…` (Parley's URLs), `/battleship?…` (the original Battleship's) and
/// `/?Base=…` (the original Ice Cream's, which is only a query). A URL that does not decode
/// gets a 400 page saying why.
public enum StatePage {
    /// `key`: the server's signing key, with which a signed URL's page says whether the server
    /// signed it as it stands (docs/FAIRNESS.md).
    /// `held`: the digests of the message before a signed URL's, as this server holds it (each
    /// viewer's copy), when it was asked; with them the page says whether the chain is intact.
    /// `replay`: the path of the replay of the URL's game, when the server holds it finished.
    public static func page(
        path: String, query: String, catalog: GameCatalog = .standard, key: ChainPublicKey? = nil, held: Set<ChainDigest>? = nil,
        replay: String? = nil
    ) -> WebPage {
        let game: String
        switch path {
        case _ where path.hasPrefix("/g/"): game = String(path.dropFirst(3))
        case "/", "":
            guard !query.isEmpty else { return home }
            guard let type = catalog.type(originalPagePath: "/") else { return refusal("There is no page at \(path).") }
            game = type.id.rawValue
        default:
            guard let type = catalog.type(originalPagePath: path) else { return refusal("There is no page at \(path).") }
            game = type.id.rawValue
        }
        do throws(RuleViolation) {
            let items = try QueryString.items(in: "?" + query)
            guard let type = catalog.type(GameID(rawValue: game)) else {
                return refusal("This server hosts no game called \(game).")
            }
            let seal = key.flatMap { signature(of: "/g/\(game)?" + query, key: $0, catalog: catalog, held: held) }
            var more = replay.map { "<p><a id=\"replay\" href=\"\(HTML.escaped($0))\">Replay this game, move by move</a></p>" } ?? ""
            if type.makesSticker(items) {
                // The sticker the server draws of this state, shown, and linked to be saved.
                let png = "/g/\(HTML.escaped(game))/sticker.png?\(HTML.escaped(query))"
                let name = HTML.escaped(type.name.lowercased())
                more += "<figure><img id=\"sticker-image\" src=\"\(png)\" width=\"200\" height=\"260\" alt=\"This \(name) as a sticker\">"
                    + "<figcaption><a id=\"sticker\" href=\"\(png)\">This \(name) as a sticker (PNG)</a></figcaption></figure>"
            }
            return statePage(try type.stateCard(of: items), seal: seal, more: more)
        } catch {
            return refusal(error.reason)
        }
    }

    /// The 400 page: what was wrong, in words, and nothing of the request echoed unescaped.
    public static func refusal(_ reason: String) -> WebPage {
        WebPage(status: 400, html: HTML.document(title: "Not a game state", body: """
            <h1>This link holds no game</h1>
            <p class="error" id="reason">\(HTML.escaped(reason))</p>
            """))
    }

    static var home: WebPage {
        WebPage(status: 200, html: HTML.document(title: "Parley", body: """
            <h1>Parley</h1>
            <p>A server for turn-based games played in conversations. Every move is a message whose
            URL holds the game's state; such a URL opens here as a picture of that state.</p>
            """))
    }

    /// What the server's own check says of a signed URL, as a paragraph; `nil` for a URL
    /// without any chain item. Alone, a URL shows its place in its session and that its answers
    /// agree with its own commitments; `parley verify` checks a run of them.
    static func signature(of url: String, key: ChainPublicKey, catalog: GameCatalog, held: Set<ChainDigest>? = nil) -> String? {
        guard url.contains(ChainItem.prefix) else { return nil }
        var witness = MessageWitness(key: key)
        do {
            let message = try witness.check(url, boards: catalog.hiddenBoards)
            let chain: String
            switch (message.previous, held) {
            case (nil, _): chain = "it begins its session's chain"
            case let (previous?, held?) where held.contains(previous):
                chain = "chain intact: it follows message \(message.message - 1) of its session as this server holds it"
            case (_?, _?):
                chain = "but CHAIN BROKEN: this server holds no message \(message.message - 1) of its session whose digest it names"
            case let (previous?, nil): chain = "it follows the message whose digest is \(previous.text)"
            }
            let text = "Signed by this server (key SHA-256 \(key.fingerprint.prefix(16))…), message \(message.message) of "
                + "session \(message.session); \(chain)."
            return "<p id=\"signature\" class=\"signed\">\(HTML.escaped(text))</p>"
        } catch {
            let text = "Not as this server signed it: \(error.reason)"
            return "<p id=\"signature\" class=\"error\">\(HTML.escaped(text))</p>"
        }
    }

    /// The state's page: its title, its bubble, then `seal` and `more` (HTML).
    private static func statePage(_ card: StateCard, seal: String? = nil, more: String = "") -> WebPage {
        WebPage(status: 200, html: HTML.document(title: "\(card.title): \(card.caption)", body: """
            <h1>\(HTML.escaped(card.title))</h1>
            \(bubble(card))
            \(seal ?? "")
            \(more)
            """))
    }

    /// A message bubble: the picture over the captions, as Messages draws one, then whose turn
    /// it is and what a screen reader says of it.
    static func bubble(_ card: StateCard) -> String {
        let sub = card.subcaption.isEmpty ? "" : "<p class=\"subcaption\" id=\"subcaption\">\(HTML.escaped(card.subcaption))</p>"
        let state = card.status.isEmpty ? "" : "<p id=\"status\">\(HTML.escaped(card.status))</p>"
        let spoken = card.label.map { "<p class=\"subcaption\" id=\"label\">\(HTML.escaped($0))</p>" } ?? ""
        return """
            <div class="bubble">
            <div class="picture">\(card.picture)</div>
            <div class="texts">
            <p class="caption" id="caption">\(HTML.escaped(card.caption))</p>
            \(sub)
            </div>
            </div>
            \(state)
            \(spoken)
            """
    }
}
