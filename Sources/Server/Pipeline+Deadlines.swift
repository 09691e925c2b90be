import Engine
import Foundation
import Transcript

/// The turns' clocks: every running session's deadline in one queue, and one dispatch timer
/// armed for the earliest (a sleeping task per turn kept its memory until its deadline even
/// when cancelled).
extension Pipeline {
    func stopTimers() {
        deadlines.removeAll()
        turnTimer?.cancel()
        turnTimer = nil
        turnTimerArmedFor = nil
    }

    /// Forgets the deadlines of sessions whose clock stopped (a finished game).
    func stopClocks(after events: [EngineEvent]) {
        for event in events {
            let session: Session, conversation: String
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
        deadlines.schedule(deadline, for: deadline.session, at: Date() + 1)
        armTurnTimer()
    }

    /// Queues every deadline that has passed, and arms the timer for the next.
    func expireDue() {
        turnTimerArmedFor = nil
        let due = deadlines.removeDue(asOf: Date())
        if !due.isEmpty {
            for deadline in due { submit(.deadline(deadline)) }
        }
        armTurnTimer()
    }

    /// Sets the one turn timer to fire at the earliest deadline. Moves that push a later
    /// deadline leave it alone; a dispatch timer is rescheduled in place, so nothing piles up.
    func armTurnTimer() {
        guard let next = deadlines.earliest() else { return }
        if let armed = turnTimerArmedFor, armed <= next { return }
        let timer: any DispatchSourceTimer
        if let existing = turnTimer {
            timer = existing
        } else {
            timer = DispatchSource.makeTimerSource()
            timer.setEventHandler { [weak self] in
                Task { await self?.expireDue() }
            }
            timer.activate()
            turnTimer = timer
        }
        let wait = max(0, next.timeIntervalSinceNow)
        timer.schedule(deadline: .now() + .milliseconds(Int((wait * 1000).rounded(.up))), leeway: .milliseconds(5))
        turnTimerArmedFor = next
    }
}
