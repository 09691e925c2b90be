import Timekeeping
import Transcript
import Wire

/// What a `ClientConnection` hands its account and frames to: the pipelines' router
/// (`ConversationRouter`), which Transport knows only through this.
package protocol ConnectionRouting: Sendable {
    /// Counters for `/metrics`: a connection counts the frames it refuses.
    var metrics: ServerMetrics { get }
    /// Where the rate limit reads the time.
    var clock: any ServerClock { get }
    /// The name an `authenticate` gives, as it is kept; or why it is refused.
    func check(name typed: String) -> (kept: String?, refusal: ErrorFrame)
    /// Registers a connection of `account`, whose frames go to `outbox`; `nil`, and nothing
    /// registered, when the account already holds `limit` connections.
    func connect(_ account: AccountID, outbox: Outbox, limit: Int) -> Int?
    func disconnect(_ account: AccountID, connection: Int)
    /// Hands a frame over at once; what is left to await before the connection's next frame, if
    /// anything.
    func dispatch(_ frame: ClientFrame, from account: AccountID, connection: Int?) -> (@Sendable () async -> Void)?
}
