import Transcript
import Wire

/// A `resume` of entries no longer in memory, rendered from its conversation's stored events:
/// they are replayed into a scratch engine, page by page, and each entry after `after` is
/// rendered the moment it is replayed, while it is still among the scratch conversation's
/// newest, with the identifiers the viewer knows today. Holds one conversation, whatever its
/// history, so a backlog of any length is read in bounded memory.
public struct BacklogRenderer: Sendable {
    public let backlog: Backlog
    private var scratch: Engine
    private let directories: [AccountID: ViewerDirectory]
    /// The deadline of each turn timed now, by the seq of its session's newest message.
    private let running: [Int: Int64]
    /// Whether every entry up to `backlog.lastSeq` has been rendered: the events after it are
    /// relayed live, and are not fed.
    public private(set) var isComplete = false
    /// The seq a snapshot the renderer started from holds up to: events up to it are in it.
    private var heldThrough = 0

    init(backlog: Backlog, scratch: Engine, directories: [AccountID: ViewerDirectory], running: [Int: Int64]) {
        self.backlog = backlog
        self.running = running
        self.scratch = scratch
        self.directories = directories
        isComplete = backlog.lastSeq <= backlog.after
    }

    /// Starts from a snapshot of the conversation (`IndexKind.snapshotAt`) rather than from its
    /// creation, when the snapshot holds no entry the backlog asks for; false, with nothing
    /// changed, otherwise, or for a snapshot that does not load. Then feed the events stored
    /// after the snapshot's `after` position: those it already holds are passed over by seq.
    public mutating func start(from snapshot: String) throws(EngineError) -> Bool {
        guard heldThrough == 0, scratch.conversations[backlog.conversation] == nil,
            let position = IndexKind.snapshotPosition(snapshot), position.lastSeq <= backlog.after
        else { return false }
        guard try scratch.load(backlog.conversation, snapshot: snapshot, then: []) else { return false }
        heldThrough = position.lastSeq
        return true
    }

    /// Replays the next stored events of the conversation, in order, and returns the frames of
    /// the entries among them that the backlog asks for. Events of other conversations are
    /// passed over.
    public mutating func feed(_ events: some Sequence<Record>) throws(EngineError) -> [ServerFrame] {
        var frames: [ServerFrame] = []
        let id = backlog.conversation
        for event in events where event.conversation == id && !isComplete {
            // A snapshot holds the conversation's creation and every entry through its seq.
            if heldThrough > 0, event.seq.map({ $0 <= heldThrough }) ?? event.isCreation { continue }
            try scratch.apply(event)
            guard let seq = event.seq else { continue }
            if seq >= backlog.lastSeq { isComplete = true }
            guard seq > backlog.after, seq <= backlog.lastSeq, var conversation = scratch.conversations[id] else { continue }
            // Identifiers as the viewer knows them today: they may have joined after this entry.
            conversation.directories = directories
            // A message's deadline as the live conversation has it, not as it was when the
            // message was newest: none once the session moved on or ended, moved on by any downtime.
            guard let frame = scratch.frame(ofEntry: seq, of: conversation, for: backlog.viewer, deadline: .given(running[seq]))
            else { continue }
            frames.append(frame)
        }
        return frames
    }

    /// The frame that ends the backlog.
    public var synced: ServerFrame {
        .synced(.init(id: backlog.request, conversation: backlog.conversation, lastSeq: backlog.lastSeq))
    }
}

extension Record {
    var isCreation: Bool {
        if case .conversationCreated = self { true } else { false }
    }

    /// The seq of the conversation entry the event makes; `nil` for those that make none.
    public var seq: Int? {
        switch self {
        case .conversationCreated, .renamed, .downtime, .readmitted, .ratingChanged, .sought, .unsought: nil
        case let .joined(_, seq, _, _), let .left(_, seq, _), let .removed(_, seq, _): seq
        case let .accepted(move): move.seq
        case let .timedOut(_, seq, _, _), let .ended(_, seq, _, _), let .resigned(_, seq, _, _, _): seq
        case let .chat(_, seq, _, _, _), let .sticker(_, seq, _, _, _): seq
        case let .memberRenamed(_, seq, _, _, _): seq
        case let .paired(_, seq, _, _): seq
        case let .rated(_, seq, _, _, _): seq
        case let .aborted(_, seq, _): seq
        }
    }
}
