import GameCatalog
import GamePresentation
import GameRules

/// A game from outside the standard catalog, as another package would write it: seven stones,
/// each player takes one to three in turn, and whoever takes the last one wins. A move adds an
/// item (`?Take=2&Take=3`), it has no keys of its own, and its bubble is its own drawing.
public struct NimGame: GamePresentation {
    public static let id: GameID = "nim"
    public static let name = "Nim"
    public static let variants = [Variant(id: "seven", name: "Seven stones", summary: "Take 1 to 3 in turn.", seats: 2...2)]
    public static let defaultTurnTimeout: Duration = .seconds(60)
    public static let stones = 7

    /// The standard games and this one: a client or server built by the package that has it.
    public static let catalog = GameCatalog(GameCatalog.standard.games + [NimGame.self])

    public let variant: Variant

    public init(variant: String) throws(RuleViolation) {
        self.variant = try Self.variant(named: variant)
    }

    public var initialState: [Int] { [] }

    public func decode(_ items: [QueryItem]) throws(RuleViolation) -> [Int] {
        var takes: [Int] = []
        for item in items where item.name == "Take" {
            guard let take = item.value.flatMap(Int.init), (1...3).contains(take) else {
                throw .undecodable("Take=\(item.value ?? "") takes no 1 to 3 stones.")
            }
            takes.append(take)
            guard takes.reduce(0, +) <= Self.stones else { throw .undecodable("There are only \(Self.stones) stones.") }
        }
        return takes
    }

    public func encode(_ state: [Int]) -> [QueryItem] { state.map { QueryItem("Take", String($0)) } }

    public func left(_ state: [Int]) -> Int { Self.stones - state.reduce(0, +) }

    public func turnPolicy(in state: [Int]) -> TurnPolicy { left(state) == 0 ? .nobody : .only(Seat(state.count % 2)) }

    public func apply(_ move: Int, by seat: Seat, to state: [Int]) throws(RuleViolation) -> [Int] {
        guard move <= left(state) else { throw .illegal("Only \(left(state)) stones are left.") }
        return state + [move]
    }

    public func inferMove(from current: [Int], to proposed: [Int], by seat: Seat) throws(RuleViolation) -> Int {
        guard proposed.count == current.count + 1, Array(proposed.dropLast()) == current, let take = proposed.last else {
            throw .notOneMove("Take once more.")
        }
        return take
    }

    public func outcome(of state: [Int]) -> Outcome {
        guard left(state) == 0 else { return .inProgress }
        let last = Seat((state.count - 1) % 2)
        return .finished(winners: [last], losers: [Seat(1 - last.index)])
    }

    public func view(of state: [Int], for viewer: Seat?) -> [Int] { state }

    public func texts(for move: Int, by seat: Seat, mover: String, from before: [Int], to after: [Int]) -> StepTexts {
        StepTexts(
            caption: "\(mover) took \(move): \(left(after)) left.", summary: "\(mover) took \(move)",
            accessibilityLabel: "\(mover) took \(move).")
    }

    public func prompt(in state: [Int]) -> String? { left(state) == 0 ? nil : "Take 1 to 3" }

    public func bubblePicture(of state: [Int], seat: Seat?, width: Int, mode: ColourMode) -> [Styled] {
        [Styled(String(repeating: "o ", count: left(state)) + "(\(left(state)) stones left)")]
    }

    public static var lineVerbs: [LineVerb] {
        [LineVerb(verb: "take", argument: "N", help: "Nim: move CONV SEQ Take=N") { word throws(RuleViolation) in
            guard let take = Int(word), (1...3).contains(take) else { throw .illegal("\(word) is not 1, 2 or 3.") }
            return "Take=\(take)"
        }]
    }
}
