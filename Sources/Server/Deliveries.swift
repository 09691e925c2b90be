import Wire

/// The frames a batch sends, by outbox in the order first sent to, so that each connection is
/// woken once with all of them.
struct Deliveries {
    private var outboxes: [Outbox] = []
    private var frames: [ObjectIdentifier: [ServerFrame]] = [:]

    mutating func add(_ frame: ServerFrame, to outbox: Outbox) {
        let id = ObjectIdentifier(outbox)
        if frames[id] == nil { outboxes.append(outbox) }
        frames[id, default: []].append(frame)
    }

    /// Queues what was gathered for `outbox` now, before something queued directly.
    mutating func send(to outbox: Outbox) {
        if let gathered = frames.removeValue(forKey: ObjectIdentifier(outbox)) { outbox.deliver(contentsOf: gathered) }
    }

    /// Queues everything gathered.
    mutating func send() {
        for outbox in outboxes { send(to: outbox) }
        outboxes = []
    }
}
