import NIOCore
import Wire

/// Writes a connection's outbox into its channel: the frames a writer took from the outbox,
/// each encoded by `FrameWriter` and framed as an unmasked WebSocket text frame, in one buffer
/// written and flushed at once (one TLS record, one system call, where writing them one by
/// one through the WebSocket handler cost a record and a flush each).
///
/// It sits right after TLS, below the HTTP and WebSocket handlers, and writes from there: so
/// its bytes go straight to TLS, in the order written, between whole frames that the WebSocket
/// handler writes (its close, its pongs). The connection negotiates no WebSocket extension,
/// so frames need nothing but their header.
final class OutboxWriter: ChannelOutboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Set while the handler is in the pipeline; read and written on the event loop only.
    private var context: ChannelHandlerContext?
    private let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes and flushes `buffer`; returns once it is written to the socket, so that a
    /// writer waits for a client that reads slowly.
    func write(_ buffer: ByteBuffer) async throws {
        let promise = eventLoop.makePromise(of: Void.self)
        eventLoop.execute {
            guard let context = self.context else {
                promise.fail(ChannelError.ioOnClosedChannel)
                return
            }
            context.writeAndFlush(self.wrapOutboundOut(buffer), promise: promise)
        }
        try await promise.futureResult.get()
    }
}

/// Server frames as WebSocket text frames: FIN and the text opcode, the payload's length in
/// 7, 16 or 64 bits, no mask (RFC 6455, 5.2), then the JSON. A frame whose JSON is longer than
/// `maxFrameBytes` goes as a text fragment and continuation fragments of at most that size.
struct WebSocketTextFrames {
    private var json = FrameWriter(capacity: 1024)
    private let maxFrameBytes: Int
    var buffer: ByteBuffer

    init(maxFrameBytes: Int) {
        self.maxFrameBytes = maxFrameBytes
        buffer = ByteBufferAllocator().buffer(capacity: 1024)
    }

    mutating func append(_ frame: ServerFrame) {
        json.clear()
        json.write(frame)
        json.bytes.withUnsafeBufferPointer { payload in
            var start = 0
            repeat {
                let end = min(start + maxFrameBytes, payload.count)
                header(final: end == payload.count, opcode: start == 0 ? 0x1 : 0x0, length: end - start)
                buffer.writeBytes(UnsafeBufferPointer(rebasing: payload[start..<end]))
                start = end
            } while start < payload.count
        }
    }

    private mutating func header(final: Bool, opcode: UInt8, length: Int) {
        buffer.writeInteger((final ? 0x80 : 0x00) | opcode)
        if length < 126 {
            buffer.writeInteger(UInt8(length))
        } else if length <= Int(UInt16.max) {
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        } else {
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
    }

    /// Hands over what was appended, leaving the buffer empty for more.
    mutating func take() -> ByteBuffer {
        defer { buffer = ByteBuffer() }
        return buffer
    }

    var isEmpty: Bool { buffer.readableBytes == 0 }
    var byteCount: Int { buffer.readableBytes }
}
