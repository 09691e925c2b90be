import Engine
import Foundation
import Storage
import Wire
import Timekeeping

/// Whether the store takes what a pipeline appends. A failed append moves it from `working` to
/// `failing` (the engine went back to a copy made before the batch) or to `aheadOfStore` (there
/// was no copy: the engine holds decisions the store refused, and is rebuilt from the store,
/// once a second at most, before it decides anything again); the next append that works brings
/// it back to `working`.
enum StoreState {
    /// Why the store failed first, and when.
    struct Failure {
        let error: LogError
        let since: Date
    }

    case working
    /// The engine holds what the store holds; each batch is decided on a copy of the engine
    /// that is dropped if the store fails again.
    case failing(Failure)
    /// The engine holds decisions the store refused; `lastRebuild` is when it was last tried.
    case aheadOfStore(Failure, lastRebuild: WallInstant?)

    var isWorking: Bool {
        if case .working = self { true } else { false }
    }

    var failure: Failure? {
        switch self {
        case .working: nil
        case let .failing(failure), let .aheadOfStore(failure, _): failure
        }
    }
}

/// What the relay does when the store fails (disk full, an I/O error, the database locked by
/// another program): the batch's requests are refused as `unavailable`, nothing of them is
/// relayed or kept, and the relay goes on. The next batch tries the store again, so the
/// server recovers by itself once the store works.
extension Pipeline {
    /// What `/health` reports: `nil` while the store works.
    var storeProblem: String? {
        guard let failure = storeState.failure else { return nil }
        return "the store is failing since \(failure.since.formatted(.iso8601)): \(failure.error)"
    }

    /// The engine has decided a batch that the store refused. With `saved` (the engine before
    /// the batch) it goes back to that; without, it is rebuilt from what the store holds.
    func storeFailed(_ error: any Error, restoring saved: Engine?) async {
        let failure = storeState.failure ?? {
            let failure = StoreState.Failure(error: error as? LogError ?? LogError(.ioFailure, "\(error)"), since: clock.now.date)
            logger.error("The store failed; refusing what changes anything until it works",
                         metadata: ["error": "\(failure.error)"])
            return failure
        }()
        if let saved {
            engine = saved
            storeState = .failing(failure)
        } else {
            storeState = .aheadOfStore(failure, lastRebuild: nil)
            _ = await engineMatchesStore()
        }
    }

    func storeRecovered() {
        if let failure = storeState.failure {
            logger.notice("The store works again", metadata: ["failing since": "\(failure.since.formatted(.iso8601))"])
        }
        storeState = .working
    }

    /// Whether the engine holds exactly what the store holds, rebuilding it first if it was
    /// left ahead of the store; a rebuild is tried at most once a second.
    func engineMatchesStore() async -> Bool {
        guard case let .aheadOfStore(failure, last) = storeState else { return true }
        if let last, clock.now - last < .seconds(1) { return false }
        storeState = .aheadOfStore(failure, lastRebuild: clock.now)
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
        storeState = .failing(failure)
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
