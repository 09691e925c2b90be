/// A move: a seat places its fleet, or fires at a cell of the other fleet.
public enum BattleshipMove: Hashable, Sendable, CustomStringConvertible {
    case place(Fleet)
    case fire(Cell)

    public var description: String {
        switch self {
        case let .place(fleet): "place \(fleet.ships.count) ships"
        case let .fire(cell): "fire at cell \(cell.index)"
        }
    }
}
