import Fairness
import GameRules
import Transcript

/// Each message of a session is signed as each viewer receives it, and names the digest of the
/// message before it as that viewer received it (docs/FAIRNESS.md). A viewer is a seat held
/// when the message was accepted, or anyone else, who sees it as a spectator; a seat taken by a
/// message follows on from the spectator's copy of the one before, which its holder was shown.
extension EngineContext {
    /// The state after a move as each of the first `seats` seats sees it and as a spectator
    /// does, and its true state: each text written once, and shared by every view whose items
    /// are the same (all of them, in a game that hides nothing).
    func states(of match: AnyMatch, seats: Int) -> (views: StateViews, trueState: String) {
        let trueItems = match.trueState
        let trueState = QueryString.format(trueItems)
        let spectatorItems = match.state(for: nil)
        let spectator = spectatorItems == trueItems ? trueState : QueryString.format(spectatorItems)
        var views: [Int: String] = [:]
        views.reserveCapacity(seats)
        for seat in 0..<seats {
            let items = match.state(for: Seat(seat))
            views[seat] = items == spectatorItems ? spectator : items == trueItems ? trueState : QueryString.format(items)
        }
        return (StateViews(seats: views, spectator: spectator), trueState)
    }

    /// The links of the message that `session`'s next move makes, signed by `signer`, and the
    /// digests of its copies: `views` are its views (`states(of:seats:)`), `moveCount` its number
    /// in the session. A statement that several viewers share (a game without hidden state) is
    /// signed once. The spectator's copy is signed only with `signingSpectators`; otherwise when
    /// first sent.
    func chain(
        after session: Session, views: StateViews, proofs: String?, moveCount: Int, signer: ChainSigner,
        signingSpectators: Bool = true
    ) -> (chain: MessageChain, digests: CopyDigests) {
        var before: MessageEntry?
        if case let .message(entry)? = session.newestMessage?.kind, entry.move.chain != nil { before = entry }
        // A handful at most (one per distinct view): compared outright rather than hashed, as
        // each statement holds a whole state.
        var signed: [(statement: ChainStatement, signature: ChainSignature, digest: ChainDigest)] = []
        let sessionID = session.id.uuidString
        func link(seat: Int?, view: String, signing: Bool = true) -> (ChainLink, ChainDigest) {
            let previous = before.flatMap { entry in
                let seat = seat.flatMap { $0 < entry.seats.count ? $0 : nil }
                return entry.digests?.digest(for: seat) ?? (try? statement(of: entry, for: seat)?.digest)
            }
            let said = ChainStatement(
                game: session.game.id.rawValue, view: view, fleet: proofs, session: sessionID, message: moveCount, previous: previous)
            guard signing else { return (ChainLink(previous: previous, signature: nil), said.digest) }
            if let earlier = signed.first(where: { $0.statement == said }) {
                return (ChainLink(previous: previous, signature: earlier.signature), earlier.digest)
            }
            let (signature, digest) = signer.signAndDigest(said)
            signed.append((said, signature, digest))
            return (ChainLink(previous: previous, signature: signature), digest)
        }
        let seats = views.seats.keys.sorted().map { link(seat: $0, view: views.seats[$0] ?? "") }
        let spectator = link(seat: nil, view: views.spectator ?? "", signing: signingSpectators)
        return (MessageChain(seats: seats.map(\.0), spectator: spectator.0),
                CopyDigests(seats: seats.map(\.1), spectator: spectator.1))
    }

    /// What was signed of `entry` for the viewer at `seat` (a spectator when `nil`); `nil` for
    /// a message that is not signed.
    func statement(of entry: MessageEntry, for seat: Int?) throws(EngineError) -> ChainStatement? {
        guard let chain = entry.move.chain else { return nil }
        return statement(of: entry.move, view: try query(of: entry, for: seat), link: chain.link(for: seat))
    }

    /// The digests of a stored message's copies as each of its viewers received it (each seat
    /// it names, and anyone else): what a state page checks a lone URL's `Chain_Previous`
    /// against, from the message's record alone. Empty for a message that is not signed.
    public func chainDigests(of move: AcceptedMove) throws(EngineError) -> Set<ChainDigest> {
        guard let chain = move.chain else { return [] }
        var digests: Set<ChainDigest> = []
        for seat in [nil] + chain.seats.indices.map(Optional.some) {
            let view = try query(of: move, views: nil, for: seat)
            digests.insert(statement(of: move, view: view, link: chain.link(for: seat)).digest)
        }
        return digests
    }

    /// `view`: the state as the viewer sees it, without the fleet items.
    func statement(of move: AcceptedMove, view: String, link: ChainLink) -> ChainStatement {
        ChainStatement(
            game: move.game.rawValue, view: view, fleet: move.proofs, session: move.session.uuidString,
            message: move.moveCount, previous: link.previous)
    }

    /// The query a viewer at `seat` is sent: the view, and when the message is signed, the
    /// fleet items, the chain's items and the signature.
    func signedQuery(of entry: MessageEntry, for seat: Int?) throws(EngineError) -> String {
        let view = try query(of: entry, for: seat)
        guard let chain = entry.move.chain else { return ProofItems.appending(entry.move.proofs, to: view) }
        let link = chain.link(for: seat)
        let move = entry.move
        if let signature = link.signature {
            return ChainStatement.signedQuery(
                view: view, fleet: move.proofs, session: move.session.uuidString, message: move.moveCount,
                previous: link.previous, signature: signature)
        }
        let statement = statement(of: move, view: view, link: link)
        // Ed25519 signs deterministically: a copy signed now is the copy signed at the move.
        guard let signature = configuration.signer?.sign(statement) else { return ProofItems.appending(move.proofs, to: view) }
        return statement.signedQuery(signature)
    }

    /// The state of a message as the seat `seat` (a spectator when `nil`) sees it: the view kept
    /// with the entry, or worked out again from the true state by the game's own view.
    func query(of entry: MessageEntry, for seat: Int?) throws(EngineError) -> String {
        try query(of: entry.move, views: entry.views, for: seat)
    }

    /// The view of `move`'s state for the viewer at `seat`: from `views` when they hold it,
    /// otherwise worked out again from the true state.
    func query(of move: AcceptedMove, views: StateViews?, for seat: Int?) throws(EngineError) -> String {
        if let views, let query = seat.flatMap({ views.seats[$0] }) ?? views.spectator { return query }
        do {
            let game = try catalog.game(move.game, variant: move.variant)
            return QueryString.format(try game.view(of: QueryString.items(in: move.state), for: seat.map(Seat.init)))
        } catch {
            throw .unrenderable(conversation: move.conversation, seq: move.seq, why: "its state no longer decodes: \(error)")
        }
    }
}

extension StateViews {
    /// The views a lying server shows (`EngineConfiguration.lie`).
    func altered(by lie: (String, Int?, Int) -> String, message: Int) -> StateViews {
        StateViews(
            seats: Dictionary(uniqueKeysWithValues: seats.map { ($0.key, lie($0.value, $0.key, message)) }),
            spectator: spectator.map { lie($0, nil, message) })
    }
}
