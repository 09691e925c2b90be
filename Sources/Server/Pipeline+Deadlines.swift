import Engine
import Foundation
import Timekeeping
import Transcript

/// The turns' clocks: every running session's deadline in one queue, and one timer armed for the
/// earliest, a task sleeping on the pipeline's clock (a sleeping task per turn kept its memory
/// until its deadline even when cancelled).
extension Pipeline {
    func stopTimers() {
        deadlines.removeAll()
        turnTimer?.cancel()
        turnTimer = nil
        turnTimerArmedFor = nil
    }

    /// Forgets the deadlines of sessions whose clock stopped (a finished game).
    func stopClocks(after events: [Record]) {
        for event in events {
            let session: SessionID, conversation: ConversationID
            switch event {
            case let .accepted(move): (session, conversation) = (move.session, move.conversation)
            case let .ended(id, _, ended, _), let .timedOut(id, _, ended, _): (session, conversation) = (ended, id)
            default: continue
            }
            guard deadlines.contains(session), engine.deadline(ofSession: session, in: conversation) == nil else { continue }
            deadlines.cancel(session)
        }
        armTurnTimer()
    }

    /// Times a session's turn, replacing the deadline of its previous turn.
    func schedule(_ deadline: TurnDeadline) {
        deadlines.schedule(deadline, for: deadline.session, at: deadline.at)
        armTurnTimer()
    }

    /// Tries a deadline again in a second, when the store could not keep its timeout.
    func retry(_ deadline: TurnDeadline) {
        deadlines.schedule(deadline, for: deadline.session, at: clock.now.advanced(by: .seconds(1)).date)
        armTurnTimer()
    }

    /// Queues every deadline that has passed, and arms the timer for the next.
    func expireDue() {
        turnTimerArmedFor = nil
        turnTimer = nil
        let due = deadlines.removeDue(asOf: clock.now.date)
        if !due.isEmpty {
            for deadline in due { submit(.deadline(deadline)) }
        }
        armTurnTimer()
    }

    /// Sets the one turn timer to fire at the earliest deadline: one task sleeping on the clock.
    /// Moves that push a later deadline leave it alone; an earlier one replaces it.
    func armTurnTimer() {
        guard let next = deadlines.earliest() else { return }
        if let armed = turnTimerArmedFor, armed <= next { return }
        turnTimer?.cancel()
        turnTimer = Task { [weak self, clock] in
            do { try await clock.sleep(until: WallInstant(next), tolerance: .milliseconds(5)) } catch { return }
            // Replaced by an earlier deadline's timer as it woke.
            guard !Task.isCancelled else { return }
            await self?.expireDue()
        }
        turnTimerArmedFor = next
    }
}
