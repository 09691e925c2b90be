import Engine
import Foundation
import Storage
import Transcript
import Wire

/// The queue of seeks, shared by every server of a store (`StoredStream.queue`): pipeline 0 keeps the
/// server's matchmaker, a mirror of the stream `queue`, and reads on from where it holds it
/// whenever another server appends to it or a batch of its own is refused for it.
package extension Pipeline {
    /// Whether this pipeline keeps the server's matchmaker.
    var keepsQueue: Bool { engine.partition.index == 0 }

    /// As the server starts: the seeks waiting, from the store's index, as the stream stood
    /// when its end was read (read first: what follows it is read on later); then the seeks
    /// this server took before it stopped leave the queue.
    func loadQueue() async {
        guard keepsQueue else { return }
        do {
            let head = try await log.head(of: StoredStream.queue.name)
            let seeks = try await log.indexEntries(IndexKind.seek, prefix: "").compactMap { entry in
                try? JSONDecoder().decode(StoredSeek.self, from: Data(entry.value.utf8))
            }
            _ = try engine.take(.queue(seeks.map(Record.sought), through: head))
            submit(.dropOwnSeeks)
            await catchUpQueue()
        } catch {
            logger.warning("Cannot read the queue of seeks", metadata: ["error": "\(error)"])
        }
    }

    /// Reads what the queue's stream gained after where the engine holds it: other servers'
    /// seeks, and their pairings, whose conversations answer the players connected here.
    func catchUpQueue() async {
        guard keepsQueue else { return }
        let page = 1000
        do {
            while true {
                let stored = try await log.records(in: StoredStream.queue.name, after: engine.queueThrough, limit: page)
                guard let last = stored.last else { break }
                let records = try stored.map { try Record(stored: $0.payload) }
                _ = try engine.take(.queue(records, through: last.position))
                for case let .unsought(keys, conversation?) in records {
                    let players = Set(keys.compactMap { $0.split(separator: "/").first.map { AccountID(rawValue: String($0)) } })
                    guard players.contains(where: { !connections.outboxes(of: $0).isEmpty }) else { continue }
                    let holder = all.isEmpty ? self : all[Partition.index(of: conversation, among: all.count)]
                    holder.submit(.pairedElsewhere(conversation))
                }
                if stored.count < page { break }
            }
        } catch {
            logger.warning("Cannot read what other servers stored of the queue", metadata: ["error": "\(error)"])
        }
        if let due = engine.pairingDue(after: clock.now.date) {
            timers.schedule(.pair, for: .pair, at: due)
            armTimers()
        }
    }
}
