import Foundation
import GameRules
import Matchmaking
import Ratings
import Transcript
import Wire

/// Finding a game: seeks wait in the engine's `Matchmaker`; each pairing opens a conversation of
/// its players with a `paired` entry that names the game, its time and who moves first.
extension Engine {
    /// A seek of `account`, from `origin` (where it connected from; its own account when not
    /// known), by the name its connection gave (`nil`: none, or not known): refused when the game, the time or the number of players is not one this server
    /// plays, answered `done` once it waits, then paired with what is due at `now`.
    mutating func seek(
        _ request: ClientFrame.Seek, by account: AccountID, origin: String?, name: String? = nil, now: Date,
        random: inout some RandomNumberGenerator
    ) -> Decision {
        func refused(_ error: ErrorFrame) -> Decision { .reply(.rejected(.init(id: request.id, error: error))) }
        let game: AnyGame
        do throws(RuleViolation) {
            game = try catalog.game(GameID(rawValue: request.game), variant: request.variant)
        } catch {
            return refused(ErrorFrame(error))
        }
        guard configuration.timeControls.contains(request.secondsPerMove) else {
            return refused(EngineError.timeControl(configuration.timeControls).frame)
        }
        let players = request.players ?? 2
        guard game.variant.seats.contains(players) else {
            return refused(EngineError.playerCount(game.variant.seats, game: request.game).frame)
        }
        if request.rated, players != 2 { return refused(EngineError.ratedForTwo.frame) }
        if let after = request.houseBotAfter {
            guard players == 2, (0...86_400).contains(after) else { return refused(EngineError.houseBotAfter.frame) }
            guard !game.strategies.isEmpty else { return refused(EngineError.noHouseBot(game.name).frame) }
        }
        if let refusal = joiningRefusal(of: account) { return refused(refusal) }
        let seekerRating = rating(of: account, game: request.game, variant: game.variant.id)
        // Kept as a digest, the same on every server of the store: only compared.
        let address = origin.flatMap { $0.isEmpty ? nil : $0 } ?? account.rawValue
        let seek = Seek(
            id: request.id, account: account,
            origin: identifiers.id(of: AccountID(rawValue: address), seenBy: InstallID(rawValue: "origin")).uuidString,
            // The variant as the game names it, so that its default and its name are one pool.
            pool: Pool(game: request.game, variant: game.variant.id, secondsPerMove: request.secondsPerMove, rated: request.rated),
            rating: seekerRating.rating, deviation: seekerRating.deviation, players: players,
            startWithFewerAfter: request.startWithFewerAfter.map { .seconds($0) }, houseBotAfter: request.houseBotAfter.map { .seconds($0) },
            since: now, node: nodeName, name: name)
        do {
            try matchmaker.add(seek)
        } catch {
            switch error {
            case .alreadySeeking: return refused(EngineError.alreadySeeking.frame)
            case let .tooManySeeks(limit): return refused(EngineError.tooManySeeks(limit).frame)
            case let .seekingTooOften(limit): return refused(EngineError.seekingTooOften(limit).frame)
            }
        }
        var decision = commit([.sought(StoredSeek(seek))], reply: { _ in .done(.init(id: request.id)) }, notify: [])
        decision.merge(pair(at: now, random: &random))
        return decision
    }

    /// Takes `account`'s seek made by the request `seek` out of the queue, or all of them;
    /// answered `done` when `answering` names a request.
    /// Without `request` (the account's last connection to this server closed), only the seeks
    /// made on this server leave.
    mutating func unseek(_ seek: String?, by account: AccountID, answering request: String?) -> Decision {
        let node = nodeName
        let taken = matchmaker.remove { waiting in
            waiting.account == account && (seek.map { waiting.id == $0 } ?? true) && (request != nil || waiting.node == node)
        }
        let reply = request.map { id in { (_: Engine) in ServerFrame.done(.init(id: id)) } }
        return commit(taken.isEmpty ? [] : [.unsought(keys: taken.map(StoredSeek.key), conversation: nil)], reply: reply, notify: [])
    }

    /// The seeks this server took before it stopped: nobody waits for them any more.
    mutating func dropOwnSeeks() -> Decision {
        let node = nodeName
        let taken = matchmaker.remove { $0.node == node }
        return commit(taken.isEmpty ? [] : [.unsought(keys: taken.map(StoredSeek.key), conversation: nil)], reply: nil, notify: [])
    }

    /// The pairings due at `now`, each a conversation opened for its players: its records,
    /// its entries relayed to them, and to every connection of each a `conversation` frame
    /// answering its seek.
    mutating func pair(at now: Date, random: inout some RandomNumberGenerator) -> Decision {
        let before = matchmaker.waiting
        var decision = Decision()
        for pairing in matchmaker.pair(at: now) {
            // The seeks it takes: its own, and its players' others.
            let players = Set(pairing.seeks.map(\.account))
            let taken = before.filter { players.contains($0.account) }.map(StoredSeek.key)
            decision.merge(open(pairing, taking: taken, at: now, random: &random))
        }
        return decision
    }

    /// The server's name among servers sharing a store; `nil` alone on one.
    var nodeName: String? { totalsKeyPrefix.isEmpty ? nil : String(totalsKeyPrefix.dropLast()) }

    /// Takes in what the queue's stream holds after `queueThrough`, up to `through`: seeks taken
    /// on other servers, and seeks they took back or paired.
    mutating func takeQueue(_ records: [Record], through: Int64) {
        for record in records {
            switch record {
            case let .sought(stored): matchmaker.restore(stored.seek)
            case let .unsought(keys, _):
                let gone = Set(keys)
                matchmaker.remove { gone.contains(StoredSeek.key($0)) }
            default: break
            }
        }
        queueThrough = max(queueThrough, through)
    }

    /// The conversation frames that answer the seeks a pairing stored elsewhere paired, and
    /// its entries: for this server's connections of its players.
    mutating func pairedElsewhere(_ id: ConversationID) -> Decision {
        guard let conversation = conversations[id], let pairing = conversation.pairing, let seeks = pairing.seeks else { return Decision() }
        var decision = Decision()
        for (player, seek) in zip(pairing.players, seeks) {
            decision.sends.append((player, .conversation(.init(id: seek, conversation: summary(of: id, for: player)))))
        }
        decision.notify = (1...max(1, conversation.lastSeq)).map { EntryReference(conversation: id, seq: $0) }
        return decision
    }

    /// When a waiting seek may next be paired without a new one: the pipeline asks again then.
    public func pairingDue(after now: Date) -> Date? {
        matchmaker.nextChange(after: now)
    }

    private mutating func open(
        _ pairing: Pairing, taking taken: [String], at now: Date, random: inout some RandomNumberGenerator
    ) -> Decision {
        var id = ConversationID(rawValue: UUID.random(using: &random).uuidString)
        while !partition.holds(id) { id = ConversationID(rawValue: UUID.random(using: &random).uuidString) }
        var invite = InviteCode.make(using: &random)
        while directory.invites[invite] != nil { invite = InviteCode.make(using: &random) }
        // The house bot answers the player who sought it; a rated game with it is rated apart
        // (`IndexKind.againstHouseBot`).
        let players = pairing.seeks.map(\.account) + (pairing.withHouseBot ? [.houseBot] : [])
        // A name given at `authenticate` is stored by the account's own pipeline, perhaps after
        // this pairing, perhaps on another server: the seek's name stands in until it is known.
        for seek in pairing.seeks where directory.names[seek.account] == nil {
            if let name = seek.name { directory.names[seek.account] = name }
        }
        var records: [Record] = [.unsought(keys: taken, conversation: id)]
        if pairing.withHouseBot, directory.names[.houseBot] != Self.houseBotName {
            records.append(.renamed(account: .houseBot, name: Self.houseBotName))
        }
        records.append(.conversationCreated(conversation: id, invite: invite, creator: players[0]))
        for (index, player) in players.enumerated() {
            records.append(.joined(conversation: id, seq: index + 1, account: player, role: .player))
        }
        let pool = pairing.pool
        records.append(.paired(
            conversation: id, seq: players.count + 1,
            pairing: StoredPairing(
                game: pool.game, variant: pool.variant, secondsPerMove: pool.secondsPerMove, rated: pool.rated,
                players: players, seeks: pairing.seeks.map(\.id),
                // Beside each person's name; none for the house bot.
                ratings: pairing.withHouseBot ? nil : pairing.seeks.map { seek in
                    RatingValue(
                        rating: Int(seek.rating.rounded()), deviation: Int(seek.deviation.rounded()),
                        provisional: seek.deviation > Rating.provisionalDeviation)
                }, since: now),
            at: now))
        var decision = commit(records, reply: nil, notify: (1...players.count + 1).map { EntryReference(conversation: id, seq: $0) })
        // The first player's time to start it runs.
        if let start = conversations[id]?.startDeadline(timing: timing.of(conversations[id]!)) { decision.timers.append(.set(start)) }
        for seek in pairing.seeks {
            decision.sends.append((seek.account, .conversation(.init(id: seek.id, conversation: summary(of: id, for: seek.account)))))
        }
        return decision
    }
}
