import Synchronization
import Transcript
import Wire

/// The authenticated connections of a server, by account: where each pipeline queues the frames
/// it relays. Shared by every pipeline and every connection, behind one lock held only to read
/// or change the table.
package final class Connections: Sendable {
    private struct Table {
        var next = 0
        var outboxes: [AccountID: [Int: Outbox]] = [:]
        var count = 0
    }

    private let table = Mutex(Table())

    package init() {}

    /// Registers a connection of `account`; frames for it are yielded to `outbox`. `nil`, and
    /// nothing registered, when the account already holds `limit` connections.
    package func connect(_ account: AccountID, outbox: Outbox, limit: Int = .max) -> Int? {
        table.withLock { table in
            guard table.outboxes[account, default: [:]].count < limit else { return nil }
            table.next += 1
            table.outboxes[account, default: [:]][table.next] = outbox
            table.count += 1
            return table.next
        }
    }

    /// Forgets a connection; false if it was not registered.
    package func disconnect(_ account: AccountID, connection: Int) -> Bool {
        table.withLock { table in
            guard table.outboxes[account]?.removeValue(forKey: connection) != nil else { return false }
            if table.outboxes[account]?.isEmpty == true { table.outboxes[account] = nil }
            table.count -= 1
            return true
        }
    }

    /// One connection's queue, if it is still open.
    package func outbox(of account: AccountID, connection: Int) -> Outbox? {
        table.withLock { $0.outboxes[account]?[connection] }
    }

    /// The queues of every connection of `account`.
    package func outboxes(of account: AccountID) -> [Outbox] {
        table.withLock { table in table.outboxes[account].map { Array($0.values) } ?? [] }
    }

    package func isConnected(_ account: AccountID) -> Bool {
        table.withLock { $0.outboxes[account] != nil }
    }

    /// How many connections are authenticated now.
    package var count: Int { table.withLock { $0.count } }
}
