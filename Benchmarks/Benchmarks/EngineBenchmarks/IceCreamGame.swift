import Engine
import Fairness
import Foundation
import GameCatalog
import GameRules
import Transcript
import Wire

/// An in-memory engine that signs, with one conversation of two members, Amber and Ben, in
/// whose group ice cream Amber has chosen a base; and Ben's scoops, as his client sends them.
/// A game that hides nothing: every viewer's state is the same.
struct IceCreamGame {
    let engine: Engine
    let send: ClientFrame
    let mover: AccountID
    let now: Date

    init() {
        var engine = Engine(
            configuration: EngineConfiguration(
                publicURL: "https://parley.test", signer: ChainSigner(raw: [UInt8](repeating: 7, count: 32))),
            catalog: .standard,
            identifiers: ParticipantIdentifiers(secret: Array("a server secret for the benchmarks".utf8)))
        var random = SeededRandom(seed: 7)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let players: [AccountID] = ["amber", "ben"]
        let created = engine.handle(.create(.init(id: "c")), from: players[0], now: now, random: &random)
        guard case let .conversation(reply)? = created.replies.first else {
            preconditionFailure("create answered \(created.replies)")
        }
        let conversation = reply.conversation.conversation
        _ = engine.handle(.join(.init(id: "j", invite: reply.conversation.invite)), from: players[1], now: now, random: &random)
        let base = engine.handle(
            .send(.init(id: "m0", conversation: conversation, game: "icecream", variant: "group", session: nil, basedOn: nil,
                        url: "https://parley.test/g/icecream?Base=base01")),
            from: players[0], now: now + 1, random: &random)
        guard case let .accepted(accepted)? = base.replies.first else { preconditionFailure("the base was refused: \(base.replies)") }
        send = .send(.init(id: "m1", conversation: conversation, game: "icecream", session: accepted.session, basedOn: accepted.seq,
                           url: "https://parley.test/g/icecream?Base=base01&Scoops=scoops02"))
        mover = players[1]
        self.now = now + 2
        self.engine = engine

        var trial = engine
        guard case .accepted? = trial.handle(send, from: mover, now: self.now, random: &random).replies.first else {
            preconditionFailure("the measured move is refused")
        }
    }
}
