import Fairness
import Foundation
import GameRules
import Transcript

/// The final state of a game that hides boards and ends without a move of its own (a timeout
/// that forfeits it, a resignation, the operator's end): every board shown, with the seeds of
/// the server's commitments to them (docs/FAIRNESS.md), signed as the session's next message,
/// so that a player can check the boards they never saw, as after a game won by its moves.
struct FleetReveal: Sendable, Hashable {
    /// The true state, then the fleet items: every board's root, the newest shot's opening (as
    /// the message before gave it) and every board's seed.
    let query: String
    /// Its number in the session's chain: one after the last move.
    let message: Int
    /// The digest of the message before it as each seat received it, and as anyone else did.
    let seats: [ChainDigest?]
    let spectator: ChainDigest?

    func previous(for seat: Int?) -> ChainDigest? {
        guard let seat, seats.indices.contains(seat) else { return spectator }
        return seats[seat]
    }
}

extension EngineContext {
    /// The reveal of a finished session whose game hides boards, worked out from its true state
    /// and its newest message; `nil` when nothing is committed or nothing was signed.
    func fleetReveal(of session: Session) -> FleetReveal? {
        guard let signer = configuration.signer, session.isFinished, let boards = session.match.hiddenBoards,
            !boards.placed.isEmpty, case let .message(entry)? = session.newestMessage?.kind, entry.move.chain != nil
        else { return nil }
        func tree(_ board: Int) -> FleetCommitment? {
            guard let cells = boards.shown[board] else { return nil }
            if let kept = session.commitments[board], kept.cells == cells { return kept }
            return FleetCommitment(board: board, cells: cells, seed: signer.fleetSeed(session: session.id.uuidString, board: board))
        }
        var proofs = FleetProofs()
        for board in boards.placed {
            guard let tree = tree(board) else { return nil }
            proofs.roots[board] = tree.root
            proofs.seeds[board] = signer.fleetSeed(session: session.id.uuidString, board: board)
        }
        if let shot = boards.shots.last, let tree = tree(shot.board), tree.cells.indices.contains(shot.cell) {
            proofs.opening = tree.opening(of: shot.cell)
        }
        func digest(for seat: Int?) -> ChainDigest? {
            entry.digests.map { $0.digest(for: seat) } ?? (try? statement(of: entry, for: seat))?.digest
        }
        return FleetReveal(
            query: ProofItems.appending(proofs.query, to: QueryString.format(session.match.trueState)),
            message: session.match.moveCount + 1, seats: entry.seats.indices.map { digest(for: $0) }, spectator: digest(for: nil))
    }

    /// The reveal's URL as the viewer at `seat` (anyone else when `nil`) receives it, signed now
    /// (Ed25519 signs deterministically: every rendering of it is the same URL).
    func revealURL(_ reveal: FleetReveal, of timeout: TimeoutEntry, for seat: Int?) -> String? {
        guard let signer = configuration.signer else { return nil }
        let statement = ChainStatement(
            game: timeout.game.id.rawValue, view: reveal.query, session: timeout.session.uuidString, message: reveal.message,
            previous: reveal.previous(for: seat))
        return configuration.publicURL + "/g/" + timeout.game.id.rawValue + statement.signedQuery(signer.sign(statement))
    }
}
