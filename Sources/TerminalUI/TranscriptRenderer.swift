import Transcript
import Wire

/// Draws one conversation's transcript from the events the viewer received: game messages
/// as bubbles (only the newest of each session whole, earlier ones collapsed to a line, as in
/// Messages) and joins, departures and timeouts as one-line notices.
public struct TranscriptRenderer: Sendable {
    public let names: NameBook
    public let viewer: ParticipantID
    public let mode: ColourMode

    public init(names: NameBook, viewer: ParticipantID, mode: ColourMode) {
        self.names = names
        self.viewer = viewer
        self.mode = mode
    }

    /// The newest lines that fit in `height`, newest at the bottom; blank lines above when
    /// the transcript is shorter, so the result is always `height` lines. Only the items that
    /// can show are drawn: a long conversation costs no more than a screenful.
    public func lines(for events: [Event], width: Int, height: Int) -> [Styled] {
        let height = max(0, height)
        var items = self.items(for: events)
        var shown: [Styled] = []
        var belowTall = false
        while shown.count < height, let item = items.popLast() {
            let drawn = item(width)
            let gap = !shown.isEmpty && (drawn.count > 1 || belowTall) ? [Styled()] : []
            shown = drawn + gap + shown
            belowTall = drawn.count > 1
        }
        let kept = Array(shown.suffix(height))
        return Array(repeating: Styled(), count: height - kept.count) + kept
    }

    /// Every line of the transcript, oldest first.
    public func lines(for events: [Event], width: Int) -> [Styled] {
        var lines: [Styled] = []
        var previousTall = false
        for item in items(for: events) {
            let drawn = item(width)
            let tall = drawn.count > 1
            // A bubble stands apart from its neighbours; runs of one-line items stay together.
            if !lines.isEmpty, tall || previousTall { lines.append(Styled()) }
            lines += drawn
            previousTall = tall
        }
        return lines
    }

    /// One drawing function per shown event, in order: messages through
    /// `TranscriptEntry.collapse`, which keeps their order, so they pair up with the events.
    private func items(for events: [Event]) -> [(Int) -> [Styled]] {
        let bubbles = BubbleRenderer(names: names, viewer: viewer, mode: mode)
        var entries = TranscriptEntry.collapse(events.compactMap { $0.kind == .message ? $0.message : nil })[...]
        return events.compactMap { event -> ((Int) -> [Styled])? in
            switch event.kind {
            case .message:
                guard event.message != nil, let entry = entries.popFirst() else { return nil }
                return { bubbles.lines(for: entry, width: $0) }
            case .joined, .left, .timeout:
                guard let text = notice(for: event) else { return nil }
                return { [Styled("-- \(text) --", .dim).centred(in: $0)] }
            }
        }
    }

    /// A join, a departure or a timeout in words; `nil` for an event without what it needs.
    func notice(for event: Event) -> String? {
        let who = event.participant.map { participant in
            participant.id == viewer ? "You" : names[participant.id] ?? participant.name ?? names.placeholder
        }
        switch event.kind {
        case .joined: return who.map { "\($0) joined" }
        case .left: return who.map { "\($0) left" }
        case .timeout:
            let late = who.map { "\($0) ran out of time" } ?? "Time ran out"
            guard let status = event.status else { return late }
            // The game's rule decided what the timeout did (a forfeit, a skipped turn); the
            // status after it says which, in the status line's words.
            return "\(late). " + StatusLine(status: status, online: true, names: names, viewer: viewer).turnText
        case .message: return nil
        }
    }
}
