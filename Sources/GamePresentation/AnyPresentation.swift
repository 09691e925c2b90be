import GameRules

/// A game's presentation with its variant chosen and its types hidden, for the client, the
/// pages and the admin, which know no game by name: states go in and out as query items, and
/// a draft is boxed (`GameDraft`). A state that does not decode throws the game's reason.
public struct AnyPresentation: Sendable {
    private let base: any GamePresentation

    public init(_ game: some GamePresentation) { base = game }

    public var id: GameID { type(of: base).id }
    public var name: String { type(of: base).name }
    public var variant: Variant { base.variant }
    /// "Battleship (classic)", "Ice Cream".
    public var title: String { base.title }
    public var lineVerbs: [LineVerb] { type(of: base).lineVerbs }

    public func newDraft() -> GameDraft { Self.newDraft(base) }

    /// Whether the game has keys of its own on the expanded screen: a `Draft` other than
    /// `NoDraft`. A game without is played there by typing the items its move adds.
    public var hasKeys: Bool { Self.hasKeys(base) }

    /// Throws the game's reason when `items` are no state of it.
    public func check(_ items: [QueryItem]) throws(RuleViolation) {
        try Self.check(base, items)
    }

    public func bubblePicture(of items: [QueryItem], seat: Seat? = nil, width: Int, mode: ColourMode) throws(RuleViolation) -> [Styled] {
        try Self.bubble(base, items, seat, width, mode)
    }

    public func trueLines(of items: [QueryItem], width: Int, mode: ColourMode) throws(RuleViolation) -> [Styled] {
        try Self.truth(base, items, width, mode)
    }

    /// The expanded screen's picture of `shown` (`nil`: a new game's initial state) with the
    /// draft, or with `staged`.
    public func expandedLines(
        shown: [QueryItem]?, seat: Seat? = nil, draft: GameDraft, staged: [QueryItem]?, width: Int, height: Int, mode: ColourMode
    ) throws(RuleViolation) -> [Styled] {
        try Self.expanded(base, shown, seat, draft, staged, width, height, mode)
    }

    public func hint(shown: [QueryItem]?, draft: GameDraft) throws(RuleViolation) -> String {
        try Self.hint(base, shown, draft)
    }

    /// A key on the expanded screen: the proposal it staged, as items with its words, and
    /// what becomes of the error line.
    public func press(_ key: Key, draft: inout GameDraft, shown: [QueryItem]?) throws(RuleViolation)
        -> DraftChange<[QueryItem]>
    {
        try Self.press(base, key, &draft, shown)
    }

    public func unstage(_ draft: inout GameDraft) { Self.unstage(base, &draft) }
    public func cancel(_ draft: inout GameDraft) -> Bool { Self.cancel(base, &draft) }
    public func discard(_ draft: inout GameDraft) { Self.discard(base, &draft) }

    public func banner(of items: [QueryItem]) throws(RuleViolation) -> String? {
        try Self.banner(base, items)
    }

    /// The drawer's line about the finished games in `finished` (oldest first); states that
    /// do not decode are left out.
    public func drawerLine(finished: [[QueryItem]], width: Int) -> Styled? {
        Self.drawerLine(base, finished, width)
    }

    // MARK: Each with the game's types

    private static func hasKeys<G: GamePresentation>(_ game: G) -> Bool {
        G.Draft.self != NoDraft.self
    }

    private static func newDraft<G: GamePresentation>(_ game: G) -> GameDraft {
        GameDraft(game.newDraft())
    }

    private static func state<G: GamePresentation>(_ game: G, _ items: [QueryItem]?) throws(RuleViolation) -> G.State {
        guard let items else { return game.initialState }
        return try game.decode(items)
    }

    private static func draft<G: GamePresentation>(_ game: G, _ draft: GameDraft) -> G.Draft {
        draft.value as? G.Draft ?? game.newDraft()
    }

    private static func check<G: GamePresentation>(_ game: G, _ items: [QueryItem]) throws(RuleViolation) {
        _ = try game.decode(items)
    }

    private static func bubble<G: GamePresentation>(
        _ game: G, _ items: [QueryItem], _ seat: Seat?, _ width: Int, _ mode: ColourMode
    ) throws(RuleViolation) -> [Styled] {
        game.bubblePicture(of: try game.decode(items), seat: seat, width: width, mode: mode)
    }

    private static func truth<G: GamePresentation>(_ game: G, _ items: [QueryItem], _ width: Int, _ mode: ColourMode) throws(RuleViolation)
        -> [Styled]
    {
        game.trueLines(of: try game.decode(items), width: width, mode: mode)
    }

    private static func expanded<G: GamePresentation>(
        _ game: G, _ shown: [QueryItem]?, _ seat: Seat?, _ draft: GameDraft, _ staged: [QueryItem]?, _ width: Int, _ height: Int,
        _ mode: ColourMode
    ) throws(RuleViolation) -> [Styled] {
        let proposal = try staged.map { items throws(RuleViolation) in try game.decode(items) }
        return game.expandedLines(
            of: try state(game, shown), seat: seat, draft: Self.draft(game, draft), staged: proposal, width: width,
            height: height, mode: mode)
    }

    private static func hint<G: GamePresentation>(_ game: G, _ shown: [QueryItem]?, _ draft: GameDraft) throws(RuleViolation) -> String {
        game.hint(for: try state(game, shown), draft: Self.draft(game, draft))
    }

    private static func press<G: GamePresentation>(_ game: G, _ key: Key, _ boxed: inout GameDraft, _ shown: [QueryItem]?)
        throws(RuleViolation) -> DraftChange<[QueryItem]>
    {
        var draft = Self.draft(game, boxed)
        let change = game.press(key, draft: &draft, in: try state(game, shown))
        boxed = GameDraft(draft)
        return DraftChange(staged: change.staged.map { (game.encode($0.state), $0.words) }, error: change.error)
    }

    private static func unstage<G: GamePresentation>(_ game: G, _ boxed: inout GameDraft) {
        var draft = Self.draft(game, boxed)
        game.unstage(&draft)
        boxed = GameDraft(draft)
    }

    private static func cancel<G: GamePresentation>(_ game: G, _ boxed: inout GameDraft) -> Bool {
        var draft = Self.draft(game, boxed)
        let undone = game.cancel(&draft)
        boxed = GameDraft(draft)
        return undone
    }

    private static func discard<G: GamePresentation>(_ game: G, _ boxed: inout GameDraft) {
        var draft = Self.draft(game, boxed)
        game.discard(&draft)
        boxed = GameDraft(draft)
    }

    private static func banner<G: GamePresentation>(_ game: G, _ items: [QueryItem]) throws(RuleViolation) -> String? {
        game.banner(of: try game.decode(items))
    }

    private static func drawerLine<G: GamePresentation>(_ game: G, _ finished: [[QueryItem]], _ width: Int) -> Styled? {
        G.drawerLine(finished: finished.compactMap { try? game.decode($0) }, width: width)
    }
}

/// A game's draft on the expanded screen, its type hidden (`TerminalPresentation.Draft`).
public struct GameDraft: Hashable, Sendable {
    fileprivate let value: any Hashable & Sendable

    fileprivate init(_ value: some Hashable & Sendable) { self.value = value }

    /// A draft of no game's: a game's own takes its place at its first use.
    public static var none: GameDraft { GameDraft(NoDraft()) }

    /// The keys of a game played by typing the items its move adds.
    public static let typedItemsHint = "Type the items your move adds, such as Shot=8; Enter stages them, Esc back"

    public static func == (left: GameDraft, right: GameDraft) -> Bool {
        left.hashable == right.hashable
    }

    private var hashable: AnyHashable { Self.erase(value) }

    private static func erase<H: Hashable & Sendable>(_ value: H) -> AnyHashable { AnyHashable(value) }

    public func hash(into hasher: inout Hasher) {
        hashable.hash(into: &hasher)
    }
}
