import Engine
import Storage
import Synchronization
import Transcript
import Transport

/// How many conversations each account is in, shared by a server's pipelines: read once from
/// the store's index when an account first creates or joins one, then kept up by every
/// pipeline as it stores joins and departures, so that `conversations.perAccount` is checked
/// without reading the index on every create (a flood of them read up to a thousand entries
/// each). Servers sharing a store each keep their own.
package final class ConversationCounts: Sendable {
    private let counts = Mutex<[AccountID: Int]>([:])

    package func count(of account: AccountID) -> Int? {
        counts.withLock { $0[account] }
    }

    /// Sets an account's count as the index says it, unless a pipeline set it meanwhile.
    package func learn(_ count: Int, of account: AccountID) {
        counts.withLock { counts in
            if counts[account] == nil { counts[account] = count }
        }
    }

    /// Counts what a batch stored: a join adds one, a departure or a removal takes one away,
    /// for the accounts whose counts are kept.
    package func note(_ events: [Record]) {
        var changes: [AccountID: Int] = [:]
        for event in events {
            switch event {
            case let .joined(_, _, account, _): changes[account, default: 0] += 1
            case let .left(_, _, account), let .removed(_, _, account): changes[account, default: 0] -= 1
            default: break
            }
        }
        guard !changes.isEmpty else { return }
        counts.withLock { counts in
            for (account, change) in changes {
                if let count = counts[account] { counts[account] = max(0, count + change) }
            }
        }
    }
}
