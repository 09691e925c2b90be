import Foundation
import GameRules
import Transcript
import Wire

/// Frames of every type with seeded random values: texts with quotes, backslashes, control
/// characters, non-ASCII letters and emoji; optionals absent or present; numbers at the ends
/// of `Int`; long lists.
struct RandomFrames {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    static let pieces = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\\u00e9", "\n", "\t", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
        "é", "e\u{301}", "ß", "中", "😀", "👩‍👩‍👧", "\u{2028}", "\u{FEFF}", "\u{212A}",
        "$", "&", "?", "=", "{", "}", "[", "]", ":", ",",
    ]

    mutating func text() -> String {
        let length = Int.random(in: 0...20, using: &random)
        return (0..<length).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }

    mutating func maybe<Value>(_ make: (inout Self) -> Value) -> Value? {
        Bool.random(using: &random) ? make(&self) : nil
    }

    mutating func number() -> Int {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: [0, 1, -1, Int.max, Int.min, Int.max - 1, Int.min + 1].randomElement(using: &random)!
        case 1: Int.random(in: Int.min...Int.max, using: &random)
        default: Int.random(in: -1000...100_000, using: &random)
        }
    }

    mutating func uuid() -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
        return bytes.withUnsafeBytes { $0.load(as: UUID.self) }
    }

    mutating func participant() -> ParticipantID { ParticipantID(uuid()) }

    mutating func participants() -> [ParticipantID] {
        (0..<Int.random(in: 0...(Bool.random(using: &random) ? 3 : 40), using: &random)).map { _ in participant() }
    }

    mutating func event() -> Event {
        Event(
            conversation: ConversationID(spelling: text()), seq: number(),
            kind: [.message, .joined, .left, .removed, .timeout, .ended, .resigned, .chat].randomElement(using: &random)!,
            message: maybe { $0.message() }, status: maybe { $0.status() },
            participant: maybe { ParticipantInfo(id: $0.participant(), name: $0.maybe { $0.text() }) },
            text: maybe { $0.text() })
    }

    mutating func message() -> Message {
        Message(
            game: GameID(rawValue: text()), url: text(), session: maybe { SessionID($0.uuid()) },
            layout: TemplateLayout(
                caption: maybe { $0.text() }, subcaption: maybe { $0.text() }, trailingCaption: maybe { $0.text() },
                trailingSubcaption: maybe { $0.text() }, imageTitle: maybe { $0.text() }, imageSubtitle: maybe { $0.text() },
                image: maybe { $0.text() }),
            summaryText: maybe { $0.text() }, accessibilityLabel: maybe { $0.text() }, sender: participant())
    }

    mutating func status() -> GameStatus {
        GameStatus(
            session: text(), game: text(), variant: text(), moves: number(),
            turn: TurnInfo(
                kind: [.player, .anyoneExcept, .anyone, .nobody].randomElement(using: &random)!, participants: participants()),
            outcome: OutcomeInfo(finished: Bool.random(using: &random), winners: participants(), losers: participants()),
            prompt: maybe { $0.text() }, deadline: maybe { Int64($0.number()) }, secondsPerMove: maybe { $0.number() })
    }

    mutating func summary() -> ConversationSummary {
        ConversationSummary(
            conversation: ConversationID(spelling: text()), invite: text(), you: participant(),
            members: (0..<Int.random(in: 0...12, using: &random)).map { _ in
                ParticipantInfo(id: participant(), name: maybe { $0.text() })
            },
            lastSeq: number())
    }

    mutating func error() -> ErrorFrame { ErrorFrame(code: text(), reason: text()) }

    mutating func serverFrame() -> ServerFrame {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: .challenge(.init(v: ProtocolVersion(rawValue: number()), nonce: text(), server: text()))
        case 1: .welcome(.init(v: ProtocolVersion(rawValue: number()), account: text(), name: maybe { $0.text() }))
        case 2: .conversation(.init(id: text(), conversation: summary()))
        case 3:
            .conversations(.init(id: text(), conversations: (0..<Int.random(in: 0...6, using: &random)).map { _ in summary() }))
        case 4: .done(.init(id: text()))
        case 5: .accepted(.init(id: text(), conversation: ConversationID(spelling: text()), seq: number(), session: text()))
        case 6: .rejected(.init(id: text(), error: error(), current: maybe { $0.event() }))
        case 7: .error(error())
        case 8: .event(event())
        default: .synced(.init(id: text(), conversation: ConversationID(spelling: text()), lastSeq: number()))
        }
    }

    mutating func clientFrame() -> ClientFrame {
        switch Int.random(in: 0..<13, using: &random) {
        case 0:
            .authenticate(.init(
                v: ProtocolVersion(rawValue: number()), publicKey: text(), signature: text(), name: maybe { $0.text() }))
        case 1: .create(.init(id: text()))
        case 2: .join(.init(id: text(), invite: text()))
        case 3: .list(.init(id: text()))
        case 4: .leave(.init(id: text(), conversation: ConversationID(spelling: text())))
        case 5: .rename(.init(id: text(), name: text()))
        case 6:
            .send(.init(
                id: text(), conversation: ConversationID(spelling: text()), game: text(), variant: maybe { $0.text() }, session: maybe { $0.text() },
                basedOn: maybe { $0.number() }, url: text()))
        case 7: .ack(.init(conversation: ConversationID(spelling: text()), seq: number()))
        case 8: .resign(.init(id: text(), conversation: ConversationID(spelling: text()), session: text()))
        case 9: .chat(.init(id: text(), conversation: ConversationID(spelling: text()), text: text()))
        case 10:
            .seek(.init(
                id: text(), game: text(), variant: maybe { $0.text() }, secondsPerMove: number(), rated: number() % 2 == 0,
                players: maybe { $0.number() }, startWithFewerAfter: maybe { $0.number() }))
        case 11: .unseek(.init(id: text(), seek: maybe { $0.text() }))
        default: .resume(.init(id: text(), conversation: ConversationID(spelling: text()), after: number()))
        }
    }
}
