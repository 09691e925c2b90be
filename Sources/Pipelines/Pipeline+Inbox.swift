import Synchronization
import Transport
import Wire

/// The pipeline's inbox: submissions queued from any thread without a hop onto the actor, taken
/// whole as the next batch, and the pipeline's wait for them.
package extension Pipeline {
    /// Submissions not yet taken, and the pipeline's wait for them.
    struct Inbox {
        package var submissions: [Submission] = []
        /// Set while the pipeline waits for work.
        var waiter: CheckedContinuation<Void, Never>?
        /// Set by a wake that found the pipeline busy: it looks again before it waits.
        var woken = false

        /// Queues `submission` and hands back the waiting pipeline, to be resumed outside the lock.
        mutating func append(_ submission: Submission) -> CheckedContinuation<Void, Never>? {
            submissions.append(submission)
            return wake()
        }

        mutating func wake() -> CheckedContinuation<Void, Never>? {
            guard let waiter else {
                woken = true
                return nil
            }
            self.waiter = nil
            return waiter
        }
    }

    /// How many submissions may wait for the pipeline; a client's frame beyond them is refused
    /// as `rate-limited` (the server is busy), so that no flood of connections grows the queue
    /// without end. Deadlines, operators and lists always wait their turn.
    static let maxPending = 10_000

    /// Queues a submission; callable from anywhere, it returns at once, so one connection's
    /// frames, submitted one after another, keep their order.
    nonisolated func submit(_ submission: Submission) {
        let (waiter, busy) = inbox.withLock { inbox -> (CheckedContinuation<Void, Never>?, Bool) in
            if inbox.submissions.count >= Self.maxPending, case .connection = submission.answer { return (nil, true) }
            return (inbox.append(submission), false)
        }
        waiter?.resume()
        guard busy, case let .connection(account, connection, request, _) = submission.answer else { return }
        let refusal = ErrorFrame(code: "rate-limited", reason: "The server is busy; send it again in a moment, with the same id.")
        metrics.rejected(refusal.code)
        if let connection, let outbox = connections.outbox(of: account, connection: connection) {
            outbox.deliver(request.map { .rejected(.init(id: $0, error: refusal)) } ?? .error(refusal))
        }
    }

    /// Has the pipeline look at its inbox and its chores (a sweep due, snapshots) again.
    nonisolated func wake() {
        inbox.withLock { $0.wake() }?.resume()
    }

    /// The submissions queued since the last batch; none when there are none.
    func takeBatch() -> [Submission] {
        inbox.withLock { inbox in
            inbox.woken = false
            defer { inbox.submissions = [] }
            return inbox.submissions
        }
    }

    /// Returns once something was queued, or the pipeline was woken, since the last batch.
    func waitForWork() async {
        await withCheckedContinuation { continuation in
            let ready = inbox.withLock { inbox -> Bool in
                if !inbox.submissions.isEmpty || inbox.woken {
                    inbox.woken = false
                    return true
                }
                inbox.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
