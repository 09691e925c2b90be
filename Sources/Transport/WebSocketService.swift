import Hummingbird
import HummingbirdWebSocket

/// How the server serves its WebSocket connections.
package enum WebSocketService: Sendable {
    /// Each connection on `GET /ws` by an async function, as Hummingbird serves WebSockets:
    /// the echo baseline and tests of the server's shell.
    case tasks(RouterResponder<ParleyWebSocketContext>)
    /// Each connection on the route's path by channel handlers, with no task per connection:
    /// the relay.
    case handlers(WebSocketRoute)
}
