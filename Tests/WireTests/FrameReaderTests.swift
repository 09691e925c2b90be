import Foundation
import GameRules
import Testing
import Transcript
import Wire

/// `FrameReader` against `JSONDecoder`: for every text, `ServerFrame(json:)` and
/// `ClientFrame(json:)` give what `WireJSON.decode` gives, the same frame or an error, and a
/// frame the fast reader reads is the one `JSONDecoder` decodes. The golden files and encoded
/// random frames must be read by the fast reader itself, not handed on.
@Suite struct FrameReaderTests {
    /// What became of a text.
    enum Outcome: Sendable {
        /// The fast reader read it.
        case read
        /// Handed to `JSONDecoder`, which decoded it.
        case decoded
        /// Handed to `JSONDecoder`, which refused it.
        case refused
    }

    // MARK: The frames the wire carries

    @Test(arguments: FrameGoldenTests.serverFrames.map { $0.0 })
    func goldenServerFrame(_ name: String) throws {
        let text = GoldenFile.text(try GoldenFile.data(name))
        #expect(Self.checkServer(text) == .read)
        #expect(FrameReader.serverFrame(text) == FrameGoldenTests.serverFrames.first { $0.0 == name }?.1)
    }

    @Test(arguments: FrameGoldenTests.clientFrames.map { $0.0 })
    func goldenClientFrame(_ name: String) throws {
        let text = GoldenFile.text(try GoldenFile.data(name))
        #expect(Self.checkClient(text) == .read)
        #expect(FrameReader.clientFrame(text) == FrameGoldenTests.clientFrames.first { $0.0 == name }?.1)
    }

    @Test func randomServerFramesAreReadAsEncoded() throws {
        var frames = RandomFrames(seed: 1)
        for _ in 0..<1500 {
            let frame = frames.serverFrame()
            let encoded = try WireJSON.encode(frame)
            let text = String(decoding: encoded, as: UTF8.self)
            #expect(Self.checkServer(text) == .read, "\(text)")
            #expect(try FrameReader.serverFrame(text).map(WireJSON.encode) == encoded, "\(text)")
        }
    }

    @Test func randomClientFramesAreReadAsEncoded() throws {
        var frames = RandomFrames(seed: 2)
        for _ in 0..<1500 {
            let frame = frames.clientFrame()
            let encoded = try WireJSON.encode(frame)
            let text = String(decoding: encoded, as: UTF8.self)
            #expect(Self.checkClient(text) == .read, "\(text)")
            #expect(try FrameReader.clientFrame(text).map(WireJSON.encode) == encoded, "\(text)")
        }
    }

    // MARK: Texts written some other way

    static let goldenNames = FrameGoldenTests.serverFrames.map { $0.0 } + FrameGoldenTests.clientFrames.map { $0.0 }

    /// Each prefix of each golden frame, cut anywhere, even inside a character.
    @Test func truncatedGoldenFramesAgree() throws {
        for name in Self.goldenNames {
            let bytes = Array(try GoldenFile.data(name))
            for end in 0..<bytes.count {
                let text = String(decoding: bytes[..<end], as: UTF8.self)
                #expect(Self.checkServer(text) == .refused, "\(name) cut at \(end)")
                #expect(Self.checkClient(text) == .refused, "\(name) cut at \(end)")
            }
        }
    }

    /// Every frame written only with spaces JSON allows, and with its keys in any order, is
    /// still read by the fast reader.
    @Test func reorderedAndSpacedFramesAreRead() throws {
        var random = SeededRandom(seed: 3)
        var frames = RandomFrames(seed: 4)
        for round in 0..<400 {
            let server = round.isMultiple(of: 2)
            let encoded = try server ? WireJSON.encode(frames.serverFrame()) : WireJSON.encode(frames.clientFrame())
            let shuffled = Self.shuffled(JSONTree(String(decoding: encoded, as: UTF8.self)), &random).written {
                Int.random(in: 0..<3, using: &random) == 0 ? FrameMutations.spaces.randomElement(using: &random)! : ""
            }
            #expect((server ? Self.checkServer(shuffled) : Self.checkClient(shuffled)) == .read, "\(shuffled)")
        }
    }

    /// Thousands of rewritten frames (see `FrameMutations`): the two readers agree on every
    /// one, and all three outcomes occur, so the rewrites reach both paths.
    @Test func mutatedFramesAgree() throws {
        var texts = try Self.goldenNames.map { GoldenFile.text(try GoldenFile.data($0)) }
        var frames = RandomFrames(seed: 5)
        for _ in 0..<40 {
            texts.append(String(decoding: try WireJSON.encode(frames.serverFrame()), as: UTF8.self))
            texts.append(String(decoding: try WireJSON.encode(frames.clientFrame()), as: UTF8.self))
        }
        var mutations = FrameMutations(seed: 6)
        var outcomes: [Outcome: Int] = [:]
        for text in texts {
            for _ in 0..<150 {
                let mutant = mutations.mutate(text)
                outcomes[Self.checkServer(mutant), default: 0] += 1
                outcomes[Self.checkClient(mutant), default: 0] += 1
            }
        }
        #expect(outcomes[.read, default: 0] > 1000, "\(outcomes)")
        #expect(outcomes[.decoded, default: 0] > 100, "\(outcomes)")
        #expect(outcomes[.refused, default: 0] > 1000, "\(outcomes)")
    }

    // MARK: Named cases

    static let ack = #""type":"ack","conversation":"C""#
    static let kelvin = "\u{212A}"

    /// Client frames spelt the ways that tell JSON readers apart, with what becomes of each.
    static let clientCases: [(String, Outcome)] = [
        (#"{"type":"ack","conversation":"C","seq":1}"#, .read),
        (" \t\r\n{ \"seq\" : 1 ,\n\"conversation\":\"C\",\t\"type\":\"ack\" }\r\n", .read),
        (#"{"type":"ack","conversation":"C","seq":1,"extra":[1.5e3,{"x":null},"\u00e9",true,-0]}"#, .read),
        ("{\(ack),\"seq\":1.0}", .decoded),
        ("{\(ack),\"seq\":1e2}", .decoded),
        ("{\(ack),\"seq\":-0}", .decoded),
        ("{\(ack),\"seq\":9223372036854775807}", .read),
        ("{\(ack),\"seq\":-9223372036854775808}", .read),
        ("{\(ack),\"seq\":9223372036854775808}", .refused),
        ("{\(ack),\"seq\":-9223372036854775809}", .refused),
        ("{\(ack),\"seq\":01}", .refused),
        ("{\(ack),\"seq\":\"1\"}", .refused),
        ("{\(ack),\"seq\":null}", .refused),
        ("{\(ack),\"seq\":true}", .refused),
        ("{\(ack),\"seq\":1,}", .decoded),
        ("{\(ack),\"seq\":1} x", .refused),
        ("[{\(ack),\"seq\":1}]", .refused),
        ("\u{FEFF}{\(ack),\"seq\":1}", .decoded),
        ("\u{A0}{\(ack),\"seq\":1}", .refused),
        ("{\(ack),\"seq\":1}\u{0}", .refused),
        (#"{"type":"ack","conversation":"C","conversation":"D","seq":1}"#, .decoded),
        (#"{"type":"ack","type":"join","conversation":"C","seq":1}"#, .decoded),
        (#"{"type":"ack","conversation":"caf\u00e9 \u00E9","seq":1}"#, .read),
        (#"{"type":"ack","conversation":"a\/b\"\\\b\f\n\r\t\u0000","seq":1}"#, .read),
        (#"{"type":"ack","conversation":"\ud83d\ude00","seq":1}"#, .decoded),
        (#"{"type":"ack","conversation":"\ud800","seq":1}"#, .refused),
        (#"{"type":"ack","conversation":"\udc00","seq":1}"#, .refused),
        (#"{"type":"ack","conversation":"\x","seq":1}"#, .refused),
        ("{\(ack),\"seq\":1,\"note\":\"a\tb\"}", .decoded),
        ("{\"type\":\"ack\",\"conversation\":\"a\tb\",\"seq\":1}", .refused),
        (#"{"type":"\u0061ck","conversation":"C","seq":1}"#, .read),
        (#"{"\u0074ype":"ack","conversation":"C","seq":1}"#, .decoded),
        (#"{"type":"Ack","conversation":"C","seq":1}"#, .refused),
        (#"{"type":"teleport"}"#, .refused),
        (#"{"type":"ack","conversation":"C"}"#, .refused),
        (#"{"conversation":"C","seq":1}"#, .refused),
        ("{\(ack),\"seq\":1,\"x\":\(String(repeating: "[", count: 40) + String(repeating: "]", count: 40))}", .decoded),
        ("{\(ack),\"seq\":1,\"x\":\(String(repeating: "[", count: 600) + String(repeating: "]", count: 600))}", .refused),
        ("{\"type\":\"authenticate\",\"v\":1,\"public\(kelvin)ey\":\"k\",\"signature\":\"s\"}", .decoded),
        (#"{"type":"authenticate","v":1,"publicKey":"k","signature":"s","name":null}"#, .read),
        (#"{"type":"send","id":"1","conversation":"C","game":"g","url":"?","basedOn":null,"session":null}"#, .read),
        (#"{"type":"send","id":"1","conversation":"C","game":"g","url":"?","basedOn":"3"}"#, .refused),
        ("", .refused),
        ("{}", .refused),
        ("null", .refused),
    ]

    static let participant = #""0E7B2C9A-3D4F-8A1B-9C2D-3E4F5A6B7C8D""#
    static let event = #""type":"event","conversation":"C","seq":1"#
    static let message = #""message":{"game":"g","layout":{},"sender":"# + participant + #","url":"?"}"#

    /// Server frames likewise.
    static let serverCases: [(String, Outcome)] = [
        (#"{"type":"done","id":"r"}"#, .read),
        ("{\(event),\"kind\":\"message\",\(message)}", .read),
        ("{\(event),\"kind\":\"Message\",\(message)}", .refused),
        ("{\(event),\"kind\":\"joined\",\"message\":null,\"status\":null}", .read),
        ("{\(event),\"kind\":\"joined\",\"participant\":{\"id\":\"0e7b2c9a-3d4f-8a1b-9c2d-3e4f5a6b7c8d\"}}", .read),
        ("{\(event),\"kind\":\"joined\",\"participant\":{\"id\":\"nope\"}}", .refused),
        ("{\(event),\"kind\":\"message\",\"message\":{\"game\":\"g\",\"url\":\"?\",\"sender\":\"nope\"}}", .refused),
        ("{\(event),\"kind\":\"message\",\"message\":{\"game\":\"g\",\"url\":\"?\",\"sender\":\(participant)}}", .refused),
        (#"{"type":"rejected","id":"r","error":{"code":"c","reason":"r"},"current":null}"#, .read),
        (#"{"type":"rejected","id":"r","error":{"code":"c"}}"#, .refused),
        (#"{"type":"error","code":"c","reason":"r","id":"ignored"}"#, .read),
        (#"{"type":"challenge","v":1.0,"nonce":"n","server":"s"}"#, .decoded),
        (#"{"type":"welcome","v":1,"account":"a"}"#, .read),
        (#"{"type":"ack","conversation":"C","seq":1}"#, .refused),
        ("{\(event),\"kind\":\"joined\",\"participant\":{\"id\":\"\\u0036F9619FF-8B86-D011-B42D-00C04FC964FF\"}}", .read),
        // The type is guessed from the end of the text, or its first `type`; the read checks it.
        (#"{"id":"r","type":"d\u006fne"}"#, .read),
        (#"{"id":"r","x":{"type":"accepted"},"type":"done"}"#, .read),
        (#"{"id":"r","x":{"type":"done"}}"#, .refused),
        (#"{"type":"done","id":"r","x":"\",\"type\":\"ack"}"#, .read),
        (#"{"type":"done","id":"r","conversation":"C","seq":1,"session":"S","type":"accepted"}"#, .decoded),
        (#"{"type":"done","id":"r","type":"done"}"#, .decoded),
    ]

    /// Identifiers, as a participant's and as a session's: the usual spelling, in either case,
    /// is read from its bytes; any other goes through `UUID(uuidString:)`, whose answer (which
    /// differs between platforms) the reader shares.
    @Test(arguments: [
        "6F9619FF-8B86-D011-B42D-00C04FC964FF", "6f9619ff-8b86-d011-b42d-00c04fc964ff", "6f9619FF-8b86-D011-b42d-00C04FC964FF",
        "+F9619FF-8B86-D011-B42D-00C04FC964FF", " F9619FF-8B86-D011-B42D-00C04FC964FF", "0x9619FF-8B86-D011-B42D-00C04FC964FF",
        "-1-1-1-1-8B86-D011-B42D-00C04FC964FF", "6F9619FF-8B86-D011-B42D-00C04FC964F", "6F9619FF-8B86-D011-B42D-00C04FC964FFF",
        "6F9619FF8B86-D011-B42D-00C04FC964FF0", "6F9619FF-8B86-D011-B42D-00C04FC964FG", "6F9619FF-8B86-D011-B42D-00C04FC964F\u{0}",
        "6F9619FF-8B86-D011-B42D-00C04FC964FF\u{0}", "",
    ])
    func identifierSpelling(_ spelling: String) throws {
        let string = String(decoding: try WireJSON.encode(spelling), as: UTF8.self)
        let joined = "{\(Self.event),\"kind\":\"joined\",\"participant\":{\"id\":\(string)}}"
        let message = #"{"game":"g","layout":{},"sender":"# + Self.participant + #","session":"# + string + #","url":"?"}"#
        let sent = "{\(Self.event),\"kind\":\"message\",\"message\":\(message)}"
        let outcomes = [Self.checkServer(joined), Self.checkServer(sent)]
        if spelling.wholeMatch(of: /[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}/) != nil {
            #expect(outcomes == [.read, .read])
        }
    }

    @Test(arguments: clientCases)
    func clientCase(_ text: String, _ outcome: Outcome) {
        #expect(Self.checkClient(text) == outcome)
    }

    @Test(arguments: serverCases)
    func serverCase(_ text: String, _ outcome: Outcome) {
        #expect(Self.checkServer(text) == outcome)
    }

    // MARK: Helpers

    static func shuffled(_ tree: JSONTree, _ random: inout SeededRandom) -> JSONTree {
        switch tree {
        case .token: tree
        case let .array(elements): .array(elements.map { shuffled($0, &random) })
        case let .object(members):
            .object(members.map { JSONTree.Member(key: $0.key, value: shuffled($0.value, &random)) }.shuffled(using: &random))
        }
    }

    @discardableResult
    static func checkServer(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
        check(text, read: FrameReader.serverFrame, json: ServerFrame.init(json:), sourceLocation: sourceLocation)
    }

    @discardableResult
    static func checkClient(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
        check(text, read: FrameReader.clientFrame, json: ClientFrame.init(json:), sourceLocation: sourceLocation)
    }

    /// The contract, for one text: `init(json:)` gives what `WireJSON.decode` gives (the same
    /// frame, spelt the same, or the same error), and so does the fast reader when it reads.
    static func check<Frame: Codable & Equatable>(
        _ text: String, read: (String) -> Frame?, json: (String) throws -> Frame, sourceLocation: SourceLocation
    ) -> Outcome {
        let decoded = Result { try WireJSON.decode(Frame.self, from: Data(text.utf8)) }
        switch (decoded, Result { try json(text) }) {
        case let (.success(expected), .success(frame)):
            #expect(frame == expected, "\(text)", sourceLocation: sourceLocation)
            #expect((try? WireJSON.encode(frame)) == (try? WireJSON.encode(expected)), "\(text)", sourceLocation: sourceLocation)
        case let (.failure(expected), .failure(error)):
            #expect(String(describing: error) == String(describing: expected), "\(text)", sourceLocation: sourceLocation)
        case let (expected, got):
            Issue.record("JSONDecoder: \(expected); init(json:): \(got); text: \(text)", sourceLocation: sourceLocation)
        }
        guard let frame = read(text) else {
            if case .success = decoded { return .decoded }
            return .refused
        }
        guard case let .success(expected) = decoded else {
            Issue.record("read \(frame) where JSONDecoder refuses \(text)", sourceLocation: sourceLocation)
            return .read
        }
        #expect(frame == expected, "\(text)", sourceLocation: sourceLocation)
        #expect((try? WireJSON.encode(frame)) == (try? WireJSON.encode(expected)), "\(text)", sourceLocation: sourceLocation)
        return .read
    }
}
