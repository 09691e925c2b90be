import Engine
import Foundation
import Storage
import Transport
import Wire
import Timekeeping

/// Whether the store takes what a pipeline appends. A failed append moves it from `working` to
/// `failing`; the next append that works brings it back. The engine holds what the store holds
/// either way: what a batch changed is set aside while the store appends it and dropped when the
/// store refuses it (`Engine.setAside(_:since:)`).
package enum StoreState {
    /// Why the store failed first, and when.
    package struct Failure {
        let error: LogError
        let since: Date
    }

    case working
    case failing(Failure)

    package var isWorking: Bool {
        if case .working = self { true } else { false }
    }

    package var failure: Failure? {
        switch self {
        case .working: nil
        case let .failing(failure): failure
        }
    }
}

/// What the relay does when the store fails (disk full, an I/O error, the database locked by
/// another program): the batch's requests are refused as `unavailable`, nothing of them is
/// relayed or kept, and the relay goes on. The next batch tries the store again, so the
/// server recovers by itself once the store works.
package extension Pipeline {
    /// What `/health` reports: `nil` while the store works.
    var storeProblem: String? {
        guard let failure = storeState.failure else { return nil }
        return "the store is failing since \(failure.since.formatted(.iso8601)): \(failure.error)"
    }

    /// The store refused a batch, which was dropped with what it had set aside.
    func storeFailed(_ error: any Error) {
        guard storeState.isWorking else { return }
        let failure = StoreState.Failure(error: error as? LogError ?? LogError(.ioFailure, "\(error)"), since: clock.now.date)
        logger.error("The store failed; refusing what changes anything until it works", metadata: ["error": "\(failure.error)"])
        storeState = .failing(failure)
    }

    /// Drops what a batch the store refused had set aside: the conversations it changed leave
    /// the pipeline, and are read from the store again when next needed.
    func drop(_ aside: Engine.SetAside) {
        for id in aside.conversationIDs where !engine.holds(id) { forgetConversation(id) }
    }

    func storeRecovered() {
        if let failure = storeState.failure {
            logger.notice("The store works again", metadata: ["failing since": "\(failure.since.formatted(.iso8601))"])
        }
        storeState = .working
    }

    /// Answers every request of a batch that was not kept: `unavailable` to each request, a
    /// deadline tried again a second later, an operator told.
    func refuse(_ batch: [Submission]) {
        for submission in batch {
            switch submission.answer {
            case let .connection(account, connection, request, _):
                guard let request else { continue }
                metrics.rejected(ConversationRouter.unavailable.code)
                if let connection, let outbox = connections.outbox(of: account, connection: connection) {
                    outbox.deliver(.rejected(.init(id: request, error: ConversationRouter.unavailable)))
                }
                continue
            case let .operatorAction(answer):
                answer(.unavailable)
                continue
            case let .list(answer):
                answer(nil)
                continue
            case let .sticker(answer):
                answer(.refused(ConversationRouter.unavailable))
                continue
            case .none:
                break
            }
            switch submission.request {
            case let .deadline(deadline):
                retry(deadline)
            case .pair:
                // Seeks still wait: pair them once the store is back.
                timers.schedule(.pair, for: .pair, at: clock.now.advanced(by: .seconds(1)).date)
                armTimers()
            case let .rate(id):
                // Its game waits in the index: rated once the store is back.
                timers.schedule(.rate(id), for: .rate(id), at: clock.now.advanced(by: .seconds(1)).date)
                armTimers()
            case let .houseBot(id):
                timers.schedule(.houseBot(id), for: .houseBot(id), at: clock.now.advanced(by: .seconds(1)).date)
                armTimers()
            default:
                // An unseek reads nothing and stores nothing: it is never refused.
                // A new name not told here is still stored: members see it in the next frames
                // that name the account.
                break
            }
        }
    }
}
