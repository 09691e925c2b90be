import Engine
import Foundation
import Transport

package extension Pipeline {
    /// What the engine is asked to decide of a command: the command less its answers and
    /// connection, which stay with the pipeline.
    func request(of command: Command) -> Request {
        switch command {
        case let .frame(.seek(seek), account, connection, _):
            {
                let outbox = connection.flatMap { connections.outbox(of: account, connection: $0) }
                return .seek(seek, from: account, origin: outbox?.origin ?? "", name: outbox?.name)
            }()
        case let .frame(frame, account, _, _): .frame(frame, from: account)
        case let .deadline(deadline): .deadline(deadline)
        case let .operatorAction(.end(session), _): .end(session: session)
        case let .operatorAction(.remove(account, conversation), _): .remove(account, from: conversation)
        case let .operatorAction(.readmit(account, conversation), _): .readmit(account, to: conversation)
        case let .list(request, account, _): .frame(.list(request), from: account)
        case let .sticker(post, _, account, _): .sticker(post, by: account)
        case .storedElsewhere: .none
        case let .nameChanged(account, name): .announce(name: name, of: account)
        case let .unseek(account): .unseek(nil, from: account, answering: nil)
        case .pair: .pair
        case let .rate(id): .rate(id)
        case let .houseBot(id): .houseBot(id)
        case let .pairedElsewhere(id): .pairedElsewhere(id)
        case .dropOwnSeeks: .dropOwnSeeks
        }
    }
}
