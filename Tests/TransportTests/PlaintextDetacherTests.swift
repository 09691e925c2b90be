import NIOCore
import NIOEmbedded
@testable import Server
import ServerTestSupport
import Testing
import Transport

/// What TLS decrypted reaches the WebSocket layer in a buffer sized to it, never as a view that
/// keeps the TLS handler's 32 KB read buffer alive.
@Suite struct PlaintextDetacherTests {
    @Test func readsAreHandedOnInABufferOfTheirOwn() throws {
        let channel = EmbeddedChannel(handler: PlaintextDetacher())
        var read = ByteBufferAllocator().buffer(capacity: 32768)
        read.writeString(#"{"type":"send","id":"1","conver"#)
        try channel.writeInbound(read)
        let passed = try #require(try channel.readInbound(as: ByteBuffer.self))
        #expect(passed == read)
        #expect(passed.capacity < 1024, "a view of the 32 KB buffer was handed on (capacity \(passed.capacity))")
        // What follows is handed on the same way, in order.
        read.clear()
        read.writeString(#"sation":"c"}"#)
        try channel.writeInbound(read)
        #expect(try channel.readInbound(as: ByteBuffer.self) == read)
        #expect(try channel.finish().isClean)
    }
}
