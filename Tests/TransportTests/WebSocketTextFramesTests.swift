import NIOCore
@testable import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// The outbox's frames as bytes on the wire: RFC 6455 headers for each payload length, and a
/// long frame in fragments that reassemble to its JSON.
@Suite struct WebSocketTextFramesTests {

    static func frame(reasonBytes: Int) -> ServerFrame {
        .error(ErrorFrame(code: "x", reason: String(repeating: "r", count: reasonBytes)))
    }

    @Test(arguments: [10, 100, 125 - 30, 126 - 30, 300, 65_535 - 30, 65_536 - 30, 70_000])
    func eachLengthHasItsHeader(reasonBytes: Int) throws {
        var frames = WebSocketTextFrames(maxFrameBytes: 1 << 20)
        let frame = Self.frame(reasonBytes: reasonBytes)
        frames.append(frame)
        let read = try RawSockets.webSocketFrames(frames.take())
        try #require(read.count == 1)
        #expect(read[0].final && read[0].opcode == 0x1)
        #expect(read[0].payload == FrameWriter.json(frame))
    }

    @Test func aLongFrameGoesInFragmentsAndSeveralFramesInOrder() throws {
        var frames = WebSocketTextFrames(maxFrameBytes: 100)
        let long = Self.frame(reasonBytes: 250), short = Self.frame(reasonBytes: 5)
        frames.append(long)
        frames.append(short)
        #expect(!frames.isEmpty)
        #expect(frames.count == 2, "a frame in fragments counts once")
        let read = try RawSockets.webSocketFrames(frames.take())
        #expect(frames.isEmpty && frames.count == 0)
        #expect(read.map(\.opcode) == [0x1, 0x0, 0x0, 0x1])
        #expect(read.map(\.final) == [false, false, true, true])
        #expect(read.dropLast().allSatisfy { $0.payload.count <= 100 })
        #expect(Array(read.dropLast().map(\.payload).joined()) == FrameWriter.json(long))
        #expect(read[3].payload == FrameWriter.json(short))
    }

    /// Frames encoded elsewhere are appended whole, and counted as their encoder says.
    @Test func encodedFramesAreAppendedWholeAndCounted() throws {
        var first = WebSocketTextFrames(maxFrameBytes: 1 << 20), second = WebSocketTextFrames(maxFrameBytes: 1 << 20)
        first.append(Self.frame(reasonBytes: 10))
        second.append(Self.frame(reasonBytes: 20))
        second.append(Self.frame(reasonBytes: 30))
        var frames = WebSocketTextFrames(maxFrameBytes: 1 << 20)
        frames.append(encoded: first.take(), count: 1)
        frames.append(encoded: second.take(), count: 2)
        #expect(frames.count == 3)
        let read = try RawSockets.webSocketFrames(frames.take())
        #expect(read.map(\.payload) == [10, 20, 30].map { FrameWriter.json(Self.frame(reasonBytes: $0)) })
    }
}
