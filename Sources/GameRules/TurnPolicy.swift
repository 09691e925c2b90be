/// How a game says who moves next. Some policies need to know who moved last, which the
/// URL of a state does not always carry (an ice cream's does not), so `Match` keeps it and
/// resolves the policy into a `Turn`.
public enum TurnPolicy: Hashable, Sendable {
    /// Two seats take turns; the first of the pair opens.
    case alternate(Seat, Seat)
    /// Seats `0..<seats` move in order, starting with seat 0.
    case roundRobin(seats: Int)
    /// Anyone may move except whoever made the previous move.
    case anyoneButLastMover
    /// Anyone may move, the last mover included (a solo builder).
    case anyone
    /// Exactly this seat must move, whoever moved last (a phase of the game that is one
    /// player's, such as hiding the ships).
    case only(Seat)
    /// Nobody moves: the game is over.
    case nobody

    /// Who may move now, given who moved last (`nil` before the first move).
    public func turn(after lastMover: Seat?) -> Turn {
        switch self {
        case let .alternate(first, second):
            return .seat(lastMover == first ? second : first)
        case let .roundRobin(seats):
            precondition(seats > 0, "a round needs at least one seat")
            guard let lastMover else { return .seat(Seat(0)) }
            return .seat(Seat((lastMover.index + 1) % seats))
        case .anyoneButLastMover:
            guard let lastMover else { return .anyone }
            return .anyoneExcept(lastMover)
        case .anyone:
            return .anyone
        case let .only(seat):
            return .seat(seat)
        case .nobody:
            return .nobody
        }
    }
}

/// Who may move now.
public enum Turn: Hashable, Sendable, CustomStringConvertible {
    case seat(Seat)
    case anyoneExcept(Seat)
    case anyone
    case nobody

    public func allows(_ seat: Seat) -> Bool {
        switch self {
        case let .seat(only): return seat == only
        case let .anyoneExcept(excluded): return seat != excluded
        case .anyone: return true
        case .nobody: return false
        }
    }

    public var description: String {
        switch self {
        case let .seat(seat): "\(seat) to move"
        case let .anyoneExcept(seat): "anyone but \(seat) to move"
        case .anyone: "anyone to move"
        case .nobody: "nobody to move"
        }
    }
}

/// What happens when nobody moves before a turn's deadline.
public enum TimeoutRule: Hashable, Sendable {
    /// The seat to move loses the game (two-player Battleship).
    case forfeit
    /// The turn passes: whoever moved last may move again too (the Ice Cream builder).
    case skip
}

/// What a timeout did.
public enum TimeoutResult: Hashable, Sendable {
    case forfeited(Seat)
    /// The turn passed; `after` is who had moved last.
    case skipped(after: Seat?)
}
