import GameRules

/// The fleet items of a state URL (docs/FAIRNESS.md), after the state's own items and before
/// the chain's, in this order:
///
/// - `Fleet_Root=BOARD.ROOT` for each board placed, by the seat that hid it: the commitment.
/// - `Fleet_Opening=BOARD.CELL.COVERED.SALT.SIBLING.SIBLING…` for the newest shot: its cell
///   (0-based), `1` if something covers it or `0`, its salt and the path to the root.
/// - `Fleet_Seed=BOARD.SEED` for each board once the game is over: every salt, so the whole
///   board can be checked against its root.
///
/// Hashes, salts and seeds are unpadded base64url.
public struct FleetProofs: Sendable, Hashable {
    public var roots: [Int: [UInt8]] = [:]
    public var opening: FleetOpening?
    public var seeds: [Int: [UInt8]] = [:]

    public static let root = "Fleet_Root"
    public static let opening = "Fleet_Opening"
    public static let seed = "Fleet_Seed"
    /// Every fleet item's name begins so; a game's own items never do.
    public static let prefix = "Fleet_"

    public init(roots: [Int: [UInt8]] = [:], opening: FleetOpening? = nil, seeds: [Int: [UInt8]] = [:]) {
        self.roots = roots
        self.opening = opening
        self.seeds = seeds
    }

    public var isEmpty: Bool { roots.isEmpty && opening == nil && seeds.isEmpty }

    /// The items, joined as in a query, without a leading `&` or `?`.
    public var query: String {
        // Into one string, on every move of a game that hides boards.
        var query = ""
        query.reserveCapacity((roots.count + seeds.count) * 60 + (opening.map { 80 + $0.path.count * 44 } ?? 0))
        func begin(_ name: String, _ board: Int) {
            if !query.isEmpty { query += "&" }
            query += name
            query += "="
            query += String(board)
            query += "."
        }
        for board in roots.keys.sorted() {
            begin(Self.root, board)
            query += Base64URL.encode(roots[board]!)
        }
        if let opening {
            begin(Self.opening, opening.board)
            query += String(opening.cell)
            query += opening.covered ? ".1." : ".0."
            query += Base64URL.encode(opening.salt)
            for step in opening.path {
                query += "."
                query += Base64URL.encode(step)
            }
        }
        for board in seeds.keys.sorted() {
            begin(Self.seed, board)
            query += Base64URL.encode(seeds[board]!)
        }
        return query
    }

    /// Reads the fleet items among a URL's items.
    public init(items: [QueryItem]) throws(ChainFailure) {
        for item in items where item.name.hasPrefix(Self.prefix) {
            let value = item.value ?? ""
            let parts = value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            func malformed(_ expected: String) -> ChainFailure { ChainFailure(.malformed(item.name, value, expected)) }
            switch item.name {
            case Self.root:
                guard parts.count == 2, let board = Int(parts[0]), let root = Base64URL.decode(parts[1]), root.count == 32 else {
                    throw malformed("BOARD.ROOT")
                }
                guard roots[board] == nil else { throw ChainFailure(.duplicated("\(Self.root)=\(board)", 2)) }
                roots[board] = root
            case Self.seed:
                guard parts.count == 2, let board = Int(parts[0]), let seed = Base64URL.decode(parts[1]), seed.count == 32 else {
                    throw malformed("BOARD.SEED")
                }
                guard seeds[board] == nil else { throw ChainFailure(.duplicated("\(Self.seed)=\(board)", 2)) }
                seeds[board] = seed
            case Self.opening:
                guard opening == nil else { throw ChainFailure(.duplicated(Self.opening, 2)) }
                guard parts.count >= 4, let board = Int(parts[0]), let cell = Int(parts[1]), cell >= 0, cell < 1 << 16,
                      ["0", "1"].contains(parts[2]), let salt = Base64URL.decode(parts[3]), salt.count == 16
                else { throw malformed("BOARD.CELL.COVERED.SALT.PATH") }
                var path: [[UInt8]] = []
                for text in parts.dropFirst(4) {
                    guard let sibling = Base64URL.decode(text), sibling.count == 32 else { throw malformed("BOARD.CELL.COVERED.SALT.PATH") }
                    path.append(sibling)
                }
                opening = FleetOpening(board: board, cell: cell, covered: parts[2] == "1", salt: salt, path: path)
            default:
                continue
            }
        }
    }
}
