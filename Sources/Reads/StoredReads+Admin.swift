import Engine
import Storage
import Transcript
import Wire

/// The operator's reads, from the store on the caller's task like the public pages': every game
/// the store holds, whichever node decided it and whether or not a node holds it in memory, a
/// page at a time from the index of games (`IndexKind.game`). A game is summed up from its
/// conversation loaded as a pipeline loads it (its snapshot and the records after it: a few
/// hundred at most) and, once the conversation no longer holds it, from its own records.
extension StoredReads {
    /// Which games the operator's list asks for.
    public struct GameQuery: Hashable, Sendable {
        public enum State: String, CaseIterable, Sendable {
            case running, finished
        }

        /// Only games being played, or only those over; both when `nil`.
        public var state: State?
        /// Only games of this kind (`battleship`, `icecream`, …).
        public var game: String?
        /// Only games whose session id begins with this, in any case.
        public var sessionPrefix: String?
        /// Where the page begins: an earlier page's `next`; the newest game when `nil`.
        public var before: String?
        /// How many games at most.
        public var limit: Int

        public init(state: State? = nil, game: String? = nil, sessionPrefix: String? = nil, before: String? = nil, limit: Int = 50) {
            (self.state, self.game, self.sessionPrefix, self.before, self.limit) = (state, game, sessionPrefix, before, limit)
        }
    }

    /// A page of the operator's list: the games begun most recently first.
    public struct GamePage: Hashable, Sendable {
        public var games: [SessionSummary]
        /// The `before` of the next page; `nil` when no game is left.
        public var next: String?
    }

    /// A page of the store's games, the most recently begun first.
    public func games(_ query: GameQuery) async throws -> GamePage {
        var scratches: [ConversationID: Engine] = [:]
        var games: [SessionSummary] = []
        guard query.limit > 0 else { return GamePage(games: [], next: query.before) }
        if let prefix = query.sessionPrefix {
            // Few games share the first characters of an id: they are all read.
            for entry in try await log.indexEntries(IndexKind.session, prefix: prefix.uppercased()) {
                guard let session = SessionID(uuidString: entry.key),
                    let game = try await summary(of: session, in: ConversationID(rawValue: entry.value), scratches: &scratches),
                    query.admits(game)
                else { continue }
                games.append(game)
            }
            games.sort { ($0.started ?? .distantPast, $0.session) > ($1.started ?? .distantPast, $1.session) }
            return GamePage(games: Array(games.prefix(query.limit)), next: nil)
        }
        var cursor = query.before
        while true {
            let rows = try await log.indexEntries(IndexKind.game, before: cursor, limit: Self.gameRows)
            for row in rows {
                cursor = row.key
                guard let session = IndexKind.session(ofGameKey: row.key), let indexed = IndexedGame(json: row.value),
                    query.game == nil || query.game == indexed.game
                else { continue }
                if let state = query.state {
                    let finished = try await log.indexValue(IndexKind.finished, key: session.uuidString) != nil
                    guard finished == (state == .finished) else { continue }
                }
                guard let game = try await summary(of: session, in: indexed.conversation, scratches: &scratches) else { continue }
                games.append(game)
                if games.count == query.limit { return GamePage(games: games, next: row.key) }
            }
            if rows.count < Self.gameRows { return GamePage(games: games, next: nil) }
        }
    }

    /// How many rows of the index of games a page reads at once.
    static let gameRows = 64

    /// One game as the operator's list shows it; `nil` for a session the store does not hold.
    public func game(_ session: String) async throws -> SessionSummary? {
        guard let id = SessionID(uuidString: session),
            let conversation = try await log.indexValue(IndexKind.session, key: id.uuidString)
        else { return nil }
        var scratches: [ConversationID: Engine] = [:]
        return try await summary(of: id, in: ConversationID(rawValue: conversation), scratches: &scratches)
    }

    /// One game with its true state and its log; `nil` for a session the store does not hold.
    public func gameDetail(_ session: String) async throws -> AdminGameDetail? {
        guard let id = SessionID(uuidString: session),
            let stored = try await log.indexValue(IndexKind.session, key: id.uuidString)
        else { return nil }
        let conversation = ConversationID(rawValue: stored)
        guard let scratch = try await loaded(conversation) else { return nil }
        return try scratch.adminGame(id, in: conversation, from: try await records(of: id, in: conversation))
    }

    /// A game summed up from its conversation as stored, or from its own records once the
    /// conversation no longer holds it. Conversations already loaded for the page are kept in
    /// `scratches`.
    private func summary(of session: SessionID, in conversation: ConversationID, scratches: inout [ConversationID: Engine])
        async throws -> SessionSummary?
    {
        let scratch: Engine
        if let kept = scratches[conversation] {
            scratch = kept
        } else {
            guard let loaded = try await loaded(conversation) else { return nil }
            scratches[conversation] = loaded
            scratch = loaded
        }
        if let game = scratch.adminGame(session, in: conversation) { return game }
        return try scratch.adminGame(session, in: conversation, from: try await records(of: session, in: conversation))?.game
    }

    /// An engine that holds one conversation as the store holds it, loaded from its snapshot and
    /// the records after it (from all its records when it has none), with its members' names.
    private func loaded(_ conversation: ConversationID) async throws -> Engine? {
        var scratch = Engine(configuration: context.configuration, catalog: context.catalog, identifiers: context.identifiers)
        var done = false
        if let snapshot = try await log.indexValue(IndexKind.snapshot, key: conversation.rawValue),
            let position = IndexKind.snapshotPosition(snapshot)
        {
            done = try scratch.load(conversation, snapshot: snapshot, then: try await records(of: conversation, after: position.after))
        }
        if !done {
            let stored = try await records(of: conversation, after: 0)
            guard !stored.isEmpty else { return nil }
            try scratch.load(conversation, from: stored)
        }
        for account in scratch.accountsWithoutNames(in: conversation) {
            if let name = try await log.indexValue(IndexKind.name, key: account.rawValue) { scratch.learnName(name, of: account) }
        }
        return scratch
    }

    /// Every record of a conversation after log position `start`, in order.
    private func records(of conversation: ConversationID, after start: Int64) async throws -> [Record] {
        var records: [Record] = []
        var position = start
        while true {
            let page = try await log.records(in: conversation.rawValue, after: position, limit: Self.page)
            guard let last = page.last else { return records }
            for stored in page { records.append(try Record(stored: stored.payload)) }
            position = last.position
        }
    }

    /// The records of a session, from its first message to the one that finished it (to its
    /// conversation's newest while it is played).
    private func records(of session: SessionID, in conversation: ConversationID) async throws -> [Record] {
        guard let first = try await log.indexValue(IndexKind.message, key: IndexKind.messageKey(session, 1))
            .flatMap(IndexKind.recordPlace)
        else { return [] }
        var records: [Record] = []
        var followed = StoredSession(id: session)
        var position = first.after
        while !followed.isFinished {
            let page = try await log.records(in: conversation.rawValue, after: position, limit: Self.page)
            guard let last = page.last else { break }
            for stored in page {
                let record = try Record(stored: stored.payload)
                guard StoredSession.id(of: record) == session else { continue }
                try followed.follow(record, catalog: context.catalog)
                records.append(record)
                if followed.isFinished { break }
            }
            position = last.position
        }
        return records
    }
}

extension StoredReads.GameQuery {
    /// Whether a game summed up passes the query's filters.
    func admits(_ game: SessionSummary) -> Bool {
        (self.game == nil || self.game == game.game) && (state == nil || (state == .finished) == game.finished)
    }
}
