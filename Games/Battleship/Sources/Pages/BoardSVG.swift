import GamePresentation
import GameRules

/// A Battleship board as SVG: one square per cell, coloured by what is known of it, with the
/// names players fire at. It draws `CellMark.marks`, the same marks as the terminal, so the
/// page shows no more than the terminal would: a hidden fleet shows only what shots found.
struct BoardSVG {
    let rules: BattleshipRules
    static let cell = 36
    static let margin = 24

    func svg(fleet: Int, in state: BattleshipState, title: String) -> String {
        let size = rules.board.size
        let marks = CellMark.marks(of: fleet, in: state, rules: rules)
        let side = Self.margin + size * Self.cell + 2
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\" role=\"img\" "
                + "aria-label=\"\(HTML.escaped(title))\" class=\"board\" data-fleet=\"\(fleet)\">",
        ]
        for index in 0..<size {
            let label = rules.board.namesCellsByNumber ? "" : String(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(index))))
            let middle = Self.margin + index * Self.cell + Self.cell / 2
            if !label.isEmpty {
                parts.append("<text x=\"\(middle)\" y=\"16\" text-anchor=\"middle\" font-size=\"12\" fill=\"#6e6e73\">\(label)</text>")
                parts.append("<text x=\"12\" y=\"\(middle + 4)\" text-anchor=\"middle\" font-size=\"12\" fill=\"#6e6e73\">\(index + 1)</text>")
            }
        }
        for cell in rules.board.cells {
            let x = Self.margin + rules.board.column(of: cell) * Self.cell
            let y = Self.margin + rules.board.row(of: cell) * Self.cell
            let mark = marks[cell.index]
            let name = rules.board.name(of: cell)
            parts.append(
                "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(Self.cell - 2)\" height=\"\(Self.cell - 2)\" rx=\"4\" "
                    + "fill=\"\(Self.fill(mark))\" class=\"cell \(Self.name(mark))\" data-cell=\"\(name)\"><title>\(name): \(Self.name(mark))</title></rect>")
            let centre = (x + Self.cell / 2 - 1, y + Self.cell / 2 - 1)
            switch mark {
            case .hit, .sunk:
                parts.append("<path d=\"M\(centre.0 - 9) \(centre.1 - 9) L\(centre.0 + 9) \(centre.1 + 9) M\(centre.0 + 9) \(centre.1 - 9) L\(centre.0 - 9) \(centre.1 + 9)\" stroke=\"white\" stroke-width=\"3\"/>")
            case .miss:
                parts.append("<circle cx=\"\(centre.0)\" cy=\"\(centre.1)\" r=\"5\" fill=\"#0a84ff\"/>")
            case .water, .ship, .pending:
                break
            }
            if rules.board.namesCellsByNumber {
                parts.append("<text x=\"\(x + 4)\" y=\"\(y + 12)\" font-size=\"10\" fill=\"#6e6e73\">\(name)</text>")
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    static func name(_ mark: CellMark) -> String {
        switch mark {
        case .water: "unknown"
        case .ship: "ship"
        case .miss: "miss"
        case .hit: "hit"
        case .sunk: "sunk"
        case .pending: "pending"
        }
    }

    static func fill(_ mark: CellMark) -> String {
        switch mark {
        case .water: "#cfe3f7"
        case .ship: "#5b6b7a"
        case .miss: "#eef5fc"
        case .hit: "#e5484d"
        case .sunk: "#8e4ec6"
        case .pending: "#f5d90a"
        }
    }

    /// What the colours mean.
    static var legend: String {
        let shown: [CellMark] = [.ship, .hit, .sunk, .miss, .water]
        // Each swatch outlined and marked as its cells are: a miss is a pale cell with a blue dot.
        return "<p class=\"legend\">" + shown.map { mark in
            let sign = switch mark {
            case .miss: "<circle cx=\"7\" cy=\"7\" r=\"3\" fill=\"#0a84ff\"/>"
            case .hit, .sunk: "<path d=\"M3 3 L11 11 M11 3 L3 11\" stroke=\"white\" stroke-width=\"2\"/>"
            case .water, .ship, .pending: ""
            }
            return "<span><svg width=\"14\" height=\"14\"><rect x=\"0.5\" y=\"0.5\" width=\"13\" height=\"13\" rx=\"2\" "
                + "fill=\"\(fill(mark))\" stroke=\"#8e8e93\" stroke-width=\"1\"/>\(sign)</svg> \(name(mark))</span>"
        }.joined() + "</p>"
    }
}
