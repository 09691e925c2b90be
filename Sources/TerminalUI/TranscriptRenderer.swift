import GameCatalog
import GamePresentation
import Transcript
import Wire

/// Draws one conversation's transcript from the events the viewer received: game messages
/// as bubbles (only the newest of each session whole, earlier ones collapsed to a line, as in
/// Messages) and joins, departures and timeouts as one-line notices.
public struct TranscriptRenderer: Sendable {
    public let names: NameBook
    public let viewer: ParticipantID
    public let mode: ColourMode
    public let glyphs: Glyphs
    /// The games this client draws; any other shows its state as its items.
    public let catalog: GameCatalog
    /// Whether the terminal draws pictures (`CompactScreen.showsPictures`).
    public var showsPictures = true

    public init(names: NameBook, viewer: ParticipantID, mode: ColourMode, glyphs: Glyphs = .ascii, catalog: GameCatalog = .standard) {
        self.names = names
        self.viewer = viewer
        self.mode = mode
        self.glyphs = glyphs
        self.catalog = catalog
    }

    /// The newest lines that fit in `height`, newest at the bottom; blank lines above when
    /// the transcript is shorter, so the result is always `height` lines. Only the items that
    /// can show are drawn: a long conversation costs no more than a screenful. The message
    /// with the seq `selected` is marked, and the lines end with it when it would otherwise
    /// be scrolled out of sight, followed by a line saying how many newer messages wait below.
    /// `checks`: what the client's own check said of each message, by seq, marked beside it.
    public func lines(
        for events: [Event], width: Int, height: Int, selected: Int? = nil, checks: [Int: MessageCheck] = [:]
    ) -> [Styled] {
        let height = max(0, height)
        var items = self.items(for: events, selected: selected, checks: checks)
        var below: [Item] = []
        if let selected, let index = items.lastIndex(where: { $0.seq == selected }) {
            // Scrolled back: what comes after the selection waits below the screen.
            let after = items[(index + 1)...].reduce(0) { $0 + $1.draw(width).count + 1 }
            if after + items[index].draw(width).count > height {
                below = Array(items[(index + 1)...])
                items.removeSubrange((index + 1)...)
            }
        }
        let marker = below.isEmpty || height == 0 ? [] : [Self.newer(below, width: width)]
        let room = height - marker.count
        var shown: [Styled] = []
        var belowTall = false
        while shown.count < room, let item = items.popLast()?.draw {
            let drawn = item(width)
            let gap = !shown.isEmpty && (drawn.count > 1 || belowTall) ? [Styled()] : []
            shown = drawn + gap + shown
            belowTall = drawn.count > 1
        }
        let kept = Array(shown.suffix(room))
        return Array(repeating: Styled(), count: room - kept.count) + kept + marker
    }

    /// "v 3 newer messages below: Down", for what a selection keeps below the screen.
    private static func newer(_ items: [Item], width: Int) -> Styled {
        let messages = items.filter(\.isMessage).count
        let text = switch messages {
        case 0: "v more below: Down"
        case 1: "v 1 newer message below: Down"
        default: "v \(messages) newer messages below: Down"
        }
        return Styled(text, .bold).centred(in: width)
    }

    /// Every line of the transcript, oldest first.
    public func lines(for events: [Event], width: Int) -> [Styled] {
        var lines: [Styled] = []
        var previousTall = false
        for item in items(for: events) {
            let drawn = item.draw(width)
            let tall = drawn.count > 1
            // A bubble stands apart from its neighbours; runs of one-line items stay together.
            if !lines.isEmpty, tall || previousTall { lines.append(Styled()) }
            lines += drawn
            previousTall = tall
        }
        return lines
    }

    /// One shown event: its seq and how to draw it in a width.
    private struct Item {
        let seq: Int
        var isMessage = false
        let draw: (Int) -> [Styled]
    }

    /// One drawing function per shown event, in order: messages through
    /// `TranscriptEntry.collapse`, which keeps their order, so they pair up with the events.
    private func items(for events: [Event], selected: Int? = nil, checks: [Int: MessageCheck] = [:]) -> [Item] {
        let messages = events.compactMap { $0.kind == .message ? $0.message : nil }
        let bubbles = BubbleRenderer(
            names: names, viewer: viewer, mode: mode, seats: BubbleRenderer.seats(of: messages), glyphs: glyphs, catalog: catalog)
        var entries = TranscriptEntry.collapse(messages)[...]
        // The name each member had before each new one: the one it joined or was last renamed with.
        var known: [ParticipantID: String] = [:]
        return events.compactMap { event -> Item? in
            switch event.kind {
            case .renamed:
                guard let participant = event.participant, let name = participant.name else { return nil }
                let before = known[participant.id]
                known[participant.id] = name
                let text = participant.id == viewer ? "You are now called \(name)"
                    : before.map { "\($0) is now called \(name)" } ?? "A member is now called \(name)"
                return Item(seq: event.seq) { [Styled("-- \(text) --", .dim).centred(in: $0)] }
            case .message:
                guard event.message != nil, let entry = entries.popFirst() else { return nil }
                let isSelected = event.seq == selected
                let check = checks[event.seq]
                let own = event.message?.sender == viewer
                return Item(seq: event.seq, isMessage: true) { width in
                    Self.marked(bubbles.lines(for: entry, width: width, selected: isSelected), check: check, own: own, width: width)
                }
            case .chat:
                guard let text = event.text, let sender = event.participant?.id else { return nil }
                return Item(seq: event.seq) { chatLines(ChatText.neutralised(text), by: sender, width: $0) }
            case .sticker:
                guard let sticker = event.sticker, let sender = event.participant?.id else { return nil }
                let isSelected = event.seq == selected
                return Item(seq: event.seq, isMessage: true) { width in
                    let lines = chatLines(StickerWords.line(sticker), by: sender, width: width)
                    guard isSelected else { return lines }
                    // Selected, it says how to see it: Enter, or its page's whole address.
                    let how = showsPictures ? [Styled("  Enter shows the picture", .dim)]
                        : [Styled("  No pictures in this terminal; its page:", .dim)]
                            + WordWrap.lines(sticker.url, width: max(1, width - 2)).map { Styled("  " + $0) }
                    return lines.map { Styled.highlighted($0.plainText, .bold, mode: mode) } + how
                }
            case .joined, .left, .removed, .timeout, .ended, .resigned, .paired, .rated, .aborted:
                if event.kind == .joined, let participant = event.participant, let name = participant.name {
                    known[participant.id] = name
                }
                guard let text = notice(for: event) else { return nil }
                // A long one (a rated pairing, both ratings) goes on over more lines.
                return Item(seq: event.seq) { width in
                    WordWrap.lines("-- \(text) --", width: max(1, width)).map { Styled($0, .dim).centred(in: width) }
                }
            }
        }
    }

    /// A message's lines with what the client's check said of it: a collapsed line ends in
    /// "signed" (or "FAILED"), a whole bubble gets a line of its own under it.
    static func marked(_ lines: [Styled], check: MessageCheck?, own: Bool, width: Int) -> [Styled] {
        let mark: Styled
        switch check {
        case nil: return lines
        case .verified?: mark = Styled("signed", .dim)
        case .unsigned?: mark = Styled("unsigned", .dim)
        case .failed?: mark = Styled("FAILED CHECK", .colour(.red, bold: true))
        }
        guard lines.count == 1, let line = lines.first else {
            return lines + [own ? mark.rightAligned(in: width) : (Styled("  ") + mark).truncated(to: width)]
        }
        // An own line is right-aligned: its leading spaces give way to the mark.
        var trimmed = Styled()
        for run in line.runs {
            trimmed += Styled(trimmed.isEmpty ? String(run.text.drop { $0 == " " }) : run.text, run.style)
        }
        guard trimmed.width + mark.width + 2 <= width else { return lines }
        return [own ? (trimmed + Styled("  ") + mark).rightAligned(in: width) : trimmed + Styled("  ") + mark]
    }

    /// A join, a departure, a timeout, a resignation or an operator's end in words; `nil` for an event without what it needs.
    func notice(for event: Event) -> String? {
        let who = event.participant.map { participant in
            participant.id == viewer ? "You" : names[participant.id] ?? participant.name ?? names.placeholder
        }
        switch event.kind {
        case .joined:
            let bot = event.participant?.bot == true ? " (the server's bot)" : ""
            return who.map { event.participant?.role == .spectator ? "\($0) joined to watch" : "\($0) joined\(bot)" }
        case .left: return who.map { "\($0) left" }
        case .removed:
            return event.participant?.id == viewer
                ? "The server's operator removed you" : who.map { "The server's operator removed \($0)" }
        case .timeout:
            let late = who.map { "\($0) ran out of time" } ?? "Time ran out"
            guard let status = event.status else { return late }
            // The game's rule decided what the timeout did (a forfeit, a skipped turn); the
            // status after it says which, in the status line's words.
            return "\(late). " + StatusLine(status: status, online: true, names: names, viewer: viewer).turnText
        case .ended: return "The server's operator ended the game"
        case .resigned:
            let gaveUp = who.map { "\($0) resigned" } ?? "A player resigned"
            guard let status = event.status else { return gaveUp }
            return "\(gaveUp). " + StatusLine(status: status, online: true, names: names, viewer: viewer).turnText
        case .paired:
            guard let pairing = event.pairing, let first = pairing.players.first else { return nil }
            let ratings = Self.pairingRatings(pairing, viewer: viewer) { names[$0] ?? names.placeholder }.map { " (\($0))" } ?? ""
            return Self.pairingText(pairing) + ratings + ": "
                + (first == viewer ? "you move first" : "\(names[first] ?? names.placeholder) moves first")
        case .aborted: return Self.abortedText
        case .rated:
            guard let ratings = event.ratings, !ratings.isEmpty else { return nil }
            return Self.ratingsText(ratings, viewer: viewer) { names[$0] ?? names.placeholder }
        case .message, .chat, .sticker, .renamed: return nil
        }
    }

    /// A rated game's changes in words, the viewer's first: "Your rating: 1500? → 1662? (+162);
    /// Amber's: 1500? → 1338? (-162)".
    public static func ratingsText(_ ratings: [RatingInfo], viewer: ParticipantID, name: (ParticipantID) -> String) -> String {
        let ordered = ratings.filter { $0.participant == viewer } + ratings.filter { $0.participant != viewer }
        return ordered.map { rating in
            let whose = rating.participant == viewer ? "Your rating" : "\(name(rating.participant))'s"
            let change = rating.after.rating - rating.before.rating
            return "\(whose): \(rating.before.shown) → \(rating.after.shown) (\(change >= 0 ? "+" : "")\(change))"
        }.joined(separator: "; ")
    }

    /// The players' ratings when paired for a rated game, in move order: "Amber 1662 v you
    /// 1500?"; `nil` for a casual game, or without them (a game with the house bot).
    public static func pairingRatings(_ pairing: PairingInfo, viewer: ParticipantID?, name: (ParticipantID) -> String) -> String? {
        guard pairing.rated, let ratings = pairing.ratings, ratings.count == pairing.players.count else { return nil }
        return zip(pairing.players, ratings).map { player, rating in
            (player == viewer ? "you" : name(player)) + " " + rating.shown
        }.joined(separator: " v ")
    }

    /// A pairing called off, in words.
    public static let abortedText = "The game was not started in time: called off, nobody rated"

    /// What a pairing was for, in words: "Paired for battleship (classic), 5 minutes a move, rated".
    public static func pairingText(_ pairing: PairingInfo) -> String {
        let game = pairing.game + (pairing.variant.map { " (\($0))" } ?? "")
        return "Paired for \(game), \(TimeControlWords.perMove(pairing.secondsPerMove)), \(pairing.rated ? "rated" : "casual")"
    }

    /// A chat message as Messages shows one: the sender's name and the words, wrapped to about
    /// two thirds of the width; the viewer's own against the right edge.
    func chatLines(_ text: String, by sender: ParticipantID, width: Int) -> [Styled] {
        let own = sender == viewer
        let limit = max(8, width * 2 / 3)
        let name = own ? "You" : names[sender] ?? names.placeholder
        let words = WordWrap.lines(text, width: max(1, limit - 2))
        let lines = [Styled(name, .colour(own ? .green : .cyan, bold: true))] + words.map { Styled("  " + $0) }
        return own ? lines.map { $0.rightAligned(in: width) } : lines.map { $0.truncated(to: width) }
    }
}
