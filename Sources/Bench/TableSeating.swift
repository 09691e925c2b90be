import Client
import Wire

/// A connection a table's bot plays on: the players' client or the bench's own.
protocol TableConnection: Sendable {
    func request(_ frame: ClientFrame) async throws -> ServerFrame
    func close()
}

extension ParleyConnection: TableConnection {}
extension LoopConnection: TableConnection {}

/// Two new installs seated at a table: the opener creates a conversation, the joiner joins it
/// by its invite code, as a person would. Both are closed if anything fails.
struct TableSeating<Connection: TableConnection> {
    let opener: Connection
    let joiner: Connection
    let openerView: ConversationSummary
    let joinerView: ConversationSummary

    static func seat(open: (ServerEndpoint) async throws -> Connection, at endpoint: ServerEndpoint, joinerAt joinerEndpoint: ServerEndpoint)
        async throws -> TableSeating
    {
        let opener = try await open(endpoint)
        let joiner: Connection
        do {
            joiner = try await open(joinerEndpoint)
        } catch {
            opener.close()
            throw error
        }
        do {
            guard case let .conversation(created) = try await opener.request(.create(.init(id: "create"))),
                case let .conversation(joined) = try await joiner.request(
                    .join(.init(id: "join", invite: created.conversation.invite)))
            else { throw ConnectionError.unexpected("no conversation for a new table") }
            return TableSeating(opener: opener, joiner: joiner, openerView: created.conversation, joinerView: joined.conversation)
        } catch {
            opener.close()
            joiner.close()
            throw error
        }
    }
}
