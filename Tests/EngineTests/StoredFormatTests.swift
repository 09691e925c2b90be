@testable import Engine
import Foundation
import GameRules
import Testing
import Transcript
import Wire

/// Events are stored in Parley's own format (docs/STORAGE.md), and the records that Parley wrote
/// before it had one are still read.
@Suite struct StoredFormatTests {
    static let at = Date(timeIntervalSince1970: 1_764_028_800.123)
    static let session = SessionID(UUID(uuidString: "5D2A0F3C-1111-4222-8333-444455556666")!)
    static let move = AcceptedMove(
        conversation: "C", seq: 3, session: session, game: GameID(rawValue: "icecream"), variant: "classic",
        sender: "acct", seat: 0, request: "r7", state: "Base=base01", moveCount: 1,
        texts: StepTexts(caption: "Ice cream", summary: "base", accessibilityLabel: "an ice cream"), at: at)

    static let everyKind: [Record] = [
        .conversationCreated(conversation: "C", invite: "AAAA-BBBB-CCCC-DDDD-EEEE", creator: "acct"),
        .joined(conversation: "C", seq: 1, account: "acct", role: .player),
        .joined(conversation: "C", seq: 2, account: "watcher", role: .spectator),
        .left(conversation: "C", seq: 2, account: "acct"),
        .renamed(account: "acct", name: "Amber"),
        .memberRenamed(conversation: "C", seq: 3, account: "acct", name: "Amber", at: at),
        .accepted(move),
        .timedOut(conversation: "C", seq: 4, session: session, at: at),
        .ended(conversation: "C", seq: 5, session: session, at: at),
        .sticker(conversation: "C", seq: 6, account: "acct", sticker: StoredSticker(
            id: String(repeating: "0f", count: 16), name: "Waffle", format: "png", width: 408, height: 408, bytes: 2048), at: at),
        .downtime(from: at, to: at + 61),
    ]

    @Test(arguments: everyKind)
    func everyEventIsWrittenInFormatTwoAndReadBackTheSame(event: Record) throws {
        let data = try WireJSON.encode(event)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? Int == 2)
        #expect(object["type"] is String)
        #expect(try WireJSON.decode(Record.self, from: data) == event)
    }

    /// docs/STORAGE.md's table of stored events names every type the code writes, and no other.
    @Test func theDocumentedTypesAreTheStoredOnes() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/STORAGE.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let table = try #require(text.components(separatedBy: "| type | fields |").dropFirst().first)
        let rows = table.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let documented = rows.compactMap { row in row.split(separator: "`").dropFirst().first.map(String.init) }
        #expect(Set(documented) == Set(Record.storedTypes), "\(documented) against \(Record.storedTypes)")
        #expect(documented.count == Record.storedTypes.count)
    }

    @Test func formatTwoIsExactlyAsDocumented() throws {
        let text = String(decoding: try WireJSON.encode(Record.accepted(Self.move)), as: UTF8.self)
        #expect(text == #"{"at":1764028800123,"conversation":"C","format":2,"game":"icecream","moveCount":1,"request":"r7","seat":0,"sender":"acct","seq":3,"session":"5D2A0F3C-1111-4222-8333-444455556666","state":"Base=base01","texts":{"accessibilityLabel":"an ice cream","caption":"Ice cream","summary":"base"},"type":"accepted","variant":"classic"}"#)
        let down = String(decoding: try WireJSON.encode(Record.downtime(from: Self.at, to: Self.at + 1)), as: UTF8.self)
        #expect(down == #"{"format":2,"from":1764028800123,"to":1764028801123,"type":"downtime"}"#)
    }

    /// The hand-written stored form of every kind of event is the encoder's, byte for byte,
    /// also for accepted moves whose texts need escaping and whose optional parts vary.
    /// Accepted moves whose texts need escaping and whose optional parts vary; `at` one of
    /// `times` each.
    static func movesOfEveryShape(at times: [TimeInterval] = [0, 1_764_028_800.0005, -1.5]) -> [AcceptedMove] {
        let texts = ["", "Amber fired at B7: a hit.", "quote \" backslash \\ slash / tab \t nul \u{0} é 😀 \u{2028}"]
        return texts.enumerated().map { index, text in
            var move = Self.move
            move.state = "?Variant=classic&Shot=\(text)"
            move.request = text
            move.proposal = index == 1 ? nil : "digest-\(text)"
            move.texts = StepTexts(caption: text, subcaption: index == 0 ? nil : text, trailingCaption: index == 2 ? text : nil,
                                   trailingSubcaption: index == 1 ? text : nil, summary: text, accessibilityLabel: text)
            move.seq = [0, 9, 1 << 40][index]
            move.secondsPerMove = index == 2 ? 86_400 : nil
            move.at = Date(timeIntervalSince1970: times[index % times.count])
            return move
        }
    }

    @Test func storedJSONIsTheEncodersBytes() throws {
        for event in Self.everyKind + Self.movesOfEveryShape().map(Record.accepted) {
            let stored = try event.storedJSON()
            #expect(stored == (try WireJSON.encode(event)), "\(String(decoding: stored, as: UTF8.self))")
            #expect(try WireJSON.decode(Record.self, from: stored) == event || event.isAcceptedWithSubmillisecondTime)
        }
    }

    /// Records exactly as the version before format 2 wrote them (Swift's synthesized coding).
    @Test func formatOneRecordsAreStillRead() throws {
        let session = Self.session.uuidString
        let records: [(String, Record)] = [
            (#"{"conversationCreated":{"conversation":"C","creator":"acct","invite":"AAAA-BBBB-CCCC-DDDD-EEEE"}}"#,
             .conversationCreated(conversation: "C", invite: "AAAA-BBBB-CCCC-DDDD-EEEE", creator: "acct")),
            (#"{"joined":{"account":"acct","conversation":"C","seq":1}}"#, .joined(conversation: "C", seq: 1, account: "acct", role: .player)),
            (#"{"left":{"account":"acct","conversation":"C","seq":2}}"#, .left(conversation: "C", seq: 2, account: "acct")),
            (#"{"renamed":{"account":"acct","name":"Amber"}}"#, .renamed(account: "acct", name: "Amber")),
            (#"{"timedOut":{"at":"2025-11-25T00:00:00Z","conversation":"C","seq":4,"session":"\#(session)"}}"#,
             .timedOut(conversation: "C", seq: 4, session: Self.session, at: Date(timeIntervalSince1970: 1_764_028_800))),
            (#"{"ended":{"at":"2025-11-25T00:00:00Z","conversation":"C","seq":5,"session":"\#(session)"}}"#,
             .ended(conversation: "C", seq: 5, session: Self.session, at: Date(timeIntervalSince1970: 1_764_028_800))),
            (#"{"downtime":{"from":"2025-11-25T00:00:00Z","to":"2025-11-25T00:01:01Z"}}"#,
             .downtime(from: Date(timeIntervalSince1970: 1_764_028_800), to: Date(timeIntervalSince1970: 1_764_028_861))),
        ]
        for (text, event) in records {
            #expect(try WireJSON.decode(Record.self, from: Data(text.utf8)) == event, "\(text)")
        }
        let accepted = #"{"accepted":{"_0":{"at":"2025-11-25T00:00:00Z","conversation":"C","game":"icecream","moveCount":1,"request":"r7","seat":0,"sender":"acct","seq":3,"session":"\#(session)","state":"Base=base01","texts":{"accessibilityLabel":"an ice cream","caption":"Ice cream","summary":"base"},"variant":"classic"}}}"#
        var move = Self.move
        move.at = Date(timeIntervalSince1970: 1_764_028_800)
        #expect(try WireJSON.decode(Record.self, from: Data(accepted.utf8)) == .accepted(move))
    }

    @Test(arguments: [
        #"{"format":3,"type":"renamed","account":"a","name":"n"}"#,
        #"{"format":2,"type":"renamedd","account":"a","name":"n"}"#,
        #"{"format":2,"type":"renamed","account":"a"}"#,
        #"{"renamed":{"account":"a","name":"n"},"left":{}}"#,
        #"{"Renamed":{"account":"a","name":"n"}}"#,
        #"{"format":2,"type":"ended","conversation":"C","seq":5,"session":"S","at":"yesterday"}"#,
    ])
    func aRecordOfNoKnownFormatIsRefused(text: String) {
        #expect(throws: DecodingError.self) { try WireJSON.decode(Record.self, from: Data(text.utf8)) }
    }
}

extension Record {
    /// A time is stored in whole milliseconds, so one with a fraction of a millisecond reads back
    /// rounded.
    fileprivate var isAcceptedWithSubmillisecondTime: Bool {
        guard case let .accepted(move) = self else { return false }
        let milliseconds = move.at.timeIntervalSince1970 * 1000
        return milliseconds != milliseconds.rounded()
    }
}
