import Logging
import NIOCore
import NIOEmbedded
@testable import Server
import ServerTestSupport
import Testing
import Transport

/// The connection guard finds where a request head ends, however the bytes are split.
@Suite struct EndOfHeadTests {
    @Test func theEndIsFoundWhereverTheReadsSplitIt() {
        let head = Array("GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n".utf8)
        let body = Array("{}".utf8)
        let whole = head + body
        for split in 0...whole.count {
            var tail: [UInt8] = []
            let first = ConnectionGuardHandler.endOfHead(in: whole[..<split], after: &tail)
            if split >= head.count {
                #expect(first == head.count, "split at \(split)")
            } else {
                #expect(first == nil, "split at \(split)")
                #expect(ConnectionGuardHandler.endOfHead(in: whole[split...], after: &tail) == head.count - split, "split at \(split)")
            }
        }
    }

    @Test func aHeadWithoutItsEmptyLineHasNoEnd() {
        var tail: [UInt8] = []
        #expect(ConnectionGuardHandler.endOfHead(in: Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8), after: &tail) == nil)
        #expect(ConnectionGuardHandler.endOfHead(in: Array("X-Drip: 1\r\n".utf8), after: &tail) == nil)
        #expect(ConnectionGuardHandler.endOfHead(in: Array("\r\n".utf8), after: &tail) == 2)
        var lenient: [UInt8] = []
        #expect(ConnectionGuardHandler.endOfHead(in: Array("GET / HTTP/1.1\nHost: x\n\n".utf8), after: &lenient) == 24)
    }
}

/// A connection whose peer reads nothing is closed after `limits.idleSeconds` of being
/// unwritable, however much the peer sends; one that becomes writable again in time stays.
@Suite struct StalledConnectionTests {
    static func guarded() throws -> (EmbeddedChannel, EmbeddedEventLoop) {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(loop: loop)
        let gate = ConnectionGate(limits: ServerLimits(handshakeSeconds: 3600, idleSeconds: 60))
        try channel.pipeline.syncOperations.addHandler(ConnectionGuardHandler(gate: gate, logger: Logger(label: "guard")))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        // The request head arrives, so only the stall can close it.
        try channel.writeInbound(ByteBuffer(string: "GET /ws HTTP/1.1\r\nHost: x\r\n\r\n"))
        _ = try channel.readInbound(as: ByteBuffer.self)
        return (channel, loop)
    }

    @Test func aPeerThatReadsNothingIsClosed() throws {
        let (channel, loop) = try Self.guarded()
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        for _ in 0..<5 {
            loop.advanceTime(by: .seconds(10))
            // It keeps sending: reads do not keep it open.
            try channel.writeInbound(ByteBuffer(string: "x"))
        }
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(11))
        #expect(!channel.isActive, "closed after 60 s of reading nothing")
    }

    @Test func aPeerThatCatchesUpStays() throws {
        let (channel, loop) = try Self.guarded()
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        loop.advanceTime(by: .seconds(50))
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        loop.advanceTime(by: .seconds(30))
        #expect(channel.isActive)
        _ = try? channel.finish()
    }
}
