import Engine
import Foundation
import Server
import Storage
import StorageSQLite
import Transcript
import Wire

/// A data folder holding one conversation of `messages` signed messages (Ice Cream games of
/// three messages each, played by one of its two members), written through the engine with the
/// folder's own secret and signing key, as `parley serve` on that folder would have stored them:
/// the history a state page is measured against.
public struct LongConversation {
    public let messages: Int

    public init(messages: Int) {
        self.messages = messages
    }

    /// Writes the folder; returns the path and query of the newest message's page, as the member
    /// without a seat was sent it (signed, naming the message before it).
    public func write(into folder: String) async throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let secret = try ServerSecret.loadOrCreate(in: folder)
        let key = try ServerSigningKey.loadOrCreate(in: folder)
        let log = try SQLiteEventLog(folder: URL(fileURLWithPath: folder), durability: .normal)
        var engine = Engine(
            configuration: EngineConfiguration(publicURL: "https://localhost", signer: key.signer),
            catalog: .standard, identifiers: ParticipantIdentifiers(secret: secret))
        var random = SystemRandomNumberGenerator()
        var now = Date()
        var batch: [Record] = []
        var storedThrough: Int64 = 0
        var first = true
        func flush() async throws {
            var changes = engine.indexChanges(for: batch, storedThrough: { _ in storedThrough })
            if first { changes.append(.set(IndexKind.format, "index", IndexKind.version)) }
            first = false
            let stored = try await log.append(
                try batch.map { NewLogRecord(stream: $0.conversation?.rawValue ?? "", payload: try $0.storedJSON()) }, indexing: changes)
            storedThrough = stored.last?.position ?? storedThrough
            batch = []
        }
        var requests = 0
        func decide(_ frame: ClientFrame, by account: AccountID) throws -> Decision {
            now += 0.001
            let decision = engine.handle(frame, from: account, now: now, random: &random)
            batch += decision.events
            if case .rejected = decision.replies.first { throw BenchError("the history's writer was refused: \(decision.replies)") }
            return decision
        }
        func id() -> String {
            requests += 1
            return "h\(requests)"
        }
        let (watcher, player) = (AccountID(rawValue: "history-a"), AccountID(rawValue: "history-b"))
        guard case let .conversation(created)? = try decide(.create(.init(id: id())), by: watcher).replies.first else {
            throw BenchError("the history's writer could not create its conversation")
        }
        let conversation = created.conversation.conversation
        _ = try decide(.join(.init(id: id(), invite: created.conversation.invite)), by: player)
        var newest: Event?
        var written = 0
        while written < messages {
            var decision = try decide(
                .send(.init(id: id(), conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")), by: player)
            written += 1
            for part in ["Scoops=scoops01", "Topping=topping01"] where written < messages {
                guard let reference = decision.notify.last, let shown = engine.event(conversation: conversation, seq: reference.seq, for: player),
                    let message = shown.message
                else { throw BenchError("the history's writer saw no message") }
                decision = try decide(.send(.init(
                    id: id(), conversation: conversation, game: "icecream", session: message.session?.uuidString, basedOn: shown.seq,
                    url: message.url + "&" + part)), by: player)
                written += 1
            }
            if let reference = decision.notify.last { newest = engine.event(conversation: conversation, seq: reference.seq, for: watcher) }
            // One game a batch, as a server stores a conversation's moves.
            try await flush()
        }
        try await flush()
        await log.close()
        guard let url = newest?.message?.url, let components = URLComponents(string: url), let query = components.percentEncodedQuery
        else { throw BenchError("the history's writer has no newest message") }
        return components.percentEncodedPath + "?" + query
    }
}
