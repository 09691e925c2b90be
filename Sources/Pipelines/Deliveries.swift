import Transcript
import Engine
import NIOCore
import Transport
import Wire

/// The frames a batch sends, encoded by outbox in the order first sent to, so that each
/// connection is woken once with all of them, written as WebSocket frames in one buffer. A
/// frame sent to several connections of an account is encoded once.
package struct Deliveries {
    private var outboxes: [Outbox] = []
    private var gathered: [ObjectIdentifier: WebSocketTextFrames] = [:]
    private var json = FrameWriter(capacity: 2048)
    /// The newest seq of each conversation whose events were gathered, by outbox.
    private var newest: [ObjectIdentifier: [ConversationID: Int]] = [:]

    package mutating func add(_ frame: ServerFrame, to outbox: Outbox) {
        json.clear()
        json.write(frame)
        append(to: outbox)
    }

    package mutating func add(_ frame: ServerFrame, to outboxes: [Outbox]) {
        guard !outboxes.isEmpty else { return }
        json.clear()
        json.write(frame)
        for outbox in outboxes { append(to: outbox) }
    }

    /// The frame `write` writes, once, for each of `outboxes`; nothing if it writes nothing
    /// (when it returns `nil`).
    package mutating func add<Written>(
        to outboxes: [Outbox], entry: EntryReference? = nil, _ write: (inout FrameWriter) -> Written?
    ) -> Written? {
        guard !outboxes.isEmpty else { return nil }
        json.clear()
        guard let written = write(&json) else { return nil }
        for outbox in outboxes {
            append(to: outbox)
            if let entry { newest[ObjectIdentifier(outbox), default: [:]][entry.conversation] = entry.seq }
        }
        return written
    }

    private mutating func append(to outbox: Outbox) {
        let id = ObjectIdentifier(outbox)
        if gathered[id] == nil {
            outboxes.append(outbox)
            gathered[id] = WebSocketTextFrames(maxFrameBytes: outbox.maxFrameBytes)
        }
        json.bytes.withUnsafeBufferPointer { payload in
            gathered[id]!.append(json: payload)
        }
    }

    /// Queues what was gathered for `outbox` now, before something queued directly.
    package mutating func send(to outbox: Outbox) {
        guard let frames = gathered.removeValue(forKey: ObjectIdentifier(outbox)) else { return }
        if let seqs = newest.removeValue(forKey: ObjectIdentifier(outbox)) {
            outbox.deliver(encoded: frames.buffer, count: frames.count, newest: seqs)
        } else {
            outbox.deliver(encoded: frames.buffer, count: frames.count)
        }
    }

    /// Queues everything gathered.
    package mutating func send() {
        for outbox in outboxes { send(to: outbox) }
        outboxes = []
    }
}
