import Crypto

/// The server's commitment to one hidden board (docs/FAIRNESS.md): a Merkle tree whose leaves
/// are the board's cells, each the SHA-256 of the cell's number, whether something covers it
/// and a salt of its own. The root, published before any shot, binds the server to the board;
/// the salts keep it from saying anything about the board. The salts come from one seed per
/// board, revealed when the game is over, so that the whole board can be checked at the end.
///
/// - salt of cell `i`: the first 16 bytes of SHA-256(`parley-fleet-salt-1` ‖ seed ‖ `i` as 2 bytes, big-endian)
/// - leaf of cell `i`: SHA-256(0x00 ‖ `i` as 2 bytes ‖ 0x01 if covered else 0x00 ‖ salt)
/// - node: SHA-256(0x01 ‖ left ‖ right); the leaves are padded with 32 zero bytes to a power of two
public struct FleetCommitment: Sendable {
    public let board: Int
    public let seed: [UInt8]
    public let cells: [Bool]
    /// `levels[0]` are the leaves, padded; the last level is the root alone.
    private let levels: [[[UInt8]]]

    public init(board: Int, cells: [Bool], seed: [UInt8]) {
        self.board = board
        self.cells = cells
        self.seed = seed
        var leaves = cells.enumerated().map { Self.leaf(cell: $0, covered: $1, salt: Self.salt(seed: seed, cell: $0)) }
        var width = 1
        while width < leaves.count { width *= 2 }
        leaves += Array(repeating: Self.padding, count: width - leaves.count)
        var levels = [leaves]
        while levels[levels.count - 1].count > 1 {
            let below = levels[levels.count - 1]
            levels.append(stride(from: 0, to: below.count, by: 2).map { Self.node(below[$0], below[$0 + 1]) })
        }
        self.levels = levels
    }

    public var root: [UInt8] { levels[levels.count - 1][0] }

    /// What proves the one cell: its salt and the hashes beside its path to the root.
    public func opening(of cell: Int) -> FleetOpening {
        var path: [[UInt8]] = []
        var index = cell
        for level in levels.dropLast() {
            path.append(level[index ^ 1])
            index /= 2
        }
        return FleetOpening(board: board, cell: cell, covered: cells[cell], salt: Self.salt(seed: seed, cell: cell), path: path)
    }

    static let padding = [UInt8](repeating: 0, count: 32)

    public static func salt(seed: [UInt8], cell: Int) -> [UInt8] {
        var hash = SHA256()
        hash.update(data: Array("parley-fleet-salt-1".utf8))
        hash.update(data: seed)
        hash.update(data: [UInt8(cell >> 8 & 0xFF), UInt8(cell & 0xFF)])
        return Array(Array(hash.finalize()).prefix(16))
    }

    static func leaf(cell: Int, covered: Bool, salt: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: [0x00, UInt8(cell >> 8 & 0xFF), UInt8(cell & 0xFF), covered ? 1 : 0] + salt))
    }

    static func node(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: [0x01] + left + right))
    }
}

/// One cell of a committed board opened: enough to work out the root from it alone.
public struct FleetOpening: Sendable, Hashable {
    public let board: Int
    public let cell: Int
    public let covered: Bool
    public let salt: [UInt8]
    /// The sibling of each node on the way up, from the leaf's.
    public let path: [[UInt8]]

    public init(board: Int, cell: Int, covered: Bool, salt: [UInt8], path: [[UInt8]]) {
        (self.board, self.cell, self.covered, self.salt, self.path) = (board, cell, covered, salt, path)
    }

    /// The root this opening leads to.
    public var root: [UInt8] {
        var hash = FleetCommitment.leaf(cell: cell, covered: covered, salt: salt)
        var index = cell
        for sibling in path {
            hash = index % 2 == 0 ? FleetCommitment.node(hash, sibling) : FleetCommitment.node(sibling, hash)
            index /= 2
        }
        return hash
    }
}

extension ChainSigner {
    /// The seed of a board's salts: only the server can work it out, and it is the same every
    /// time, so that nothing but the key needs keeping. HMAC-SHA256 under a key made from the
    /// signing key for this purpose alone.
    public func fleetSeed(session: String, board: Int) -> [UInt8] {
        let code = HMAC<SHA256>.authenticationCode(for: Array("\(session) \(board)".utf8), using: seedKey)
        return Array(code)
    }
}
