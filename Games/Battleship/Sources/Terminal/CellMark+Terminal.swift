import GamePresentation

/// How the terminal draws a cell, in one character, so that plain text reads as well as colour
/// does.
extension CellMark {
    public var symbol: Character {
        switch self {
        case .water: "."
        case .ship: "#"
        case .miss: "o"
        case .hit: "X"
        case .sunk: "*"
        case .pending: "?"
        }
    }

    var style: Style {
        switch self {
        case .water: .dim
        case .ship: .colour(.cyan, bold: true)
        case .miss: .colour(.blue)
        case .hit: .colour(.red, bold: true)
        case .sunk: .colour(.magenta, bold: true)
        case .pending: .colour(.yellow, bold: true)
        }
    }
}
