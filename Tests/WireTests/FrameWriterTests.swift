import Foundation
import GameRules
import Testing
import Transcript
import Wire

/// `FrameWriter` writes exactly the bytes of Foundation's encoder with the wire's settings: for
/// the golden frames, and for many generated ones whose texts hold everything that needs
/// escaping (quotes, backslashes, control characters) and much that does not (slashes, DEL,
/// accents, emoji, line separators).
@Suite struct FrameWriterTests {
    @Test(arguments: FrameGoldenTests.serverFrames.map { $0.0 })
    func goldenFrame(_ name: String) throws {
        let frame = try #require(FrameGoldenTests.serverFrames.first { $0.0 == name }?.1)
        let written = Data(FrameWriter.json(frame))
        #expect(written == (try GoldenFile.data(name)), "\(GoldenFile.text(written))")
    }

    @Test(arguments: FrameGoldenTests.clientFrames.map { $0.0 })
    func goldenClientFrame(_ name: String) throws {
        let frame = try #require(FrameGoldenTests.clientFrames.first { $0.0 == name }?.1)
        let written = Data(FrameWriter.json(frame))
        #expect(written == (try GoldenFile.data(name)), "\(GoldenFile.text(written))")
    }

    @Test func generatedClientFramesMatchTheEncoder() throws {
        var random = SeededRandom(seed: 20261126)
        for round in 0..<2_000 {
            let frame = Self.clientFrame(&random)
            let expected = try WireJSON.encoder().encode(frame)
            let written = Data(FrameWriter.json(frame))
            try #require(written == expected, "round \(round): \(GoldenFile.text(written)) ≠ \(GoldenFile.text(expected))")
        }
    }

    @Test func generatedFramesMatchTheEncoder() throws {
        var random = SeededRandom(seed: 20261125)
        for round in 0..<3_000 {
            let frame = Self.frame(&random)
            let expected = try WireJSON.encoder().encode(frame)
            let written = Data(FrameWriter.json(frame))
            try #require(written == expected, "round \(round): \(GoldenFile.text(written)) ≠ \(GoldenFile.text(expected))")
        }
    }

    @Test func everyControlCharacterIsEscapedAsTheEncoderDoes() throws {
        let text = String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) })) + "é😀\u{2028}\u{85}"
        let frame = ServerFrame.error(ErrorFrame(code: text, reason: "/\\\"" + text))
        #expect(Data(FrameWriter.json(frame)) == (try WireJSON.encoder().encode(frame)))
    }

    /// A message event written from its parts, its tokens translated on the way, is the frame of
    /// the event built and then translated; a token with no translation writes nothing.
    @Test func messageEventsWrittenFromTheirPartsMatchTheEventsTheyMake() throws {
        var random = SeededRandom(seed: 20261127)
        let known = ParticipantID(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!)
        let translatedID = ParticipantID(Self.uuid(&random))
        let unknown = ParticipantID(Self.uuid(&random))
        let translate = { (id: ParticipantID) in id == known ? translatedID : nil }
        var writer = FrameWriter()
        for round in 0..<2_000 {
            func texts(_ random: inout SeededRandom) -> String {
                Self.text(&random) + ["", "$5", "$", "$6f9619ff-8b86-d011-b42d-00c04fc964ff", known.token, known.token + "'s"]
                    .randomElement(using: &random)! + Self.text(&random)
            }
            let parts = MessageEventParts(
                conversation: ConversationID(spelling: Self.text(&random)), seq: Self.number(&random), game: Self.text(&random), publicURL: Self.text(&random),
                query: Self.text(&random), session: Self.uuid(&random), caption: texts(&random),
                subcaption: Self.maybe(&random) { texts(&$0) }, trailingCaption: Self.maybe(&random) { texts(&$0) },
                trailingSubcaption: Self.maybe(&random) { texts(&$0) }, summary: texts(&random),
                accessibilityLabel: texts(&random), sender: ParticipantID(Self.uuid(&random)), status: Self.status(&random))
            writer.clear()
            let written = writer.messageEvent(parts)
            try #require(written)
            let plain = try WireJSON.encoder().encode(ServerFrame.event(parts.event))
            try #require(Data(writer.bytes) == plain, "round \(round): \(GoldenFile.text(Data(writer.bytes)))")

            var event = parts.event
            event.message = event.message?.mapTexts { text in
                ParticipantTokens.replacing(in: text) { (translate($0) ?? $0).token }
            }
            writer.clear()
            let writtenTranslated = writer.messageEvent(parts, translatingTokens: translate)
            try #require(writtenTranslated)
            let translated = try WireJSON.encoder().encode(ServerFrame.event(event))
            try #require(Data(writer.bytes) == translated, "round \(round): \(GoldenFile.text(Data(writer.bytes)))")
        }
        var parts = MessageEventParts(
            conversation: "c", seq: 1, game: "icecream", publicURL: "https://localhost:8443", query: "?Base=base01",
            session: Self.uuid(&random), caption: "\(known.token) and \(unknown.token)", subcaption: nil, trailingCaption: nil,
            trailingSubcaption: nil, summary: "s", accessibilityLabel: "a", sender: known, status: Self.status(&random))
        writer.clear()
        let refused = writer.messageEvent(parts, translatingTokens: translate)
        #expect(!refused)
        #expect(writer.bytes.isEmpty, "nothing of the frame is left written")
        parts.caption = known.token
        let accepted = writer.messageEvent(parts, translatingTokens: translate)
        #expect(accepted)
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(translatedID.token))
    }

    // MARK: Generated frames

    static func frame(_ random: inout SeededRandom) -> ServerFrame {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: .challenge(.init(nonce: text(&random), server: text(&random)))
        case 1: .welcome(.init(account: text(&random), name: maybe(&random) { text(&$0) }))
        case 2: .conversation(.init(id: text(&random), conversation: summary(&random)))
        case 3: .conversations(.init(id: text(&random), conversations: list(&random, upTo: 3) { summary(&$0) }))
        case 4: .done(.init(id: text(&random)))
        case 5: .accepted(.init(id: text(&random), conversation: ConversationID(spelling: text(&random)), seq: number(&random), session: text(&random)))
        case 6: .rejected(.init(id: text(&random), error: ErrorFrame(code: text(&random), reason: text(&random)),
                                current: maybe(&random) { event(&$0) }))
        case 7: .error(ErrorFrame(code: text(&random), reason: text(&random)))
        case 8: .event(event(&random))
        default: .synced(.init(id: text(&random), conversation: ConversationID(spelling: text(&random)), lastSeq: number(&random)))
        }
    }

    static func clientFrame(_ random: inout SeededRandom) -> ClientFrame {
        switch Int.random(in: 0..<13, using: &random) {
        case 0: .authenticate(.init(publicKey: text(&random), signature: text(&random), name: maybe(&random) { text(&$0) }))
        case 1: .create(.init(id: text(&random)))
        case 2: .join(.init(id: text(&random), invite: text(&random)))
        case 3: .list(.init(id: text(&random)))
        case 4: .leave(.init(id: text(&random), conversation: ConversationID(spelling: text(&random))))
        case 5: .rename(.init(id: text(&random), name: text(&random)))
        case 6: .send(.init(id: text(&random), conversation: ConversationID(spelling: text(&random)), game: text(&random),
                            variant: maybe(&random) { text(&$0) }, session: maybe(&random) { text(&$0) },
                            basedOn: maybe(&random) { number(&$0) }, url: text(&random)))
        case 7: .ack(.init(conversation: ConversationID(spelling: text(&random)), seq: number(&random)))
        case 8: .resign(.init(id: text(&random), conversation: ConversationID(spelling: text(&random)), session: text(&random)))
        case 9: .chat(.init(id: text(&random), conversation: ConversationID(spelling: text(&random)), text: text(&random)))
        case 10: .seek(.init(
            id: text(&random), game: text(&random), variant: maybe(&random) { text(&$0) }, secondsPerMove: number(&random),
            rated: number(&random) % 2 == 0, players: maybe(&random) { number(&$0) }, startWithFewerAfter: maybe(&random) { number(&$0) }))
        case 11: .unseek(.init(id: text(&random), seek: maybe(&random) { text(&$0) }))
        default: .resume(.init(id: text(&random), conversation: ConversationID(spelling: text(&random)), after: number(&random)))
        }
    }

    static func event(_ random: inout SeededRandom) -> Event {
        let kinds: [Event.Kind] = [.message, .joined, .left, .removed, .timeout, .ended, .resigned, .chat]
        return Event(
            conversation: ConversationID(spelling: text(&random)), seq: number(&random), kind: kinds.randomElement(using: &random)!,
            message: maybe(&random) { message(&$0) }, status: maybe(&random) { status(&$0) },
            participant: maybe(&random) { participant(&$0) }, text: maybe(&random) { text(&$0) })
    }

    static func message(_ random: inout SeededRandom) -> Message {
        Message(
            game: GameID(rawValue: text(&random)), url: text(&random),
            session: maybe(&random) { SessionID(uuid(&$0)) },
            layout: TemplateLayout(
                caption: maybe(&random) { text(&$0) }, subcaption: maybe(&random) { text(&$0) },
                trailingCaption: maybe(&random) { text(&$0) }, trailingSubcaption: maybe(&random) { text(&$0) },
                imageTitle: maybe(&random) { text(&$0) }, imageSubtitle: maybe(&random) { text(&$0) },
                image: maybe(&random) { text(&$0) }),
            summaryText: maybe(&random) { text(&$0) }, accessibilityLabel: maybe(&random) { text(&$0) },
            sender: ParticipantID(uuid(&random)))
    }

    static func status(_ random: inout SeededRandom) -> GameStatus {
        let kinds: [TurnInfo.Kind] = [.player, .anyoneExcept, .anyone, .nobody]
        return GameStatus(
            session: text(&random), game: text(&random), variant: text(&random), moves: number(&random),
            turn: TurnInfo(kind: kinds.randomElement(using: &random)!, participants: ids(&random)),
            outcome: OutcomeInfo(finished: Bool.random(using: &random), winners: ids(&random), losers: ids(&random)),
            prompt: maybe(&random) { text(&$0) }, deadline: maybe(&random) { Int64(number(&$0)) },
            secondsPerMove: maybe(&random) { number(&$0) })
    }

    static func summary(_ random: inout SeededRandom) -> ConversationSummary {
        ConversationSummary(
            conversation: ConversationID(spelling: text(&random)), invite: text(&random), you: ParticipantID(uuid(&random)),
            members: list(&random, upTo: 4) { participant(&$0) }, lastSeq: number(&random))
    }

    static func participant(_ random: inout SeededRandom) -> ParticipantInfo {
        ParticipantInfo(id: ParticipantID(uuid(&random)), name: maybe(&random) { text(&$0) })
    }

    static func ids(_ random: inout SeededRandom) -> [ParticipantID] {
        list(&random, upTo: 3) { ParticipantID(uuid(&$0)) }
    }

    static func uuid(_ random: inout SeededRandom) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                           bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    static func number(_ random: inout SeededRandom) -> Int {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: Int.random(in: 0..<10, using: &random)
        case 1: Int.random(in: -1_000...1_000_000, using: &random)
        case 2: [Int.min, Int.max, -1, 10, 9, 100].randomElement(using: &random)!
        default: Int.random(in: Int.min...Int.max, using: &random)
        }
    }

    /// A text of up to 12 pieces, each a plain word or something a JSON writer must take care with.
    static func text(_ random: inout SeededRandom) -> String {
        let pieces = ["a", "Amber", " ", "/", "\\", "\"", "\u{0}", "\u{1F}", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{B}",
                      "\u{7F}", "é", "😀", "\u{2028}", "$6F9619FF-8B86-D011-B42D-00C04FC964FF", "?Base=base01&Scoops=x", "<>&'"]
        return (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func maybe<T>(_ random: inout SeededRandom, _ make: (inout SeededRandom) -> T) -> T? {
        Bool.random(using: &random) ? make(&random) : nil
    }

    static func list<T>(_ random: inout SeededRandom, upTo count: Int, _ make: (inout SeededRandom) -> T) -> [T] {
        (0..<Int.random(in: 0...count, using: &random)).map { _ in make(&random) }
    }
}
