import GameRules
import Testing

/// A counting game small enough to see every rule of `Match`: seats take turns adding 1 or
/// 2 to a total (round robin over three seats); reaching 5 ends it and the mover wins.
struct CountTo5: Game {
    static let id: GameID = "count"
    static let name = "Count to 5"
    static let defaultTurnTimeout: Duration = .seconds(60)
    static let variants = [Variant(id: "three", name: "Three", summary: "Three seats.", seats: 1...3)]
    let variant = CountTo5.defaultVariant

    init(variant: String) throws(RuleViolation) { _ = try Self.variant(named: variant) }

    var initialState: Int { 0 }
    func decode(_ items: [QueryItem]) throws(RuleViolation) -> Int {
        guard let total = items.lastValue(named: "total").flatMap(Int.init), (0...6).contains(total) else {
            throw .undecodable("No total.")
        }
        return total
    }
    func encode(_ state: Int) -> [QueryItem] { [QueryItem("total", String(state))] }
    func turnPolicy(in state: Int) -> TurnPolicy { state >= 5 ? .nobody : .roundRobin(seats: 3) }
    func apply(_ move: Int, by seat: Seat, to state: Int) throws(RuleViolation) -> Int {
        guard move == 1 || move == 2 else { throw .illegal("Add 1 or 2.") }
        return state + move
    }
    func inferMove(from current: Int, to proposed: Int, by seat: Seat) throws(RuleViolation) -> Int {
        proposed - current
    }
    func outcome(of state: Int) -> Outcome { state >= 5 ? .finished(winners: [], losers: []) : .inProgress }
    func view(of state: Int, for viewer: Seat?) -> Int { state }
    func texts(for move: Int, by seat: Seat, mover: String, from before: Int, to after: Int) -> StepTexts {
        StepTexts(caption: "\(mover) added \(move)", summary: "\(mover) +\(move)", accessibilityLabel: "Total \(after)")
    }
    func prompt(in state: Int) -> String? { state >= 5 ? nil : "Add 1 or 2" }
}

@Suite struct MatchTests {
    let game = try! CountTo5(variant: "three")

    @Test func refusalsComeInOrderAndChangeNothing() throws {
        var match = Match(game: game)
        #expect(throws: RuleViolation.notYourTurn) { try match.play(1, by: Seat(1), mover: "$B") }
        #expect(throws: RuleViolation(.tableFull, "Count to 5 seats at most 3 players.")) {
            try match.play(1, by: Seat(3), mover: "$D")
        }
        #expect(throws: RuleViolation.illegal("Add 1 or 2.")) { try match.play(3, by: Seat(0), mover: "$A") }
        #expect(match.state == 0 && match.moveCount == 0 && match.lastMover == nil)

        let step = try match.play(2, by: Seat(0), mover: "$A")
        #expect(step.texts.caption == "$A added 2")
        #expect(step.before == 0 && step.after == 2 && step.outcome == .inProgress)
        #expect(match.lastMover == Seat(0) && match.moveCount == 1 && match.turn == .seat(Seat(1)))
        try match.propose(4, by: Seat(1), mover: "$B")
        try match.propose(5, by: Seat(2), mover: "$C")
        #expect(match.outcome.isFinished && match.turn == .nobody)
        #expect(throws: RuleViolation.gameOver) { try match.play(1, by: Seat(0), mover: "$A") }
        #expect(match.moveCount == 3)
    }

    @Test func anyGameHidesTheStateTypeBehindQueryItems() throws {
        var match = AnyGame(game).newMatch()
        #expect(match.gameID == "count" && match.prompt == "Add 1 or 2")
        let step = try match.propose([QueryItem("total", "1")], by: Seat(0), mover: "$A")
        #expect(step.move == "1" && step.seat == Seat(0) && step.texts.summary == "$A +1")
        #expect(match.trueState == [QueryItem("total", "1")] && match.state(for: nil) == match.trueState)
        #expect(throws: RuleViolation.undecodable("No total.")) {
            try match.propose([QueryItem("total", "x")], by: Seat(1), mover: "$B")
        }
        #expect(throws: RuleViolation.notYourTurn) {
            try match.propose([QueryItem("total", "2")], by: Seat(2), mover: "$C")
        }

        let restored = try AnyGame(game).restoreMatch(state: match.trueState, lastMover: Seat(0), moveCount: 1)
        #expect(restored.turn == .seat(Seat(1)) && restored.moveCount == 1)
        #expect(try AnyGame(game).view(of: [QueryItem("total", "3")], for: Seat(0)) == [QueryItem("total", "3")])
    }

    @Test func unknownVariantsNameTheKnownOnes() {
        #expect(throws: RuleViolation(.unknownVariant, "Count to 5 has no variant \"two\"; it has three.")) {
            try CountTo5(variant: "two")
        }
    }
}

@Suite struct TimeoutTests {
    @Test func aForfeitEndsTheGameWithTheSeatToMoveLosing() throws {
        var match = Match(game: try CountTo5(variant: "three"))
        try match.play(1, by: Seat(0), mover: "$A")
        #expect(try match.timeOut() == .forfeited(Seat(1)))
        #expect(match.turn == .nobody)
        #expect(match.outcome == .finished(winners: [], losers: [Seat(1)]), "three seats: nobody wins a forfeit")
        #expect(throws: RuleViolation.gameOver) { try match.timeOut() }
        #expect(throws: RuleViolation.gameOver) { try match.play(1, by: Seat(1), mover: "$B") }
    }

    @Test func aSkipForgetsTheLastMover() throws {
        struct Patient: Game {
            static let id: GameID = "patient"
            static let name = "Patient"
            static let defaultTurnTimeout: Duration = .seconds(60)
            static let variants = [Variant(id: "any", name: "Any", summary: "", seats: 1...4)]
            let variant = Patient.defaultVariant
            init(variant: String) throws(RuleViolation) {}
            var initialState: Int { 0 }
            var timeoutRule: TimeoutRule { .skip }
            func decode(_ items: [QueryItem]) throws(RuleViolation) -> Int { 0 }
            func encode(_ state: Int) -> [QueryItem] { [] }
            func turnPolicy(in state: Int) -> TurnPolicy { .anyoneButLastMover }
            func apply(_ move: Int, by seat: Seat, to state: Int) throws(RuleViolation) -> Int { state + move }
            func inferMove(from current: Int, to proposed: Int, by seat: Seat) throws(RuleViolation) -> Int { proposed - current }
            func outcome(of state: Int) -> Outcome { .inProgress }
            func view(of state: Int, for viewer: Seat?) -> Int { state }
            func texts(for move: Int, by seat: Seat, mover: String, from before: Int, to after: Int) -> StepTexts {
                StepTexts(caption: "", summary: "", accessibilityLabel: "")
            }
            func prompt(in state: Int) -> String? { nil }
        }
        var match = Match(game: try Patient(variant: "any"))
        try match.play(1, by: Seat(2), mover: "$C")
        #expect(match.turn == .anyoneExcept(Seat(2)))
        #expect(try match.timeOut() == .skipped(after: Seat(2)))
        #expect(match.turn == .anyone && match.outcome == .inProgress)
        try match.play(1, by: Seat(2), mover: "$C")
    }

}
