import GameRules

/// Four in a Row: two players drop discs in turn into a board of 7 columns and 6 rows; a disc
/// falls to the lowest free cell of its column. Four discs of one player in a line, across,
/// down or diagonally, win; a full board with no line is a draw.
public struct FourInARowGame: Game {
    public static let id: GameID = "fourinarow"
    public static let name = "Four in a Row"
    /// Two minutes a disc.
    public static let defaultTurnTimeout: Duration = .seconds(120)
    public static let variants = [
        Variant(
            id: "standard", name: "Standard",
            summary: "7 columns, 6 rows; drop discs in turn, and four in a line in any direction wins.",
            seats: 2...2)
    ]

    public let variant: Variant

    public init(variant: String) throws(RuleViolation) {
        self.variant = try Self.variant(named: variant)
    }

    public init() { variant = Self.defaultVariant }

    public var initialState: FourInARowState { FourInARowState() }

    /// The first player (seat 0) drops first; nobody moves once the game is over.
    public func turnPolicy(in state: FourInARowState) -> TurnPolicy {
        state.outcome.isFinished ? .nobody : .alternate(Seat(0), Seat(1))
    }

    public func apply(_ move: FourInARowMove, by seat: Seat, to state: FourInARowState) throws(RuleViolation) -> FourInARowState {
        guard !state.outcome.isFinished else { throw .gameOver }
        guard seat == state.nextSeat else { throw .notYourTurn }
        guard FourInARowState.columnRange.contains(move.column) else {
            throw .illegal("There is no column \(move.column + 1): the columns are 1 to \(FourInARowState.columns).")
        }
        guard !state.isFull(column: move.column) else { throw .columnFull(move.column) }
        var next = state
        next.drops.append(move.column)
        return next
    }

    /// The proposal must be the discs played so far, in their order, and one more.
    public func inferMove(from current: FourInARowState, to proposed: FourInARowState, by seat: Seat) throws(RuleViolation)
        -> FourInARowMove
    {
        guard proposed.drops.count == current.drops.count + 1 else {
            throw .notOneMove(proposed.drops.count <= current.drops.count
                ? "The proposal drops no new disc." : "The proposal drops \(proposed.drops.count - current.drops.count) discs at once.")
        }
        guard Array(proposed.drops.prefix(current.drops.count)) == current.drops else {
            throw .illegal("The proposal moves discs already played: only a new one may be added, after the others.")
        }
        return FourInARowMove(column: proposed.drops[current.drops.count])
    }

    /// The usual proposal, the state sent with one `Drop=N` added at its end, read from that item.
    /// A number that names no column, or a full one, is still read as the move it means, so that
    /// the rules refuse it as a move a player can change (`illegal-move`) rather than as a state
    /// that cannot be (`undecodable-state`, which the whole proposal would give).
    public func move(inserting inserted: [QueryItem], before following: [QueryItem], in current: FourInARowState, by seat: Seat)
        -> FourInARowMove?
    {
        guard inserted.count == 1, inserted[0].name == FourInARowState.dropItem, !following.contains(where: { $0.name == FourInARowState.dropItem }),
            let value = inserted[0].value, let number = Int(value), (-99...99).contains(number),
            !current.outcome.isFinished, seat == current.nextSeat
        else { return nil }
        return FourInARowMove(column: number - 1)
    }

    public func outcome(of state: FourInARowState) -> Outcome { state.outcome }

    /// Nothing is hidden: everyone sees the whole board.
    public func view(of state: FourInARowState, for viewer: Seat?) -> FourInARowState { state }

    public func prompt(in state: FourInARowState) -> String? {
        state.outcome.isFinished ? nil : "Drop a disc"
    }
}

/// A disc dropped into a column (0 to 6; the URL and the players count them from 1).
public struct FourInARowMove: Hashable, Sendable, CustomStringConvertible {
    public let column: Int

    public init(column: Int) { self.column = column }

    public var description: String { "drop in column \(column + 1)" }
}

extension RuleViolation {
    static func columnFull(_ column: Int) -> RuleViolation {
        RuleViolation(.illegalMove, "Column \(column + 1) is full: choose another.")
    }
}
