import GamePresentation
import GameRules

/// A game with no drawings of its own: two players count to three in turn. Its pages are the
/// plain ones every game gets.
struct CountingGame: GamePresentation {
    static let id: GameID = "counting"
    static let name = "Counting"
    static let variants = [Variant(id: "three", name: "To three", summary: "Count to three in turn.", seats: 2...2)]
    static let defaultTurnTimeout: Duration = .seconds(60)

    let variant: Variant

    init(variant: String) throws(RuleViolation) {
        self.variant = try Self.variant(named: variant)
    }

    var initialState: Int { 0 }

    func decode(_ items: [QueryItem]) throws(RuleViolation) -> Int {
        guard let value = items.first(where: { $0.name == "Count" })?.value, let count = Int(value), (0...3).contains(count) else {
            throw RuleViolation(.undecodableState, "The URL holds no count from 0 to 3.")
        }
        return count
    }

    func encode(_ state: Int) -> [QueryItem] { [QueryItem("Count", String(state))] }

    func turnPolicy(in state: Int) -> TurnPolicy { state < 3 ? .alternate(Seat(0), Seat(1)) : .nobody }

    func apply(_ move: Int, by seat: Seat, to state: Int) throws(RuleViolation) -> Int {
        guard move == state + 1 else { throw RuleViolation(.notOneMove, "Count one more.") }
        return move
    }

    func inferMove(from current: Int, to proposed: Int, by seat: Seat) throws(RuleViolation) -> Int { proposed }

    func outcome(of state: Int) -> Outcome {
        state < 3 ? .inProgress : .finished(winners: [Seat(0)], losers: [Seat(1)])
    }

    func view(of state: Int, for viewer: Seat?) -> Int { state }

    func texts(for move: Int, by seat: Seat, mover: String, from before: Int, to after: Int) -> StepTexts {
        StepTexts(caption: "\(mover) counted \(move).", summary: "\(move)", accessibilityLabel: "\(mover) counted \(move).")
    }

    func prompt(in state: Int) -> String? { state < 3 ? "Count \(state + 1)." : nil }
}
