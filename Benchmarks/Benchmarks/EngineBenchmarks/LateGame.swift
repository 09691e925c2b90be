import ClassicPlayout
import Engine
import Foundation
import GameRules
import Transcript
import Wire

/// An in-memory engine with one conversation of two members, Amber and Ben, whose classic
/// Battleship game has been played through it for 190 shots; and the next shot, as the
/// mover's client sends it.
struct LateGame: MoveToTake {
    let engine: Engine
    let send: ClientFrame
    let mover: AccountID
    let now: Date

    /// `signed`: with a signer, as a server has, so that each copy of each message is signed.
    init(shots: Int, signed: Bool = false) {
        let playout = ClassicPlayout.late(shots: shots)
        var random = SeededRandom(seed: 7)
        var members = TwoMembers(signed: signed, random: &random)
        var now = TwoMembers.start
        let players = TwoMembers.players
        let conversation = members.conversation

        // Seat 0 opens the session with its fleet; every later move answers the newest message.
        var session: String?
        var basedOn: Int?
        func frame(_ move: ClassicPlayout.Move, id: String) -> ClientFrame {
            .send(.init(id: id, conversation: conversation, game: "battleship",
                        variant: session == nil ? "classic" : nil, session: session, basedOn: basedOn, url: move.url))
        }
        for (index, move) in playout.moves.enumerated() {
            now += 1
            let decision = members.engine.handle(frame(move, id: "m\(index)"), from: players[move.seat.index], now: now, random: &random)
            guard case let .accepted(accepted)? = decision.replies.first else {
                preconditionFailure("move \(index) was refused: \(decision.replies)")
            }
            session = accepted.session
            basedOn = accepted.seq
        }
        send = frame(playout.next, id: "m\(playout.moves.count)")
        mover = players[playout.next.seat.index]
        self.now = now + 1
        engine = members.engine

        var trial = engine
        guard case .accepted? = trial.handle(send, from: mover, now: self.now, random: &random).replies.first else {
            preconditionFailure("the measured move is refused")
        }
    }
}
