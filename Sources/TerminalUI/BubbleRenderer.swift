import GameCatalog
import GamePresentation
import GameRules
import Transcript

/// Draws one message of a transcript as the viewer received it: a box with the game's
/// picture, the layout's texts, and the sender's name over it, like a Messages bubble.
/// The viewer's own bubbles sit against the right edge and everyone else's against the left,
/// so a glance tells whose move was whose.
///
/// ```
/// Amber
/// .-----------------------------------.
/// | <the board or the ice cream>      |
/// | Image title                       |
/// |-----------------------------------|
/// | Amber fired at 4: a hit! Hits 1/2 |
/// '-----------------------------------'
/// ```
public struct BubbleRenderer: Sendable {
    public let names: NameBook
    public let viewer: ParticipantID
    public let mode: ColourMode
    /// Each session's players in the order they took their seats (of their first moves), so
    /// that a bubble is drawn from the viewer's seat.
    public var seats: [SessionID: [ParticipantID]]
    /// What the frames are drawn with.
    public var glyphs: Glyphs
    /// The games this client draws; any other shows its state as its items.
    public var catalog: GameCatalog

    public init(
        names: NameBook, viewer: ParticipantID, mode: ColourMode, seats: [SessionID: [ParticipantID]] = [:], glyphs: Glyphs = .ascii,
        catalog: GameCatalog = .standard
    ) {
        self.names = names
        self.viewer = viewer
        self.mode = mode
        self.seats = seats
        self.glyphs = glyphs
        self.catalog = catalog
    }

    /// The players of each session in `messages` (in order), by their first moves.
    public static func seats(of messages: [Message]) -> [SessionID: [ParticipantID]] {
        var seats: [SessionID: [ParticipantID]] = [:]
        for message in messages {
            guard let session = message.session else { continue }
            if !(seats[session]?.contains(message.sender) ?? false) { seats[session, default: []].append(message.sender) }
        }
        return seats
    }

    /// A whole entry as a bubble, a collapsed one as its single line. A `selected` entry is
    /// marked: a bubble with a double border, a line with `>` before it, in plain text too.
    public func lines(for entry: TranscriptEntry, width: Int, selected: Bool = false) -> [Styled] {
        switch entry {
        case let .whole(message): bubble(for: message, width: width, selected: selected)
        case let .collapsed(message, summary):
            if selected {
                [(Styled("> ", .colour(.yellow, bold: true)) + collapsed(message, summary: summary, width: width - 2))]
            } else {
                [collapsed(message, summary: summary, width: width)]
            }
        }
    }

    /// An earlier message of a session, reduced to one dim line: `Amber chose a base`, or
    /// `Amber: I added some scoops` when the summary does not begin with its sender.
    public func collapsed(_ message: Message, summary: String, width: Int) -> Styled {
        let words = MessageWords(names: names, viewer: viewer, catalog: catalog)
        let text = words.text(summary, of: message)
        let line = Styled(words.startsWithSender(summary, of: message) ? text : "\(senderName(message.sender)): \(text)", .dim)
        return isOwn(message) ? line.rightAligned(in: width) : line.truncated(to: width)
    }

    /// The bubble of `message`, each line at most `width` columns. Captions are wrapped so
    /// the bubble is not much wider than its picture: narrow bubbles leave room on the other
    /// side, which is what shows who sent them.
    public func bubble(for message: Message, width: Int, selected: Bool = false) -> [Styled] {
        let layout = MessageWords(names: names, viewer: viewer, catalog: catalog).layout(of: message)
        let widest = max(1, width - 4)
        let textLimit = min(widest, max(24, widest * 2 / 3))
        let view = GameView(message: message, catalog: catalog)
        // A placeholder is text, held to the width of text rather than of a picture.
        let isPicture = view.isReadable
        let seat = message.session.flatMap { seats[$0]?.firstIndex(of: viewer) }.map(Seat.init)
        let picture = view.lines(width: isPicture ? widest : textLimit, mode: mode, seat: seat)
        let texts = [layout.imageTitle, layout.imageSubtitle].compactMap { $0 }.map(TerminalColumns.width(of:))
            + [pairWidth(layout.caption, layout.trailingCaption), pairWidth(layout.subcaption, layout.trailingSubcaption)]
        let inner = max(1, min(widest, max(picture.width, min(texts.max() ?? 0, textLimit))))

        var top = picture.map { $0.truncated(to: inner) }
        top += wrapped(layout.imageTitle, .bold, inner) + wrapped(layout.imageSubtitle, .dim, inner)
        let bottom = pair(layout.caption, .bold, layout.trailingCaption, .bold, inner)
            + pair(layout.subcaption, .plain, layout.trailingSubcaption, .dim, inner)

        let border = selected ? Style.colour(.yellow, bold: true) : Style.dim
        let g = selected ? glyphs.selected : glyphs
        let rule = String(repeating: g.horizontal, count: inner + 2)
        let (left, right) = (String(g.vertical) + " ", " " + String(g.vertical))
        var box = [Styled(String(g.topLeft) + rule + String(g.topRight), border)]
        box += top.map { Styled(left, border) + $0.fitted(to: inner) + Styled(right, border) }
        if !bottom.isEmpty {
            box.append(Styled(String(g.leftTee) + rule + String(g.rightTee), border))
            box += bottom.map { Styled(left, border) + $0.fitted(to: inner) + Styled(right, border) }
        }
        box.append(Styled(String(g.bottomLeft) + rule + String(g.bottomRight), border))

        let own = isOwn(message)
        let name = Styled(senderName(message.sender), .colour(own ? .green : .cyan, bold: true))
        let boxWidth = min(inner + 4, width)
        let lines = [own ? name.rightAligned(in: boxWidth) : name.truncated(to: boxWidth)] + box
        // Cut only in a terminal too narrow for the border itself.
        let indent = own ? Styled.spaces(width - boxWidth) : Styled()
        return lines.map { (indent + $0).truncated(to: width) }
    }

    /// Who sent a message, as this viewer calls them.
    func senderName(_ sender: ParticipantID) -> String {
        sender == viewer ? "You" : names.name(of: sender)
    }

    private func isOwn(_ message: Message) -> Bool { message.sender == viewer }

    private func pairWidth(_ left: String?, _ right: String?) -> Int {
        let widths = [left, right].compactMap { $0 }.map(TerminalColumns.width(of:))
        return widths.reduce(0, +) + (widths.count == 2 ? 1 : 0)
    }

    private func wrapped(_ text: String?, _ style: Style, _ width: Int) -> [Styled] {
        WordWrap.lines(text ?? "", width: width).map { Styled($0, style) }
    }

    /// `left` wrapped, with `right` against the right edge of its first line, as a caption
    /// and its trailing caption share a line. When `right` leaves too little room, it gets a
    /// line of its own under `left`.
    private func pair(_ left: String?, _ leftStyle: Style, _ right: String?, _ rightStyle: Style, _ width: Int) -> [Styled] {
        guard let right, !right.isEmpty else { return wrapped(left, leftStyle, width) }
        let trailing = Styled(right, rightStyle).truncated(to: width)
        let room = width - trailing.width - 1
        let leftLines = wrapped(left, leftStyle, room >= min(12, width / 2) ? room : width)
        guard let first = leftLines.first else { return [trailing.rightAligned(in: width)] }
        guard room >= min(12, width / 2) else { return leftLines + [trailing.rightAligned(in: width)] }
        return [first.padded(to: room) + " " + trailing] + leftLines.dropFirst()
    }
}
