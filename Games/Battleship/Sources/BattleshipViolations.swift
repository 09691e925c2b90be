import GameRules

extension RuleViolation.Code {
    public static let alreadyFired = Self(rawValue: "battleship.already-fired")
    public static let hiderMayNotGuess = Self(rawValue: "battleship.hider-may-not-guess")
    public static let wrongFleet = Self(rawValue: "battleship.wrong-fleet")
    public static let offBoard = Self(rawValue: "battleship.off-board")
    public static let overlap = Self(rawValue: "battleship.overlap")
    public static let resultClaimed = Self(rawValue: "battleship.result-claimed")
}

extension RuleViolation {
    static func alreadyFired(at name: String) -> Self {
        Self(.alreadyFired, "You already fired at \(name); a cell counts once.")
    }

    static let hiderMayNotGuess = Self(.hiderMayNotGuess, "You hid the ships, so you may not guess.")

    static func wrongFleet(_ kinds: [ShipKind]) -> Self {
        let list = kinds.map { "\($0.name) (\($0.length))" }.joined(separator: ", ")
        return Self(.wrongFleet, "A fleet is exactly these ships: \(list).")
    }

    static func offBoard(_ kind: ShipKind, board: Board) -> Self {
        Self(.offBoard, "The \(kind.name) does not fit on the \(board.size)x\(board.size) board there.")
    }

    static func overlap(_ first: ShipKind, _ second: ShipKind, at cell: String) -> Self {
        first == second && first.length == 1
            ? Self(.overlap, "Two ships may not share \(cell).")
            : Self(.overlap, "The \(first.name) and the \(second.name) overlap at \(cell).")
    }

    static let resultClaimed = Self(
        .resultClaimed, "Only the server says whether a shot hits; send the new shot without a result.")

    static func offBoard(cell name: String, board: Board) -> Self {
        Self(.offBoard, "\(name) is not a cell of the \(board.size)x\(board.size) board.")
    }
}
