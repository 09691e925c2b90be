import Foundation
import Transcript

/// Writes a frame as JSON by hand: byte for byte what `WireJSON.encode` writes (keys
/// sorted by their bytes, absent optionals left out, slashes unescaped, control characters as
/// `\b \t \n \f \r` or `\u00xx`, everything else as its UTF-8), several times faster, since
/// the server writes one for every member of every conversation a move touches (and a bot
/// client one for every move). The golden
/// files in Tests/WireTests and `FrameWriterTests` hold it to the encoder's bytes.
///
/// Keys are written in sorted order as literals, so a property added to a frame must be
/// added here in its place; `FrameWriterTests` fails until it is.
public struct FrameWriter {
    private var out: JSONOutput

    /// The JSON written so far.
    public var bytes: [UInt8] { out.bytes }

    public init(capacity: Int = 512) {
        out = JSONOutput(capacity: capacity)
    }

    /// Forgets what was written, keeping the memory for the next frame.
    public mutating func clear() {
        out.clear()
    }

    /// The JSON of `frame`, as `WireJSON.encode(frame)` spells it.
    public static func json(_ frame: ServerFrame) -> [UInt8] {
        var writer = FrameWriter()
        writer.write(frame)
        return writer.bytes
    }

    public mutating func write(_ frame: ServerFrame) {
        out.open()
        switch frame {
        case let .challenge(challenge):
            out.key("nonce", first: true); out.string(challenge.nonce)
            out.key("server"); out.string(challenge.server)
            type("challenge")
            out.key("v"); out.integer(challenge.v.rawValue)
        case let .welcome(welcome):
            out.key("account", first: true); out.string(welcome.account)
            if let name = welcome.name { out.key("name"); out.string(name) }
            type("welcome")
            out.key("v"); out.integer(welcome.v.rawValue)
        case let .conversation(reply):
            out.key("conversation", first: true); summary(reply.conversation)
            out.key("id"); out.string(reply.id)
            type("conversation")
        case let .conversations(list):
            out.key("conversations", first: true)
            array(list.conversations) { $0.summary($1) }
            out.key("id"); out.string(list.id)
            if let next = list.next { out.key("next"); out.string(next.rawValue) }
            type("conversations")
        case let .done(done):
            out.key("id", first: true); out.string(done.id)
            type("done")
        case let .accepted(accepted):
            out.key("conversation", first: true); out.string(accepted.conversation.rawValue)
            out.key("id"); out.string(accepted.id)
            out.key("seq"); out.integer(accepted.seq)
            out.key("session"); out.string(accepted.session)
            type("accepted")
        case let .rejected(rejected):
            if let current = rejected.current {
                out.key("current", first: true)
                out.open(); eventMembers(current); out.close()
            }
            out.key("error", first: rejected.current == nil)
            out.open()
            out.key("code", first: true); out.string(rejected.error.code)
            out.key("reason"); out.string(rejected.error.reason)
            out.close()
            out.key("id"); out.string(rejected.id)
            type("rejected")
        case let .error(error):
            out.key("code", first: true); out.string(error.code)
            out.key("reason"); out.string(error.reason)
            type("error")
        case let .event(event):
            eventMembers(event)
            type("event")
        case let .synced(synced):
            out.key("conversation", first: true); out.string(synced.conversation.rawValue)
            out.key("id"); out.string(synced.id)
            out.key("lastSeq"); out.integer(synced.lastSeq)
            type("synced")
        }
        out.close()
    }

    /// An `event` frame of kind `message`, written from its parts as the server keeps them:
    /// byte for byte the frame of the `Event` they make (`MessageEventParts.event`), without
    /// making it. The texts are in the sender's participant tokens; with `translate`, each
    /// token is written as the recipient's (`Translation.token`). `false`, with
    /// nothing written, when `translate` has no identifier for a token.
    public mutating func messageEvent(
        _ parts: MessageEventParts, translatingTokens translate: ((ParticipantID) -> ParticipantID?)? = nil
    ) -> Bool {
        let start = out.bytes.count
        out.open()
        out.key("conversation", first: true); out.string(parts.conversation.rawValue)
        out.key("kind"); out.raw("\"message\"")
        out.key("message")
        out.open()
        func text(_ key: StaticString, _ value: String, first: Bool = false) -> Bool {
            out.key(key, first: first)
            guard let translate else {
                out.string(value)
                return true
            }
            return out.string(value, translatingTokens: translate)
        }
        guard text("accessibilityLabel", parts.accessibilityLabel, first: true) else { return abandon(at: start) }
        out.key("game"); out.string(parts.game)
        out.key("layout")
        out.open()
        guard text("caption", parts.caption, first: true) else { return abandon(at: start) }
        for (key, value) in [("subcaption", parts.subcaption), ("trailingCaption", parts.trailingCaption),
                             ("trailingSubcaption", parts.trailingSubcaption)] as [(StaticString, String?)] {
            guard let value else { continue }
            guard text(key, value) else { return abandon(at: start) }
        }
        out.close()
        out.key("sender"); out.uuid(parts.sender.uuid)
        out.key("session"); out.uuid(parts.session)
        guard text("summaryText", parts.summary) else { return abandon(at: start) }
        out.key("url")
        out.quote()
        out.stringPart(parts.publicURL)
        out.raw("/g/")
        out.stringPart(parts.game)
        out.stringPart(parts.query)
        out.quote()
        out.close()
        out.key("seq"); out.integer(parts.seq)
        out.key("status"); status(parts.status)
        type("event")
        out.close()
        return true
    }

    private mutating func abandon(at count: Int) -> Bool {
        out.truncate(to: count)
        return false
    }

    /// The JSON of `frame`, as `WireJSON.encode(frame)` spells it.
    public static func json(_ frame: ClientFrame) -> [UInt8] {
        var writer = FrameWriter(capacity: 256)
        writer.write(frame)
        return writer.bytes
    }

    public mutating func write(_ frame: ClientFrame) {
        // The output is handed to the request's own `write` (Sources/Wire/Requests) and back,
        // moved rather than copied.
        var writing = ClientFrame.Writing(out: JSONOutput(capacity: 0))
        swap(&writing.out, &out)
        writing.out.open()
        frame.accept(&writing)
        writing.out.close()
        swap(&writing.out, &out)
    }

    // MARK: The frames' parts, each with its keys in sorted order

    /// An event's members without the braces, so that an `event` frame can add its `type`.
    private mutating func eventMembers(_ event: Event) {
        out.key("conversation", first: true); out.string(event.conversation.rawValue)
        out.key("kind"); out.string(event.kind.rawValue)
        if let message = event.message { out.key("message"); self.message(message) }
        if let pairing = event.pairing { out.key("pairing"); self.pairing(pairing) }
        if let participant = event.participant { out.key("participant"); self.participant(participant) }
        if let ratings = event.ratings {
            out.key("ratings")
            array(ratings) { $0.rating($1) }
        }
        if let reveal = event.reveal { out.key("reveal"); out.string(reveal) }
        out.key("seq"); out.integer(event.seq)
        if let status = event.status { out.key("status"); self.status(status) }
        if let sticker = event.sticker { out.key("sticker"); self.sticker(sticker) }
        if let text = event.text { out.key("text"); out.string(text) }
    }

    private mutating func pairing(_ pairing: PairingInfo) {
        out.open()
        out.key("game", first: true); out.string(pairing.game)
        out.key("players"); participants(pairing.players)
        out.key("rated"); out.bool(pairing.rated)
        if let ratings = pairing.ratings {
            out.key("ratings")
            array(ratings) { $0.ratingValue($1) }
        }
        out.key("secondsPerMove"); out.integer(pairing.secondsPerMove)
        if let startBy = pairing.startBy { out.key("startBy"); out.integer(startBy) }
        if let variant = pairing.variant { out.key("variant"); out.string(variant) }
        out.close()
    }

    private mutating func rating(_ rating: RatingInfo) {
        out.open()
        out.key("after", first: true); ratingValue(rating.after)
        out.key("before"); ratingValue(rating.before)
        out.key("game"); out.string(rating.game)
        out.key("participant"); out.uuid(rating.participant.uuid)
        out.key("result"); out.string(rating.result.rawValue)
        out.key("variant"); out.string(rating.variant)
        out.close()
    }

    private mutating func ratingValue(_ value: RatingValue) {
        out.open()
        out.key("deviation", first: true); out.integer(value.deviation)
        out.key("provisional"); out.bool(value.provisional)
        out.key("rating"); out.integer(value.rating)
        out.close()
    }

    private mutating func sticker(_ sticker: Sticker) {
        out.open()
        out.key("bytes", first: true); out.integer(sticker.bytes)
        out.key("format"); out.string(sticker.format)
        out.key("height"); out.integer(sticker.height)
        out.key("id"); out.string(sticker.id)
        out.key("name"); out.string(sticker.name)
        out.key("url"); out.string(sticker.url)
        out.key("width"); out.integer(sticker.width)
        out.close()
    }

    private mutating func message(_ message: Message) {
        out.open()
        if let label = message.accessibilityLabel { out.key("accessibilityLabel", first: true); out.string(label) }
        out.key("game", first: message.accessibilityLabel == nil); out.string(message.game.rawValue)
        out.key("layout"); layout(message.layout)
        out.key("sender"); out.uuid(message.sender.uuid)
        if let session = message.session { out.key("session"); out.uuid(session.id) }
        if let summary = message.summaryText { out.key("summaryText"); out.string(summary) }
        out.key("url"); out.string(message.url)
        out.close()
    }

    private mutating func layout(_ layout: TemplateLayout) {
        out.open()
        var first = true
        for (name, value) in [
            ("caption", layout.caption), ("image", layout.image), ("imageSubtitle", layout.imageSubtitle),
            ("imageTitle", layout.imageTitle), ("subcaption", layout.subcaption),
            ("trailingCaption", layout.trailingCaption), ("trailingSubcaption", layout.trailingSubcaption),
        ] as [(StaticString, String?)] {
            guard let value else { continue }
            out.key(name, first: first); out.string(value)
            first = false
        }
        out.close()
    }

    private mutating func status(_ status: GameStatus) {
        out.open()
        if let deadline = status.deadline { out.key("deadline", first: true); out.integer(Int(deadline)) }
        out.key("game", first: status.deadline == nil); out.string(status.game)
        out.key("moves"); out.integer(status.moves)
        out.key("outcome")
        out.open()
        out.key("finished", first: true); out.raw(status.outcome.finished ? "true" : "false")
        out.key("losers"); participants(status.outcome.losers)
        out.key("winners"); participants(status.outcome.winners)
        out.close()
        if let prompt = status.prompt { out.key("prompt"); out.string(prompt) }
        if let seconds = status.secondsPerMove { out.key("secondsPerMove"); out.integer(seconds) }
        out.key("session"); out.string(status.session)
        out.key("turn")
        out.open()
        out.key("kind", first: true); out.string(status.turn.kind.rawValue)
        out.key("participants"); participants(status.turn.participants)
        out.close()
        out.key("variant"); out.string(status.variant)
        out.close()
    }

    private mutating func participants(_ ids: [ParticipantID]) {
        array(ids) { $0.out.uuid($1.uuid) }
    }

    private mutating func participant(_ participant: ParticipantInfo) {
        out.open()
        if participant.bot { out.key("bot", first: true); out.bool(true) }
        out.key("id", first: !participant.bot); out.uuid(participant.id.uuid)
        if let name = participant.name { out.key("name"); out.string(name) }
        if participant.role != .player { out.key("role"); out.string(participant.role.rawValue) }
        out.close()
    }

    private mutating func summary(_ summary: ConversationSummary) {
        out.open()
        out.key("conversation", first: true); out.string(summary.conversation.rawValue)
        out.key("invite"); out.string(summary.invite)
        out.key("lastSeq"); out.integer(summary.lastSeq)
        out.key("members")
        array(summary.members) { $0.participant($1) }
        if let watchInvite = summary.watchInvite { out.key("watchInvite"); out.string(watchInvite) }
        out.key("you"); out.uuid(summary.you.uuid)
        out.close()
    }

    /// `[`, then each element as `write` writes it, with commas between, then `]`.
    private mutating func array<Element>(_ elements: [Element], _ write: (inout FrameWriter, Element) -> Void) {
        out.raw("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { out.raw(",") }
            write(&self, element)
        }
        out.raw("]")
    }

    /// The frame's `type` member, never its first.
    private mutating func type(_ name: StaticString) {
        out.type(name)
    }
}
