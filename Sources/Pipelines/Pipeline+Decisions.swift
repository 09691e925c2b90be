import Engine
import Foundation
import Transport

package extension Pipeline {
    /// What the engine decides of each command of a batch, in order, and how each sticker's
    /// post went, by the command's place in the batch.
    func decisions(of batch: [Command], now: Date) -> ([Decision], [Int: StickerAnswer]) {
        var stickerAnswers: [Int: StickerAnswer] = [:]
        var decisions: [Decision] = []
        decisions.reserveCapacity(batch.count)
        for (index, command) in batch.enumerated() {
            let decision: Decision
            switch command {
            case let .frame(frame, account, _, _):
                decision = engine.handle(frame, from: account, now: now, random: &generator)
            case let .deadline(deadline):
                decision = engine.timeOut(deadline, now: now)
            case let .operatorAction(action, _):
                switch action {
                case let .end(session): decision = engine.end(session: session, now: now) ?? Decision()
                case let .remove(account, conversation): decision = engine.remove(account, from: conversation) ?? Decision()
                case let .readmit(account, conversation): decision = engine.readmit(account, to: conversation) ?? Decision()
                }
            case let .list(request, account, _):
                decision = engine.handle(.list(request), from: account, now: now, random: &generator)
            case let .sticker(post, _, account, _):
                (decision, stickerAnswers[index]) = engine.post(post, by: account, now: now)
            case .storedElsewhere:
                decision = Decision()
            case let .nameChanged(account, name):
                decision = engine.announce(name, of: account, now: now)
            }
            decisions.append(decision)
        }
        return (decisions, stickerAnswers)
    }
}
