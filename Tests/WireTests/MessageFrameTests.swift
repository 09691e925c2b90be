import Foundation
import GameRules
import Testing
import Transcript
import Wire

@Suite struct MessageFrameTests {
    static let placer = ParticipantID(uuidString: "0E7B2C9A-3D4F-8A1B-9C2D-3E4F5A6B7C8D")!
    static let guesser = ParticipantID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    /// The value frozen in Golden/MessageFrame.json: every field set, tokens in the texts, a
    /// URL with slashes and a text outside ASCII.
    static let everyField = MessageFrame(
        Message(
            game: "battleship",
            url: "https://parley.example/g/battleship?Ship_Location=0&Ship_Location=1&Is_Complete=0",
            session: Session(uuidString: "9a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3")!,
            layout: TemplateLayout(
                caption: "\(placer.token) placed their ships! Can you find them?",
                subcaption: "Your turn, \(guesser.token)",
                trailingCaption: "0 hits",
                trailingSubcaption: "0 misses",
                imageTitle: "Battleship",
                imageSubtitle: "2 ships, 3 misses allowed",
                image: "battleship/board"),
            summaryText: "\(placer.token) placed ships",
            accessibilityLabel: "A 3×3 board from \(placer.token)",
            sender: placer))

    /// The value frozen in Golden/MessageFrame-minimal.json: absent fields are left out.
    static let minimal = MessageFrame(Message(game: "icecream", url: "?Base=base01", sender: guesser))

    @Test(arguments: [("MessageFrame", everyField), ("MessageFrame-minimal", minimal)])
    func encodingGivesTheGoldenBytes(_ name: String, _ frame: MessageFrame) throws {
        let golden = try GoldenFile.data(name)
        let encoded = try WireJSON.encode(frame)
        #expect(encoded == golden, "\(GoldenFile.text(encoded))")
    }

    @Test(arguments: [("MessageFrame", everyField), ("MessageFrame-minimal", minimal)])
    func decodingTheGoldenGivesTheValue(_ name: String, _ frame: MessageFrame) throws {
        let decoded = try WireJSON.decode(MessageFrame.self, from: GoldenFile.data(name))
        #expect(decoded == frame)
        #expect(decoded.version == .current)
    }

    @Test(arguments: [
        #"{"message":"#,  // cut short
        #"not json at all"#,
        #"{"v":1}"#,  // no message
        #"{"message":{"game":"icecream","layout":{},"sender":"\#(guesser.uuidString)","url":"?"}}"#,  // no version
        #"{"message":{"game":"icecream","layout":{},"sender":"nobody","url":"?"},"v":1}"#,  // sender not a UUID
        #"{"message":{"game":"icecream","layout":{},"sender":"\#(guesser.uuidString)","url":"?"},"v":"1"}"#,
        #"{"message":{"game":"icecream","sender":"\#(guesser.uuidString)","url":"?"},"v":1}"#,  // no layout
    ])
    func malformedFramesFailToDecode(_ json: String) {
        #expect(throws: DecodingError.self) {
            try WireJSON.decode(MessageFrame.self, from: Data(json.utf8))
        }
    }

    /// A newer side's frame is refused, not misread under this side's idea of the layout.
    @Test func anUnsupportedVersionIsRefused() throws {
        let golden = try GoldenFile.text(GoldenFile.data("MessageFrame-minimal"))
        let newer = golden.replacingOccurrences(of: #""v":1"#, with: #""v":2"#)
        #expect(newer != golden)
        #expect(throws: DecodingError.self) {
            try WireJSON.decode(MessageFrame.self, from: Data(newer.utf8))
        }
    }

    /// Clients after this one may add fields; an old decoder must still read the frame.
    @Test func unknownKeysAreIgnored() throws {
        let json = #"{"extra":true,"message":{"game":"icecream","layout":{"glow":1},"#
            + #""sender":"\#(Self.guesser.uuidString)","url":"?Base=base01"},"v":1}"#
        #expect(try WireJSON.decode(MessageFrame.self, from: Data(json.utf8)) == Self.minimal)
    }
}
