import Engine
import Foundation
import Storage
import Timekeeping
import Transcript
import Transport
import Wire

/// One request as a pipeline takes it in: what its engine decides (`request`) and who hears
/// how it went (`answer`), which the engine never sees. Every way into a pipeline (a frame, a
/// turn's deadline, an operator, a sticker posted over HTTP, the pipeline's own chores) is one.
package struct Submission: Sendable {
    package var request: Request
    package var answer: Answer

    package init(_ request: Request, answer: Answer = .none) {
        self.request = request
        self.answer = answer
    }

    /// Who hears how a request went.
    package enum Answer: Sendable {
        /// Nobody waits: a chore, a deadline, a name told by another pipeline.
        case none
        /// A frame of `account`: its replies go to `connection` (`nil` for requests made on a
        /// connection's behalf whose answers nobody waits for, such as the name given on
        /// authenticating), and a refusal names `request`; `received` starts its latency.
        case connection(AccountID, Int?, request: String?, received: WallInstant)
        /// An operator's action: whether it applied, once stored.
        case operatorAction(@Sendable (ConversationRouter.OperatorOutcome) -> Void)
        /// A part of a `list` every pipeline answers; `nil` when the store could not be read.
        case list(@Sendable (ServerFrame.ConversationList?) -> Void)
        /// A sticker posted over HTTP.
        case sticker(@Sendable (StickerAnswer) -> Void)
    }
}

extension Submission {
    /// A frame of `account`; a seek carries where the account connected from and the name its
    /// connection gave.
    package static func frame(
        _ frame: ClientFrame, account: AccountID, connection: Int?, received: WallInstant, origin: String = "", name: String? = nil
    ) -> Submission {
        let request: Request = if case let .seek(seek) = frame {
            .seek(seek, from: account, origin: origin, name: name)
        } else {
            .frame(frame, from: account)
        }
        return Submission(request, answer: .connection(account, connection, request: frame.requestID, received: received))
    }

    /// A turn's deadline has passed.
    package static func deadline(_ deadline: TurnDeadline) -> Submission { Submission(.deadline(deadline)) }

    /// An operator's action.
    package static func operatorAction(
        _ action: ConversationRouter.OperatorAction, answer: @escaping @Sendable (ConversationRouter.OperatorOutcome) -> Void
    ) -> Submission {
        let request: Request = switch action {
        case let .end(session): .end(session: session)
        case let .remove(account, conversation): .remove(account, from: conversation)
        case let .readmit(account, conversation): .readmit(account, to: conversation)
        }
        return Submission(request, answer: .operatorAction(answer))
    }

    /// An account's conversations of this partition, for a `list` every pipeline answers in part.
    package static func list(
        _ list: ClientFrame.List, account: AccountID, answer: @escaping @Sendable (ServerFrame.ConversationList?) -> Void
    ) -> Submission {
        Submission(.frame(.list(list), from: account), answer: .list(answer))
    }

    /// A sticker posted over HTTP: its image's bytes are stored with its record.
    package static func sticker(
        _ post: StickerPost, image: Data, account: AccountID, answer: @escaping @Sendable (StickerAnswer) -> Void
    ) -> Submission {
        Submission(.sticker(post, by: account, image: image), answer: .sticker(answer))
    }

    /// Another server sharing the store appended to a conversation of this partition (or, for
    /// `nil`, may have appended anything meanwhile).
    package static func storedElsewhere(_ notice: AppendNotice?) -> Submission { Submission(.storedElsewhere(notice)) }

    /// Another pipeline of the server stored an account's new name: told in the account's
    /// conversations of this one.
    package static func nameChanged(_ account: AccountID, name: String) -> Submission { Submission(.announce(name: name, of: account)) }

    /// The account's last connection went: its seeks leave the queue.
    package static func unseek(_ account: AccountID) -> Submission { Submission(.unseek(nil, from: account, answering: nil)) }

    package static let pair = Submission(.pair)
    package static func rate(_ id: ConversationID) -> Submission { Submission(.rate(id)) }
    package static func houseBot(_ id: ConversationID) -> Submission { Submission(.houseBot(id)) }
    package static func pairedElsewhere(_ id: ConversationID) -> Submission { Submission(.pairedElsewhere(id)) }
    package static let dropOwnSeeks = Submission(.dropOwnSeeks)
}
