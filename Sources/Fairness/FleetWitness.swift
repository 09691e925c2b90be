import GameRules

/// A client's own check of the server's answers about boards it cannot see
/// (docs/FAIRNESS.md): the commitment to each board must never change, each shot's answer must
/// be the opened cell's, and at the end (the last move's message, or the reveal of a game
/// ended otherwise) every board revealed must be the committed one and agree with every answer
/// given.
public struct FleetWitness: Sendable {
    /// The commitment first seen to each board, by session.
    private var roots: [String: [Int: [UInt8]]] = [:]

    public init() {}

    /// Whether a board of `session` was committed to.
    public func hasCommitments(in session: String) -> Bool { !(roots[session] ?? [:]).isEmpty }

    /// Forgets the commitments seen in `session`, whose history is received again from its start.
    public mutating func forget(_ session: String) {
        roots[session] = nil
    }

    /// Checks one signed message of `session`: `items` are its URL's query items, `boards`
    /// what its state shows and hides (`nil` for a game without boards: nothing to check).
    public mutating func check(_ items: [QueryItem], boards: HiddenBoards?, session: String) throws(ChainFailure) {
        guard let boards else { return }
        let proofs = try FleetProofs(items: items)
        var committed = roots[session] ?? [:]
        for board in boards.placed.sorted() {
            guard let root = proofs.roots[board] else { throw ChainFailure(.uncommitted(board)) }
            if let first = committed[board], first != root { throw ChainFailure(.commitmentChanged(board)) }
            committed[board] = root
        }
        roots[session] = committed
        if let shot = boards.shots.last {
            guard let opening = proofs.opening, opening.board == shot.board, opening.cell == shot.cell else {
                throw ChainFailure(.noOpening(board: shot.board, cell: boards.name(of: shot.cell)))
            }
            guard opening.root == committed[shot.board] else {
                throw ChainFailure(.badOpening(board: shot.board, cell: boards.name(of: shot.cell)))
            }
            guard opening.covered == shot.hit else {
                throw ChainFailure(.answerContradicted(board: shot.board, cell: boards.name(of: shot.cell), hit: shot.hit))
            }
        }
        // At the end every board is revealed: when the moves end the game, or in the reveal that
        // follows a game ended otherwise (a timeout, a resignation, the operator), whose seeds
        // say what it is. A reveal is whole: every board placed, shown with its seed.
        guard boards.isOver || !proofs.seeds.isEmpty else { return }
        for board in boards.placed.sorted() {
            guard let seed = proofs.seeds[board], let cells = boards.shown[board] else { throw ChainFailure(.notRevealed(board)) }
            guard FleetCommitment(board: board, cells: cells, seed: seed).root == committed[board] else {
                throw ChainFailure(.revealMismatch(board))
            }
            if let shot = boards.shots.first(where: { $0.board == board && cells.indices.contains($0.cell) && cells[$0.cell] != $0.hit }) {
                throw ChainFailure(.revealContradicts(board: board, cell: boards.name(of: shot.cell), hit: shot.hit))
            }
        }
    }
}
