import GameRules

/// A game as Parley shows it, beside its rules: what its state page and the operator's page
/// draw, and how the terminal client draws and plays it (`TerminalPresentation`). A game's folder conforms its game to this; the pages, the admin and the catalog work
/// from it alone and know no game by name. Every requirement has a plain default (the state's
/// items in a table), so a game without drawings of its own is shown all the same.
public protocol GamePresentation: TerminalPresentation {
    /// The path of the original app's state URLs, which opens the page `/g/ID` opens (`/`
    /// for URLs that are only a query); `nil` for a game with no such URLs.
    static var originalPagePath: String? { get }

    /// The card of the state page for `state`, as the viewer its URL was written for may see
    /// it (a URL holds only what its recipient may see).
    func stateCard(for state: State) -> StateCard

    /// The whole true state drawn for the operator, hidden parts included: HTML.
    func truePicture(of state: State) -> String

    /// The game's name with its variant's, for titles: "Battleship (classic)".
    var title: String { get }

    /// The state as a sticker's picture, for a game whose finished states make stickers (an ice
    /// cream); `nil` for a state that makes none.
    func sticker(of state: State) -> Canvas?

    /// Whether `sticker(of:)` draws this state, answered without drawing it.
    func makesSticker(_ state: State) -> Bool

    /// How the web client draws and plays the game: a JavaScript module (docs/WEBCLIENT.md says
    /// what it exports), served as `/client/games/ID.js`; `nil` for a game the web client plays
    /// through a plain form of its query items.
    static var webPresentation: [UInt8]? { get }
}

/// A state page's card, as Messages draws a message: the picture over the captions.
public struct StateCard: Hashable, Sendable {
    /// The page's title: the game and its variant.
    public var title: String
    public var caption: String
    public var subcaption: String
    /// The state drawn: HTML (usually SVG), everything from the URL escaped.
    public var picture: String
    /// Whose turn, or that the game is over.
    public var status: String
    /// What a screen reader says of the state.
    public var label: String?

    public init(title: String, caption: String, subcaption: String = "", picture: String, status: String, label: String? = nil) {
        self.title = title
        self.caption = caption
        self.subcaption = subcaption
        self.picture = picture
        self.status = status
        self.label = label
    }
}

extension GamePresentation {
    public static var originalPagePath: String? { nil }

    public func stateCard(for state: State) -> StateCard {
        StateCard(
            title: title, caption: "A game of \(Self.name)", picture: itemsTable(encode(state)),
            status: statusLine(of: state))
    }

    public func truePicture(of state: State) -> String {
        itemsTable(encode(state))
    }

    public func sticker(of state: State) -> Canvas? { nil }

    public func makesSticker(_ state: State) -> Bool { false }

    public static var webPresentation: [UInt8]? { nil }

    /// The game's name with its variant's: "Battleship (classic)".
    public var title: String { Self.variants.count > 1 ? "\(Self.name) (\(variant.id))" : Self.name }

    /// "Game over", or the game's prompt.
    public func statusLine(of state: State) -> String {
        outcome(of: state).isFinished ? "Game over" : (prompt(in: state) ?? "")
    }

    /// A state's query items as a table, for a game that draws nothing of its own.
    public func itemsTable(_ items: [QueryItem]) -> String {
        let rows = items.map { "<tr><td><code>\(HTML.escaped($0.name))</code></td><td><code>\(HTML.escaped($0.value ?? ""))</code></td></tr>" }
        return "<table class=\"state\">\(rows.joined())</table>"
    }

    /// The card of the state in `items`, read by this game in the variant they name.
    public static func stateCard(of items: [QueryItem]) throws(RuleViolation) -> StateCard {
        let game = try Self(variant: variant(of: items) ?? defaultVariant.id)
        return game.stateCard(for: try game.decode(items))
    }

    /// Whether the state in `items` makes a sticker, without drawing it.
    public static func makesSticker(_ items: [QueryItem]) -> Bool {
        guard let game = try? Self(variant: variant(of: items) ?? defaultVariant.id), let state = try? game.decode(items) else { return false }
        return game.makesSticker(state)
    }

    /// The sticker's picture of the state in `items`, if it makes one.
    public static func sticker(of items: [QueryItem]) throws(RuleViolation) -> Canvas? {
        let game = try Self(variant: variant(of: items) ?? defaultVariant.id)
        return game.sticker(of: try game.decode(items))
    }

    /// The true state in `items` drawn for the operator.
    public static func truePicture(of items: [QueryItem]) throws(RuleViolation) -> String {
        let game = try Self(variant: variant(of: items) ?? defaultVariant.id)
        return game.truePicture(of: try game.decode(items))
    }
}
