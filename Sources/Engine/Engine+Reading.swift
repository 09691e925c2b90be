import Foundation
import GameRules
import Transcript
import Wire

// Reading: backlogs rendered from stored records, the operator's view of the games in memory,
// and the figures.

/// Entries that are no longer in memory, rebuilt from the store: a conversation's stored
/// events are replayed into a scratch engine, and each entry is rendered as this engine would
/// render it now (today's names and identifiers), the moment it is replayed, while it is
/// still among the scratch conversation's newest.
extension Engine {
    /// An engine with these settings and names and no conversations; one that keeps every
    /// finished session for the admin's view of a game's past.
    func scratch(keepingFinishedSessions: Bool = true) -> Engine {
        var scratch = Engine(configuration: configuration, catalog: catalog, identifiers: identifiers)
        scratch.directory.names = directory.names
        scratch.keepsFinishedSessions = keepingFinishedSessions
        return scratch
    }

    /// The events `backlog` asks for, then its `synced`, from every stored event of its
    /// conversation in order (its creation first).
    public func backlog(_ backlog: Backlog, replaying stored: [Record]) throws(EngineError) -> [ServerFrame] {
        var replay: BacklogRenderer
        do { replay = try self.backlogRenderer(for: backlog) } catch { return [.rejected(.init(id: backlog.request, error: error.frame))] }
        return try replay.feed(stored) + [replay.synced]
    }

    /// What renders `backlog` from its conversation's stored events, fed to it page by page;
    /// throws `unknown-conversation` if the conversation is not held.
    public func backlogRenderer(for backlog: Backlog) throws(EngineError) -> BacklogRenderer {
        guard let live = conversations[backlog.conversation] else { throw .unknownConversation(backlog.conversation) }
        // The turns timed now, by the seq of the message each waits on: a message replayed was
        // its session's newest when it was stored, and only those still newest carry a deadline.
        var running: [Int: Int64] = [:]
        for deadline in live.deadlines(timing: timing) {
            running[deadline.basedOn] = Int64((deadline.at.timeIntervalSince1970 * 1000).rounded())
        }
        return BacklogRenderer(
            backlog: backlog, scratch: scratch(keepingFinishedSessions: false), directories: live.directories, running: running)
    }

    /// Applies `stored` to a scratch engine, calling `visit` with the scratch conversation
    /// after each entry of `live`'s conversation.
    /// Returns the scratch conversation as it stands after the last event.
    @discardableResult
    func loadScratch(
        _ stored: [Record], of live: Conversation, visit: (Conversation, Int) throws(EngineError) -> Void
    ) throws(EngineError) -> Conversation? {
        var scratch = scratch()
        for event in stored where event.conversation == live.id {
            try scratch.apply(event)
            guard let conversation = scratch.conversations[live.id], let seq = event.seq else { continue }
            try visit(conversation, seq)
        }
        return scratch.conversations[live.id]
    }
}

/// The operator's questions of the games in memory, answered by `AdminView`.
extension Engine {
    /// What an operator sees, over what the engine holds now.
    var adminView: AdminView { AdminView(context: context, names: directory.names) }

    /// Every game of every conversation in memory (those in use lately), the newest move first.
    public func adminGames() -> [SessionSummary] {
        conversations.values.flatMap { conversation in
            conversation.sessions.values.map { adminView.summary(of: $0, in: conversation) }
        }
        .sorted { ($0.lastMove ?? .distantPast, $0.session) > ($1.lastMove ?? .distantPast, $1.session) }
    }

    /// One game as the games list shows it; `session` is its id as the admin API lists it.
    public func adminGame(_ session: String) -> SessionSummary? {
        guard let (state, conversation) = find(session) else { return nil }
        return adminView.summary(of: state, in: conversation)
    }

    /// One game of conversation `id` (in memory) with its log, from the records of its session
    /// from its first message on, in order (records of other sessions are passed over, so the
    /// whole conversation's will do): a finished game the conversation no longer holds is worked
    /// out from them too. `nil` when the records hold no message of the session.
    public func adminGame(_ session: SessionID, in id: ConversationID, from records: some Sequence<Record>) throws(EngineError)
        -> AdminGameDetail?
    {
        guard let conversation = conversations[id] else { return nil }
        return try adminView.detail(of: session, in: conversation, from: records)
    }

    /// A game of conversation `id` (in memory) as the games list shows it, if the conversation
    /// still holds it.
    public func adminGame(_ session: SessionID, in id: ConversationID) -> SessionSummary? {
        guard let conversation = conversations[id], let state = conversation.sessions[session] else { return nil }
        return adminView.summary(of: state, in: conversation)
    }

    private func find(_ session: String) -> (Session, Conversation)? {
        guard let id = SessionID(uuidString: session), let conversation = residentConversation(of: id),
            let state = conversation.sessions[id]
        else { return nil }
        return (state, conversation)
    }

    /// The conversation a session belongs to, if it is in memory (the store's index knows the
    /// others). A walk over the conversations in memory: for the admin and the operator, off the
    /// path of moves.
    public func conversation(ofSession session: String) -> ConversationID? {
        SessionID(uuidString: session).flatMap { residentConversation(of: $0)?.id }
    }

    func residentConversation(of session: SessionID) -> Conversation? {
        conversations.values.first { $0.sessions[session] != nil || $0.retired.contains(session) }
    }

    /// The log entry `seq` of a conversation as the admin log shows it, if it is a game's.
    public func adminMove(conversation id: ConversationID, seq: Int) -> AdminMove? {
        guard let conversation = conversations[id], let entry = conversation.entry(seq) else { return nil }
        return adminView.move(entry)
    }
}

extension Engine {
    /// Kept up to date as events are decided, so reading it costs nothing; a server that starts
    /// reads it from the store's index.
    public func statistics() -> EngineStatistics { totals }
}
