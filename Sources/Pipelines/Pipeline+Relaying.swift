import Engine
import Logging
import Transcript
import Transport
import Wire

/// How a pipeline hands on what a batch decided: each entry rendered for each member's
/// connections, the replies counted for `/metrics`, and the entries that cannot be rendered
/// logged for the operator.
package extension Pipeline {
    func count(_ replies: [ServerFrame], after duration: Duration) {
        for reply in replies {
            switch reply {
            case .accepted:
                metrics.acceptedMove(after: duration)
            case let .rejected(rejected): metrics.rejected(rejected.error.code)
            case let .error(error): metrics.rejected(error.code)
            default: break
            }
        }
    }

    func relay(_ reference: EntryReference, into deliveries: inout Deliveries) {
        engine.render(reference) { member, write in
            let written = deliveries.add(to: connections.outboxes(of: member), entry: reference, write)
            if case let .unrenderable(error)? = written {
                logFaults(in: [.error(error)], for: member)
                metrics.rejected(error.code)
            }
        }
    }

    /// Logs each entry that could not be rendered for `viewer` (the frame that took its place
    /// tells the client): a fault of the server that an operator must hear of.
    func logFaults(in frames: [ServerFrame], for viewer: AccountID) {
        for case let .error(error) in frames where error.code == "unrenderable" {
            logger.error("An entry cannot be rendered for a member", metadata: ["account": "\(viewer)", "reason": "\(error.reason)"])
        }
    }
}
