import Engine
import Foundation
import Storage
import Wire
import Timekeeping

/// What the relay does when the store fails (disk full, an I/O error, the database locked by
/// another program): the batch's requests are refused as `unavailable`, nothing of them is
/// relayed or kept, and the relay goes on. The next batch tries the store again, so the
/// server recovers by itself once the store works.
extension Pipeline {
    /// What `/health` reports: `nil` while the store works.
    var storeProblem: String? {
        guard let storeFailure else { return engineAheadOfStore ? "the engine is being reloaded from the store" : nil }
        return "the store is failing since \(storeFailure.since.formatted(.iso8601)): \(storeFailure.error)"
    }

    /// The engine has decided a batch that the store refused. With `saved` (the engine before
    /// the batch) it goes back to that; without, it is rebuilt from what the store holds.
    func storeFailed(_ error: any Error, restoring saved: Engine?) async {
        let failure = error as? LogError ?? LogError(.ioFailure, "\(error)")
        if storeFailure == nil {
            logger.error("The store failed; refusing what changes anything until it works",
                         metadata: ["error": "\(failure)"])
            storeFailure = (failure, clock.now.date)
        }
        if let saved {
            engine = saved
        } else {
            engineAheadOfStore = true
            lastRebuildAttempt = nil
            _ = await engineMatchesStore()
        }
    }

    func storeRecovered() {
        if let storeFailure {
            logger.notice("The store works again", metadata: ["failing since": "\(storeFailure.since.formatted(.iso8601))"])
        }
        storeFailure = nil
    }

    /// Whether the engine holds exactly what the store holds, rebuilding it first if it was
    /// left ahead of the store; a rebuild is tried at most once a second.
    func engineMatchesStore() async -> Bool {
        guard engineAheadOfStore else { return true }
        if let last = lastRebuildAttempt, clock.now - last < .seconds(1) { return false }
        lastRebuildAttempt = clock.now
        let running = engine
        do {
            engine = try await ConversationRouter.engineFromIndex(
                of: log, configuration: engine.configuration, secret: secret, partition: engine.partition,
                totalsPrefix: engine.totalsKeyPrefix)
            lastUsed = [:]
            storedThrough = [:]
            snapshotSeq = [:]
            pendingSnapshots = [:]
            try await loadRunningClocks()
        } catch {
            engine = running
            logger.error("Cannot reload the engine from the store yet", metadata: ["error": "\(error)"])
            return false
        }
        engineAheadOfStore = false
        return true
    }

    /// Answers every request of a batch that was not kept: `unavailable` to each request, a
    /// deadline tried again a second later, an operator told.
    func refuse(_ batch: [Command]) {
        for command in batch {
            switch command {
            case let .frame(frame, account, connection, _):
                guard let id = frame.requestID else { continue }
                metrics.rejected(ConversationRouter.unavailable.code)
                if let connection, let outbox = connections.outbox(of: account, connection: connection) {
                    outbox.deliver(.rejected(.init(id: id, error: ConversationRouter.unavailable)))
                }
            case let .deadline(deadline):
                retry(deadline)
            case let .operatorAction(_, answer):
                answer(.unavailable)
            case let .list(_, _, answer):
                answer(nil)
            case let .sticker(_, _, _, answer):
                answer(.refused(ConversationRouter.unavailable))
            case .storedElsewhere, .nameChanged:
                // A new name not told here is still stored: members see it in the next frames
                // that name the account.
                break
            }
        }
    }
}
