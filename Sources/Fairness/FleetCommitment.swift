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
    /// Every node, 32 bytes each, level by level: the leaves (padded to `width`), then their
    /// parents, up to the root. One buffer, hashed into in place: a shot works out a whole tree.
    private let nodes: [UInt8]
    private let width: Int

    public init(board: Int, cells: [Bool], seed: [UInt8]) {
        self.board = board
        self.cells = cells
        self.seed = seed
        var width = 1
        while width < cells.count { width *= 2 }
        self.width = width
        var nodes = [UInt8](repeating: 0, count: (2 * width - 1) * 32)
        var salter = SaltHasher(seed: seed)
        var leaf = [UInt8](repeating: 0, count: 20)
        for (cell, covered) in cells.enumerated() {
            leaf[0] = 0x00
            leaf[1] = UInt8(cell >> 8 & 0xFF)
            leaf[2] = UInt8(cell & 0xFF)
            leaf[3] = covered ? 1 : 0
            salter.salt(of: cell) { salt in leaf.replaceSubrange(4..<20, with: salt) }
            Self.hash(leaf, into: &nodes, at: cell)
        }
        // The padding leaves stay 32 zero bytes.
        var pair = [UInt8](repeating: 0x01, count: 65)
        var below = 0
        var level = width
        while level > 1 {
            let above = below + level
            for index in 0..<(level / 2) {
                pair.withUnsafeMutableBytes { pair in
                    nodes.withUnsafeBytes { nodes in
                        pair.baseAddress!.advanced(by: 1)
                            .copyMemory(from: nodes.baseAddress!.advanced(by: (below + 2 * index) * 32), byteCount: 64)
                    }
                }
                Self.hash(pair, into: &nodes, at: above + index)
            }
            below = above
            level /= 2
        }
        self.nodes = nodes
    }

    public var root: [UInt8] { node(nodes.count / 32 - 1) }

    /// What proves the one cell: its salt and the hashes beside its path to the root.
    public func opening(of cell: Int) -> FleetOpening {
        var path: [[UInt8]] = []
        var index = cell
        var start = 0
        var level = width
        while level > 1 {
            path.append(node(start + (index ^ 1)))
            start += level
            index /= 2
            level /= 2
        }
        return FleetOpening(board: board, cell: cell, covered: cells[cell], salt: Self.salt(seed: seed, cell: cell), path: path)
    }

    private func node(_ index: Int) -> [UInt8] { Array(nodes[(index * 32)..<(index * 32 + 32)]) }

    private static func hash(_ input: [UInt8], into nodes: inout [UInt8], at index: Int) {
        let digest = SHA256.hash(data: input)
        digest.withUnsafeBytes { bytes in
            nodes.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: index * 32).copyMemory(from: bytes.baseAddress!, byteCount: 32) }
        }
    }

    public static func salt(seed: [UInt8], cell: Int) -> [UInt8] {
        var salter = SaltHasher(seed: seed)
        var salt: [UInt8] = []
        salter.salt(of: cell) { salt = Array($0) }
        return salt
    }

    static func leaf(cell: Int, covered: Bool, salt: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: [0x00, UInt8(cell >> 8 & 0xFF), UInt8(cell & 0xFF), covered ? 1 : 0] + salt))
    }

    static func node(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: [0x01] + left + right))
    }
}

/// The salts of one board: `parley-fleet-salt-1` ‖ seed ‖ the cell's two bytes, hashed, the
/// first 16 bytes kept; one buffer for every cell.
private struct SaltHasher {
    private var input: [UInt8]

    init(seed: [UInt8]) {
        input = Array("parley-fleet-salt-1".utf8) + seed + [0, 0]
    }

    mutating func salt(of cell: Int, _ use: (UnsafeRawBufferPointer.SubSequence) -> Void) {
        input[input.count - 2] = UInt8(cell >> 8 & 0xFF)
        input[input.count - 1] = UInt8(cell & 0xFF)
        let digest = SHA256.hash(data: input)
        digest.withUnsafeBytes { use($0[0..<16]) }
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
