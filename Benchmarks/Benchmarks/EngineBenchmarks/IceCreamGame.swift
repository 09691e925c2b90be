import Engine
import Foundation
import GameRules
import Transcript
import Wire

/// An in-memory engine that signs, with one conversation of two members, Amber and Ben, in
/// whose group ice cream Amber has chosen a base; and Ben's scoops, as his client sends them.
/// A game that hides nothing: every viewer's state is the same.
struct IceCreamGame: MoveToTake {
    let engine: Engine
    let send: ClientFrame
    let mover: AccountID
    let now: Date

    init() {
        var random = SeededRandom(seed: 7)
        var members = TwoMembers(signed: true, random: &random)
        let now = TwoMembers.start
        let players = TwoMembers.players
        let conversation = members.conversation
        let base = members.engine.handle(
            .send(.init(id: "m0", conversation: conversation, game: "icecream", variant: "group", session: nil, basedOn: nil,
                        url: "https://parley.test/g/icecream?Base=base01")),
            from: players[0], now: now + 1, random: &random)
        guard case let .accepted(accepted)? = base.replies.first else { preconditionFailure("the base was refused: \(base.replies)") }
        send = .send(.init(id: "m1", conversation: conversation, game: "icecream", session: accepted.session, basedOn: accepted.seq,
                           url: "https://parley.test/g/icecream?Base=base01&Scoops=scoops02"))
        mover = players[1]
        self.now = now + 2
        engine = members.engine

        var trial = engine
        guard case .accepted? = trial.handle(send, from: mover, now: self.now, random: &random).replies.first else {
            preconditionFailure("the measured move is refused")
        }
    }
}
