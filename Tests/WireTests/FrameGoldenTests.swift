import Foundation
import GameRules
import Testing
import Transcript
import Wire

/// Every frame either side sends, frozen as JSON in `Golden/`: encoding gives those bytes, and
/// decoding them gives the value back. Run with `PARLEY_RECORD_GOLDEN=1` to rewrite the files
/// after a deliberate change to the wire (and say so in docs/PROTOCOL.md).
@Suite struct FrameGoldenTests {
    static let amber = ParticipantID(uuidString: "0E7B2C9A-3D4F-8A1B-9C2D-3E4F5A6B7C8D")!
    static let ben = ParticipantID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let conversation: ConversationID = "5D3C1A2B-0000-4000-8000-00000000C0DE"
    static let session = SessionID(uuidString: "9A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C2D3")!

    static let message = Event(
        conversation: conversation, seq: 6, kind: .message,
        message: Message(
            game: "icecream", url: "https://localhost:8443/g/icecream?Base=base01&Scoops=scoops02", session: session,
            layout: TemplateLayout(caption: "I added some scoops"),
            summaryText: "\(ben.token) added scoops", accessibilityLabel: "Ice cream: waffle cone with chocolate scoops.",
            sender: ben),
        status: GameStatus(
            session: session.uuidString, game: "icecream", variant: "group", moves: 2,
            turn: TurnInfo(kind: .anyoneExcept, participants: [ben]), outcome: OutcomeInfo(finished: false),
            prompt: "Finish with a topping"))

    static let summary = ConversationSummary(
        conversation: conversation, invite: "7K2Q-M9XA-44RT-P0ZC-H1BB", you: amber,
        members: [ParticipantInfo(id: amber, name: "Amber"), ParticipantInfo(id: ben, name: nil)], lastSeq: 6)

    static let chris = ParticipantID(uuidString: "2C4E6A8B-1D3F-4B5A-9C7E-0F1A2B3C4D5E")!

    /// A player's view of a conversation Chris watches: the invite to watch beside the invite.
    static let watchedSummary = ConversationSummary(
        conversation: conversation, invite: "7K2Q-M9XA-44RT-P0ZC-H1BB", watchInvite: "W4TC-H3RS-0NXY-9Q2M-ZZ17", you: amber,
        members: [ParticipantInfo(id: amber, name: "Amber"), ParticipantInfo(id: ben, name: nil),
                  ParticipantInfo(id: chris, name: "Chris", role: .spectator)], lastSeq: 7)

    /// Chris's own view: the invite is the one to watch, and no other.
    static let spectatorSummary = ConversationSummary(
        conversation: conversation, invite: "W4TC-H3RS-0NXY-9Q2M-ZZ17", you: chris,
        members: [ParticipantInfo(id: amber, name: "Amber"), ParticipantInfo(id: ben, name: nil),
                  ParticipantInfo(id: chris, name: "Chris", role: .spectator)], lastSeq: 7)

    static let clientFrames: [(String, ClientFrame)] = [
        ("client-authenticate", .authenticate(.init(publicKey: "BPubKey==", signature: "MEUCSig==", name: "Amber"))),
        ("client-create", .create(.init(id: "r1"))),
        ("client-join", .join(.init(id: "r2", invite: "7K2Q-M9XA-44RT-P0ZC-H1BB"))),
        ("client-list", .list(.init(id: "r3"))),
        ("client-leave", .leave(.init(id: "r4", conversation: conversation))),
        ("client-rename", .rename(.init(id: "r5", name: "Amber"))),
        ("client-send-new", .send(.init(id: "m1", conversation: conversation, game: "battleship", variant: "classic",
                                         url: "?Variant=classic&Ship=0-carrier-A1-h"))),
        ("client-send-timed", .send(.init(id: "m3", conversation: conversation, game: "fourinarow", url: "?Drop=4", secondsPerMove: 86_400))),
        ("client-send-reply", .send(.init(id: "m2", conversation: conversation, game: "icecream",
                                           session: session.uuidString, basedOn: 6,
                                           url: "https://localhost:8443/g/icecream?Base=base01&Scoops=scoops02&Topping=topping07"))),
        ("client-ack", .ack(.init(conversation: conversation, seq: 6))),
        ("client-resume", .resume(.init(id: "r6", conversation: conversation, after: 4))),
        ("client-resign", .resign(.init(id: "r7", conversation: conversation, session: session.uuidString))),
        ("client-chat", .chat(.init(id: "r8", conversation: conversation, text: "Fancy a game? \u{1B}[2J <b>"))),
        ("client-seek", .seek(.init(id: "s1", game: "battleship", variant: "classic", secondsPerMove: 300, rated: true))),
        ("client-seek-group", .seek(.init(id: "s2", game: "icecream", secondsPerMove: 86400, rated: false, players: 4, startWithFewerAfter: 60))),
        ("client-seek-house-bot", .seek(.init(
            id: "s3", game: "battleship", variant: "classic", secondsPerMove: 300, rated: false, houseBotAfter: 30))),
        ("client-unseek", .unseek(.init(id: "u1", seek: "s1"))),
    ]

    static let serverFrames: [(String, ServerFrame)] = [
        ("server-challenge", .challenge(.init(nonce: "q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=", server: "parley 0.1.0"))),
        ("server-welcome", .welcome(.init(account: "3f9a0c", name: "Amber"))),
        ("server-conversation", .conversation(.init(id: "r1", conversation: summary))),
        ("server-conversations", .conversations(.init(id: "r3", conversations: [summary]))),
        ("server-conversation-watched", .conversation(.init(id: "r1", conversation: watchedSummary))),
        ("server-conversation-spectator", .conversation(.init(id: "r2", conversation: spectatorSummary))),
        ("server-event-joined-spectator", .event(Event(conversation: conversation, seq: 7, kind: .joined,
                                                       participant: ParticipantInfo(id: chris, name: "Chris", role: .spectator)))),
        ("server-done", .done(.init(id: "r4"))),
        ("server-accepted", .accepted(.init(id: "m2", conversation: conversation, seq: 7, session: session.uuidString))),
        ("server-rejected-stale", .rejected(.init(id: "m2", error: ErrorFrame(code: "stale",
            reason: "The message answers event 5, but the session has moved on to event 6; start again from the current message."),
            current: message))),
        ("server-error", .error(ErrorFrame(code: "malformed-frame", reason: "A frame is one JSON text message with a known type; see docs/PROTOCOL.md."))),
        ("server-event-message", .event(message)),
        ("server-event-joined", .event(Event(conversation: conversation, seq: 2, kind: .joined,
                                             participant: ParticipantInfo(id: ben, name: "Ben")))),
        ("server-event-joined-house-bot", .event(Event(conversation: conversation, seq: 2, kind: .joined,
                                                       participant: ParticipantInfo(id: ben, name: "House bot", bot: true)))),
        ("server-synced", .synced(.init(id: "r6", conversation: conversation, lastSeq: 6))),
        ("server-event-message-timed", .event(Event(
            conversation: conversation, seq: 7, kind: .message, message: message.message,
            status: GameStatus(
                session: session.uuidString, game: "icecream", variant: "group", moves: 2,
                turn: TurnInfo(kind: .anyoneExcept, participants: [ben]), outcome: OutcomeInfo(finished: false),
                prompt: "Finish with a topping", deadline: 1_800_000_600_000)))),
        ("server-event-chat", .event(Event(
            conversation: conversation, seq: 9, kind: .chat, participant: ParticipantInfo(id: ben, name: "Ben"),
            text: "Fancy a game? \u{1B}[2J <b>"))),
        ("server-event-sticker", .event(Event(
            conversation: conversation, seq: 10, kind: .sticker, participant: ParticipantInfo(id: ben, name: "Ben"),
            sticker: Sticker(
                id: "5f0c3a9e8d7b6a5f4e3d2c1b0a998877", name: "Chocolate on a waffle cone", format: "png", width: 408, height: 408,
                bytes: 23817, url: "https://localhost:8443/stickers/5f0c3a9e8d7b6a5f4e3d2c1b0a998877")))),
        ("server-event-resigned", .event(Event(
            conversation: conversation, seq: 8, kind: .resigned,
            status: GameStatus(
                session: session.uuidString, game: "battleship", variant: "classic", moves: 9,
                turn: TurnInfo(kind: .nobody, participants: []),
                outcome: OutcomeInfo(finished: true, winners: [ben], losers: [amber]), prompt: nil),
            participant: ParticipantInfo(id: amber, name: nil)))),
        ("server-event-paired", .event(Event(
            conversation: conversation, seq: 3, kind: .paired,
            pairing: PairingInfo(
                game: "battleship", variant: "classic", secondsPerMove: 300, rated: true, players: [amber, ben],
                ratings: [RatingValue(rating: 1662, deviation: 290, provisional: true), RatingValue(rating: 1500, deviation: 350, provisional: true)],
                startBy: 1_764_000_300_000)))),
        ("server-event-aborted", .event(Event(conversation: conversation, seq: 4, kind: .aborted))),
        ("server-event-rated", .event(Event(
            conversation: conversation, seq: 90, kind: .rated,
            ratings: [
                RatingInfo(
                    participant: amber, game: "battleship", variant: "classic", result: .loss,
                    before: RatingValue(rating: 1500, deviation: 350, provisional: true),
                    after: RatingValue(rating: 1338, deviation: 290, provisional: true)),
                RatingInfo(
                    participant: ben, game: "battleship", variant: "classic", result: .win,
                    before: RatingValue(rating: 1500, deviation: 350, provisional: true),
                    after: RatingValue(rating: 1662, deviation: 290, provisional: true)),
            ]))),
    ]

    @Test(arguments: clientFrames.map { $0.0 })
    func clientFrame(_ name: String) throws {
        let frame = try #require(Self.clientFrames.first { $0.0 == name }?.1)
        try Self.check(name, frame)
        #expect(try WireJSON.decode(ClientFrame.self, from: GoldenFile.data(name)) == frame)
    }

    @Test(arguments: serverFrames.map { $0.0 })
    func serverFrame(_ name: String) throws {
        let frame = try #require(Self.serverFrames.first { $0.0 == name }?.1)
        try Self.check(name, frame)
        #expect(try WireJSON.decode(ServerFrame.self, from: GoldenFile.data(name)) == frame)
    }

    @Test func unknownTypesAndMissingFieldsAreRefused() {
        #expect(throws: DecodingError.self) { try WireJSON.decode(ClientFrame.self, from: Data(#"{"type":"teleport"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try WireJSON.decode(ClientFrame.self, from: Data(#"{"type":"join","id":"1"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try WireJSON.decode(ServerFrame.self, from: Data(#"{"id":"1"}"#.utf8)) }
    }

    static func check(_ name: String, _ value: some Encodable) throws {
        let encoded = try WireJSON.encode(value)
        if ProcessInfo.processInfo.environment["PARLEY_RECORD_GOLDEN"] == "1" {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
            try encoded.write(to: folder.appendingPathComponent("\(name).json"))
            Issue.record("recorded Golden/\(name).json; run again without PARLEY_RECORD_GOLDEN")
            return
        }
        let golden = try GoldenFile.data(name)
        #expect(encoded == golden, "\(GoldenFile.text(encoded))")
    }
}
