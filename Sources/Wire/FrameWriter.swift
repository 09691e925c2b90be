import Foundation
import Transcript

/// Writes a `ServerFrame` as JSON by hand: byte for byte what `WireJSON.encode` writes (keys
/// sorted by their bytes, absent optionals left out, slashes unescaped, control characters as
/// `\b \t \n \f \r` or `\u00xx`, everything else as its UTF-8), several times faster, since
/// the server writes one for every member of every conversation a move touches. The golden
/// files in Tests/WireTests and `FrameWriterTests` hold it to the encoder's bytes.
///
/// Keys are written in sorted order as literals, so a property added to a frame must be
/// added here in its place; `FrameWriterTests` fails until it is.
public struct FrameWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// Forgets what was written, keeping the memory for the next frame.
    public mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// The JSON of `frame`, as `WireJSON.encode(frame)` spells it.
    public static func json(_ frame: ServerFrame) -> [UInt8] {
        var writer = FrameWriter()
        writer.write(frame)
        return writer.bytes
    }

    public mutating func write(_ frame: ServerFrame) {
        open()
        switch frame {
        case let .challenge(challenge):
            key("nonce", first: true); string(challenge.nonce)
            key("server"); string(challenge.server)
            type("challenge")
            key("v"); integer(challenge.v.rawValue)
        case let .welcome(welcome):
            key("account", first: true); string(welcome.account)
            if let name = welcome.name { key("name"); string(name) }
            type("welcome")
            key("v"); integer(welcome.v.rawValue)
        case let .conversation(reply):
            key("conversation", first: true); summary(reply.conversation)
            key("id"); string(reply.id)
            type("conversation")
        case let .conversations(list):
            key("conversations", first: true)
            array(list.conversations) { $0.summary($1) }
            key("id"); string(list.id)
            type("conversations")
        case let .done(done):
            key("id", first: true); string(done.id)
            type("done")
        case let .accepted(accepted):
            key("conversation", first: true); string(accepted.conversation)
            key("id"); string(accepted.id)
            key("seq"); integer(accepted.seq)
            key("session"); string(accepted.session)
            type("accepted")
        case let .rejected(rejected):
            if let current = rejected.current {
                key("current", first: true)
                open(); eventMembers(current); close()
            }
            key("error", first: rejected.current == nil)
            open()
            key("code", first: true); string(rejected.error.code)
            key("reason"); string(rejected.error.reason)
            close()
            key("id"); string(rejected.id)
            type("rejected")
        case let .error(error):
            key("code", first: true); string(error.code)
            key("reason"); string(error.reason)
            type("error")
        case let .event(event):
            eventMembers(event)
            type("event")
        case let .synced(synced):
            key("conversation", first: true); string(synced.conversation)
            key("id"); string(synced.id)
            key("lastSeq"); integer(synced.lastSeq)
            type("synced")
        }
        close()
    }

    // MARK: The frames' parts, each with its keys in sorted order

    /// An event's members without the braces, so that an `event` frame can add its `type`.
    private mutating func eventMembers(_ event: Event) {
        key("conversation", first: true); string(event.conversation)
        key("kind"); string(event.kind.rawValue)
        if let message = event.message { key("message"); self.message(message) }
        if let participant = event.participant { key("participant"); self.participant(participant) }
        key("seq"); integer(event.seq)
        if let status = event.status { key("status"); self.status(status) }
    }

    private mutating func message(_ message: Message) {
        open()
        if let label = message.accessibilityLabel { key("accessibilityLabel", first: true); string(label) }
        key("game", first: message.accessibilityLabel == nil); string(message.game.rawValue)
        key("layout"); layout(message.layout)
        key("sender"); uuid(message.sender.uuid)
        if let session = message.session { key("session"); uuid(session.id) }
        if let summary = message.summaryText { key("summaryText"); string(summary) }
        key("url"); string(message.url)
        close()
    }

    private mutating func layout(_ layout: TemplateLayout) {
        open()
        var first = true
        for (name, value) in [
            ("caption", layout.caption), ("image", layout.image), ("imageSubtitle", layout.imageSubtitle),
            ("imageTitle", layout.imageTitle), ("subcaption", layout.subcaption),
            ("trailingCaption", layout.trailingCaption), ("trailingSubcaption", layout.trailingSubcaption),
        ] as [(StaticString, String?)] {
            guard let value else { continue }
            key(name, first: first); string(value)
            first = false
        }
        close()
    }

    private mutating func status(_ status: GameStatus) {
        open()
        key("game", first: true); string(status.game)
        key("moves"); integer(status.moves)
        key("outcome")
        open()
        key("finished", first: true); raw(status.outcome.finished ? "true" : "false")
        key("losers"); participants(status.outcome.losers)
        key("winners"); participants(status.outcome.winners)
        close()
        if let prompt = status.prompt { key("prompt"); string(prompt) }
        key("session"); string(status.session)
        key("turn")
        open()
        key("kind", first: true); string(status.turn.kind.rawValue)
        key("participants"); participants(status.turn.participants)
        close()
        key("variant"); string(status.variant)
        close()
    }

    private mutating func participants(_ ids: [ParticipantID]) {
        array(ids) { $0.uuid($1.uuid) }
    }

    private mutating func participant(_ participant: ParticipantInfo) {
        open()
        key("id", first: true); uuid(participant.id.uuid)
        if let name = participant.name { key("name"); string(name) }
        close()
    }

    private mutating func summary(_ summary: ConversationSummary) {
        open()
        key("conversation", first: true); string(summary.conversation)
        key("invite"); string(summary.invite)
        key("lastSeq"); integer(summary.lastSeq)
        key("members")
        array(summary.members) { $0.participant($1) }
        key("you"); uuid(summary.you.uuid)
        close()
    }

    // MARK: JSON itself

    private mutating func open() { bytes.append(UInt8(ascii: "{")) }
    private mutating func close() { bytes.append(UInt8(ascii: "}")) }

    /// `[`, then each element as `write` writes it, with commas between, then `]`.
    private mutating func array<Element>(_ elements: [Element], _ write: (inout FrameWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The frame's `type` member, never its first.
    private mutating func type(_ name: StaticString) {
        key("type")
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"name":`, after a comma unless it is the object's first member. Names are plain ASCII
    /// that needs no escaping.
    private mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func integer(_ value: Int) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// A UUID as its uppercase string, as `ParticipantID` and `Session` encode themselves.
    private mutating func uuid(_ uuid: UUID) {
        let digits: StaticString = "0123456789ABCDEF"
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: uuid.uuid) { raw in
            digits.withUTF8Buffer { digits in
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                    bytes.append(digits[Int(byte >> 4)])
                    bytes.append(digits[Int(byte & 0x0F)])
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string in quotes, escaped as Foundation's encoder escapes it.
    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let digits: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            digits.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
    }
}
