import HummingbirdCore
import Logging
import NIOCore
import ServerTestSupport
import Testing
@testable import Server
import Transport

/// A connection's pipeline is set up once on an embedded channel before the server listens, so
/// that the Swift runtime builds its generic types on one thread rather than on two event loops
/// at once (which crashed a server whose first requests came in together).
@Suite struct WarmUpTests {
    @Test func aPlainRequestReachesTheRoutesSideOfAnEmbeddedChannel() {
        let channel = WebSocketUpgradeChannel(
            responder: { _, _, _ in Issue.record("the warm-up's request reached a responder") },
            route: WebSocketRoute(path: "/relay", handlers: { _, _ in
                Issue.record("the warm-up upgraded a connection")
                return []
            }),
            configuration: HTTP1Channel.Configuration(),
            maxFrameSize: 1 << 16)
        #expect(channel.warmUp(logger: Logger(label: "test")))
        // Again: nothing is left behind to trip over.
        #expect(channel.warmUp(logger: Logger(label: "test")))
    }
}
