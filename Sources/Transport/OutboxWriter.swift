import NIOCore
import Wire

/// Writes a connection's outbox into its channel: woken by the outbox when frames arrive, it
/// takes everything queued, encodes each frame with `FrameWriter` as an unmasked WebSocket text
/// frame, and writes them as one buffer, flushed once (one TLS record, one system call, where
/// writing them one by one through the WebSocket handler cost a record and a flush each). It
/// takes again once that write is done, so a client that reads slowly has its frames wait in
/// the outbox, up to the outbox's bound. No task waits for an idle connection's frames: the
/// work runs on the channel's event loop, and a resume answer's pages, read from the store as the
/// client reads them, in a task of their own.
///
/// It sits right after TLS, below the HTTP and WebSocket handlers, and writes from there: so
/// its bytes go straight to TLS, in the order written, between whole frames that the WebSocket
/// handler writes (its close, its pongs). The connection negotiates no WebSocket extension,
/// so frames need nothing but their header.
package final class OutboxWriter: ChannelOutboundHandler, RemovableChannelHandler, @unchecked Sendable {
    package typealias OutboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    /// Set while the handler is in the pipeline; read and written on the event loop only.
    private var context: ChannelHandlerContext?
    private let eventLoop: any EventLoop
    /// A frame longer than this goes in fragments (the server's own limit on a message).
    private let maxFrameBytes: Int
    /// About how many bytes of frames one write carries at most: a TLS record holds 16 KB.
    package static let batchBytes = 16 * 1024

    package init(eventLoop: any EventLoop, maxFrameBytes: Int) {
        self.eventLoop = eventLoop
        self.maxFrameBytes = maxFrameBytes
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// What an outbox calls when frames arrive in it while idle.
    package func wake(_ outbox: Outbox) {
        eventLoop.execute { self.drain(outbox) }
    }

    /// Takes and writes until the outbox is empty. On the event loop. While the channel is
    /// writable it takes again at once; once NIO holds more than its high-water mark unsent
    /// (a client that reads slowly), it takes again only when that write is done, so frames
    /// wait in the outbox, up to its bound.
    private func drain(_ outbox: Outbox) {
        while let context {
            let channel = context.channel
            guard channel.isActive, let items = outbox.take() else {
                outbox.ended()
                return
            }
            guard !items.isEmpty else { return }
            var frames = WebSocketTextFrames(maxFrameBytes: maxFrameBytes)
            for (index, item) in items.enumerated() {
                switch item {
                case let .frame(frame):
                    frames.append(frame)
                case let .encoded(buffer, count):
                    frames.append(encoded: buffer, count: count)
                case let .resumeAnswer(answer):
                    for frame in answer.frames { frames.append(frame) }
                    guard let pages = answer.pages else {
                        outbox.sentResumeAnswer()
                        break
                    }
                    // The rest waits for the pages, which are read at the pace the client reads.
                    outbox.putBack(items[(index + 1)...])
                    let written = frames.take()
                    Task { await self.sendPages(pages, after: written, to: outbox) }
                    return
                }
                if frames.byteCount >= Self.batchBytes { context.write(wrapOutboundOut(frames.take()), promise: nil) }
            }
            guard channel.isWritable else {
                context.writeAndFlush(wrapOutboundOut(frames.take())).whenComplete { result in
                    switch result {
                    case .success: self.drain(outbox)
                    case .failure: outbox.ended()
                    }
                }
                return
            }
            context.writeAndFlush(wrapOutboundOut(frames.take()), promise: nil)
        }
        outbox.ended()
    }

    /// Writes `written`, then each page as the one before it is written, then goes back to the
    /// outbox.
    private func sendPages(_ pages: AsyncStream<[ServerFrame]>, after written: ByteBuffer, to outbox: Outbox) async {
        do {
            try await write(written)
            for await page in pages {
                var frames = WebSocketTextFrames(maxFrameBytes: maxFrameBytes)
                for frame in page { frames.append(frame) }
                try await write(frames.take())
            }
            outbox.sentResumeAnswer()
            eventLoop.execute { self.drain(outbox) }
        } catch {
            outbox.sentResumeAnswer()
            outbox.ended()
        }
    }

    /// Writes and flushes `buffer`; returns once it is written to the socket.
    private func write(_ buffer: ByteBuffer) async throws {
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
package struct WebSocketTextFrames {
    /// Made by the first frame this encodes itself: the pipeline hands most frames over as
    /// JSON already (`append(json:)`), and the writer as bytes (`append(encoded:count:)`).
    private var json: FrameWriter?
    private let maxFrameBytes: Int
    package var buffer: ByteBuffer
    /// How many frames `buffer` holds.
    package private(set) var count = 0

    package init(maxFrameBytes: Int) {
        self.maxFrameBytes = maxFrameBytes
        buffer = ByteBufferAllocator().buffer(capacity: 1024)
    }

    package mutating func append(_ frame: ServerFrame) {
        var writer = json.take() ?? FrameWriter(capacity: 1024)
        writer.clear()
        writer.write(frame)
        writer.bytes.withUnsafeBufferPointer { append(json: $0) }
        json = writer
    }

    /// Appends a frame whose JSON is `payload`.
    package mutating func append(json payload: UnsafeBufferPointer<UInt8>) {
        var start = 0
        repeat {
            let end = min(start + maxFrameBytes, payload.count)
            header(final: end == payload.count, opcode: start == 0 ? 0x1 : 0x0, length: end - start)
            buffer.writeBytes(UnsafeBufferPointer(rebasing: payload[start..<end]))
            start = end
        } while start < payload.count
        count += 1
    }

    /// Appends `count` frames already encoded.
    package mutating func append(encoded frames: ByteBuffer, count: Int) {
        if buffer.readableBytes == 0 {
            buffer = frames
        } else {
            buffer.writeImmutableBuffer(frames)
        }
        self.count += count
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
    package mutating func take() -> ByteBuffer {
        defer {
            buffer = ByteBuffer()
            count = 0
        }
        return buffer
    }

    package var isEmpty: Bool { buffer.readableBytes == 0 }
    package var byteCount: Int { buffer.readableBytes }
}
