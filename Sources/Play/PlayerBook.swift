import Fairness
import GameCatalog
import TerminalUI
import Transcript
import Wire

/// What a client knows: its conversations, numbered in the order it met them, their members'
/// names, and every event it has received, in order. Pure, so both the line mode and the
/// full-screen client can keep one and be tested without sockets.
public struct PlayerBook: Sendable {
    public private(set) var order: [ConversationID] = []
    public private(set) var summaries: [ConversationID: ConversationSummary] = [:]
    public private(set) var events: [ConversationID: [Event]] = [:]
    private var names: [ConversationID: NameBook] = [:]
    /// The name each member had before each new name, by conversation and the seq that renamed them.
    private var formerNames: [ConversationID: [Int: String]] = [:]
    /// What the client's own check said of each game message, by conversation and seq.
    public private(set) var checks: [ConversationID: [Int: MessageCheck]] = [:]
    private var witness: MessageWitness?
    /// The games this client knows: their words, and the hidden boards its checks read.
    public let catalog: GameCatalog

    public init(catalog: GameCatalog = .standard) {
        self.catalog = catalog
    }

    /// Checks every game message from now on against the server's key (docs/FAIRNESS.md),
    /// reading hidden boards with the catalog's rules.
    /// The messages already kept are checked at once, in the order received.
    public mutating func check(with key: ChainPublicKey) {
        witness = MessageWitness(key: key)
        checks = [:]
        for conversation in order {
            for event in events[conversation] ?? [] { check(event) }
        }
    }

    /// Whether messages are checked (the server's key is known).
    public var checksMessages: Bool { witness != nil }

    /// The newest failed check of a conversation's messages, as the loud line says it.
    public func warning(in conversation: ConversationID, session: String? = nil) -> String? {
        let failed = (events[conversation] ?? []).last { event in
            guard case .failed? = checks[conversation]?[event.seq] else { return false }
            return session == nil || event.message?.session?.uuidString == session
        }
        guard let failed, case let .failed(reason)? = checks[conversation]?[failed.seq] else { return nil }
        return MessageCheck.warning(reason, message: failed.seq)
    }

    public mutating func learn(_ summary: ConversationSummary) {
        note(summary.conversation)
        summaries[summary.conversation] = summary
        var book = names[summary.conversation] ?? NameBook()
        for member in summary.members { book[member.id] = member.name ?? book[member.id] }
        book[summary.you] = "you"
        names[summary.conversation] = book
    }

    /// Keeps an event; returns false for one already kept.
    @discardableResult
    public mutating func record(_ event: Event) -> Bool {
        note(event.conversation)
        guard !(events[event.conversation] ?? []).contains(where: { $0.seq == event.seq }) else { return false }
        events[event.conversation, default: []].append(event)
        check(event)
        if let participant = event.participant, event.kind == .joined, let name = participant.name {
            if names[event.conversation]?[participant.id] == nil { names[event.conversation, default: NameBook()][participant.id] = name }
        }
        if let participant = event.participant, event.kind == .renamed, let name = participant.name,
            participant.id != summaries[event.conversation]?.you
        {
            var book = names[event.conversation] ?? NameBook()
            formerNames[event.conversation, default: [:]][event.seq] = book[participant.id]
            book[participant.id] = name
            names[event.conversation] = book
        }
        return true
    }

    private mutating func check(_ event: Event) {
        guard var witness else { return }
        let url: String
        switch event.kind {
        case .message:
            guard let message = event.message?.url else { return }
            url = message
        case .timeout, .resigned, .ended:
            // A game that hides boards and ends without a move of its own is revealed.
            guard let status = event.status, status.outcome.finished else { return }
            guard let reveal = event.reveal else {
                if witness.hasCommitments(in: status.session) {
                    checks[event.conversation, default: [:]][event.seq] = .failed(
                        "The game ended without the boards the server committed to being revealed, so its answers cannot be checked.")
                }
                return
            }
            url = reveal
        default:
            return
        }
        let check: MessageCheck
        do {
            try witness.check(url, boards: catalog.hiddenBoards)
            check = .verified
        } catch {
            check = error.code == "unsigned" ? .unsigned : .failed(error.reason)
        }
        self.witness = witness
        checks[event.conversation, default: [:]][event.seq] = check
    }

    /// The conversation a user means by `reference`: its number, its id, or a prefix of the id.
    public func conversation(_ reference: String) throws(LineError) -> ConversationID {
        if let number = Int(reference), order.indices.contains(number - 1) { return order[number - 1] }
        let matches = order.filter { $0.rawValue.lowercased().hasPrefix(reference.lowercased()) }
        guard matches.count == 1, let match = matches.first else {
            throw LineError("No conversation \(reference); list shows them.")
        }
        return match
    }

    public func number(of conversation: ConversationID) -> Int { (order.firstIndex(of: conversation) ?? order.count) + 1 }

    public func event(_ seq: Int, in conversation: ConversationID) -> Event? {
        events[conversation]?.first { $0.seq == seq }
    }

    public func nameBook(for conversation: ConversationID) -> NameBook { names[conversation] ?? NameBook() }

    /// The name a member had before the new one event `seq` of `conversation` gave them.
    public func formerName(in conversation: ConversationID, seq: Int) -> String? { formerNames[conversation]?[seq] }

    public func you(in conversation: ConversationID) -> ParticipantID? { summaries[conversation]?.you }

    /// Forgets a conversation the client left; those after it move up a number. (The server
    /// sends nothing of it after its answer, and `ParleyClient` hands out nothing more of it.)
    public mutating func forget(_ conversation: ConversationID) {
        // Its history comes again from the start if the client joins it again: the chains of
        // its sessions are checked afresh then, not as messages that go back in time.
        for event in events[conversation] ?? [] {
            if let url = event.message?.url, let chained = try? ChainedURL(url) { witness?.forget(chained.session) }
        }
        order.removeAll { $0 == conversation }
        summaries[conversation] = nil
        events[conversation] = nil
        names[conversation] = nil
        formerNames[conversation] = nil
        checks[conversation] = nil
    }

    /// Whether the client joined the conversation to watch: a spectator makes no moves.
    public func watches(_ conversation: ConversationID) -> Bool { summaries[conversation]?.role == .spectator }

    /// The conversation's spectators: those its summary lists as such, changed by who joined,
    /// left or was removed since (a spectator who left and joined again to play is a player).
    public func spectators(in conversation: ConversationID) -> Set<ParticipantID> {
        let summary = summaries[conversation]
        var watching = Set((summary?.members ?? []).filter { $0.role == .spectator }.map(\.id))
        for event in events[conversation] ?? [] where event.seq > summary?.lastSeq ?? 0 {
            guard let id = event.participant?.id else { continue }
            switch event.kind {
            case .joined where event.participant?.role == .spectator: watching.insert(id)
            case .joined, .left, .removed: watching.remove(id)
            default: break
            }
        }
        return watching
    }

    /// The conversation's players now, spectators aside: its members when it was learned,
    /// changed by who joined, left or was removed since.
    public func players(in conversation: ConversationID) -> [ParticipantID] {
        let summary = summaries[conversation]
        var players = (summary?.members ?? []).map(\.id)
        for event in events[conversation] ?? [] where event.seq > summary?.lastSeq ?? 0 {
            guard let id = event.participant?.id else { continue }
            switch event.kind {
            case .joined: if !players.contains(id) { players.append(id) }
            case .left, .removed: players.removeAll { $0 == id }
            default: break
            }
        }
        let watching = spectators(in: conversation)
        return players.filter { !watching.contains($0) }
    }

    /// "invite 7K2Q-… · watch W4TC-…" for a player, "watch W4TC-…" for a spectator, whose
    /// invite is the one to watch.
    public func invites(of conversation: ConversationID) -> String {
        guard let summary = summaries[conversation] else { return "invite ?" }
        if summary.role == .spectator { return "watch " + summary.invite }
        return "invite " + summary.invite + (summary.watchInvite.map { " · watch " + $0 } ?? "")
    }

    private mutating func note(_ conversation: ConversationID) {
        if !order.contains(conversation) { order.append(conversation) }
    }
}
