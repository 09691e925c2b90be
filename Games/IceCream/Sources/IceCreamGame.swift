import GameRules

/// The Ice Cream builder of the original Messages sample: people build an ice cream one part
/// at a time (base, scoops, topping), each step a new message. Parley's server is the judge of
/// the steps, where the original trusted every device.
public struct IceCreamGame: Game {
    public static let id: GameID = "icecream"
    public static let name = "Ice Cream"
    /// Ten minutes a layer: the group is in no hurry.
    public static let defaultTurnTimeout: Duration = .seconds(600)
    public static let variants = [
        Variant(
            id: "group", name: "Group",
            summary: "Build an ice cream together: each step is made by someone other than whoever made the one before.",
            seats: 2...64),
        Variant(
            id: "solo", name: "Solo",
            summary: "Build an ice cream alone, or with anyone adding the next part whenever they like.",
            seats: 1...64),
    ]

    public let variant: Variant

    public init(variant: String) throws(RuleViolation) {
        self.variant = try Self.variant(named: variant)
    }

    /// The default variant, `group`.
    public init() { variant = Self.defaultVariant }

    public var initialState: IceCream { .empty }

    public func turnPolicy(in state: IceCream) -> TurnPolicy {
        guard !state.isComplete else { return .nobody }
        return variant.id == "solo" ? .anyone : .anyoneButLastMover
    }

    /// Nobody loses an ice cream by being slow: the turn passes, even back to the last builder.
    public var timeoutRule: TimeoutRule { .skip }

    public func outOfTurn(_ seat: Seat, in state: IceCream) -> RuleViolation {
        turnPolicy(in: state) == .anyoneButLastMover ? .stepTwice : .notYourTurn
    }

    public func apply(_ move: IceCreamMove, by seat: Seat, to state: IceCream) throws(RuleViolation) -> IceCream {
        try checkNext(move.part, in: state)
        return move.applied(to: state)
    }

    /// Refuses `part` unless it is the one to add next. `apply` and `inferMove` share it so a
    /// move and a proposal that breaks the order are refused in the same words.
    func checkNext(_ part: IceCream.Part, in state: IceCream) throws(RuleViolation) {
        // Match refuses a finished game first; this guards callers that apply directly.
        guard !state.isComplete else { throw .gameOver }
        guard !state.has(part) else { throw .partAlreadyChosen(part) }
        if let missing = state.nextPart, missing < part {
            throw .partOutOfOrder(part, missing: missing)
        }
    }

    /// Everyone built it together, so nobody wins or loses.
    public func outcome(of state: IceCream) -> Outcome {
        state.isComplete ? .finished(winners: [], losers: []) : .inProgress
    }

    /// Nothing about an ice cream is secret.
    public func view(of state: IceCream, for viewer: Seat?) -> IceCream { state }

    public func prompt(in state: IceCream) -> String? { state.nextPart?.prompt }

    public func texts(
        for move: IceCreamMove, by seat: Seat, mover: String, from before: IceCream, to after: IceCream
    ) -> StepTexts {
        let caption: String
        let summary: String
        // Judged by the result, not the part: the step that completes an ice cream is its
        // finish, whichever part it was.
        if after.isComplete {
            caption = "Our finished ice cream"
            summary = "\(mover) finished an ice cream"
        } else if move.part == .base {
            caption = "Let's build an ice cream"
            summary = "\(mover) chose a base"
        } else {
            caption = "I added some scoops"
            summary = "\(mover) added scoops"
        }
        return StepTexts(
            caption: caption,
            summary: summary,
            accessibilityLabel: "Ice cream: \(after.spokenDescription)."
        )
    }
}
