import Fairness
import GameRules

/// The server's commitments to the boards a game hides (docs/FAIRNESS.md), worked out when a
/// move is accepted: a board's root is computed once, when it is placed, and carried from
/// message to message; the newest shot's cell is opened from the board as it stands.
extension EngineContext {
    /// The fleet items of the message that `session`'s next move makes (`session.match` is the
    /// match after it), `nil` for a game that hides no board; and the commitments to keep with
    /// the session (`Session.commitments`).
    func fleetProofs(after session: Session, signer: ChainSigner) -> (proofs: String?, commitments: [Int: FleetCommitment]) {
        guard let boards = session.match.hiddenBoards else { return (nil, [:]) }
        // A kept tree serves while the board is the one it was made from; its root is then the
        // one given when the board was placed (same cells, same seed).
        var trees = session.commitments.filter { boards.shown[$0.key] == $0.value.cells }
        // Only a board without one (the session was loaded from the store) reads its root from
        // the message before.
        var committed: [Int: [UInt8]] = [:]
        if boards.placed.contains(where: { trees[$0] == nil }), case let .message(entry)? = session.newestMessage?.kind,
            let proofs = entry.move.proofs
        {
            committed = (try? FleetProofs(items: QueryString.items(in: "?" + proofs)))?.roots ?? [:]
        }
        func tree(_ board: Int) -> FleetCommitment? {
            if let tree = trees[board] { return tree }
            guard let cells = boards.shown[board] else { return nil }
            let tree = FleetCommitment(board: board, cells: cells, seed: signer.fleetSeed(session: session.id.uuidString, board: board))
            trees[board] = tree
            return tree
        }
        var proofs = FleetProofs()
        for board in boards.placed {
            if let root = trees[board]?.root ?? committed[board] ?? tree(board)?.root { proofs.roots[board] = root }
        }
        if let shot = boards.shots.last, let tree = tree(shot.board), tree.cells.indices.contains(shot.cell) {
            proofs.opening = tree.opening(of: shot.cell)
        }
        if boards.isOver {
            for board in boards.placed { proofs.seeds[board] = signer.fleetSeed(session: session.id.uuidString, board: board) }
        }
        return (proofs.isEmpty ? nil : proofs.query, trees)
    }
}
