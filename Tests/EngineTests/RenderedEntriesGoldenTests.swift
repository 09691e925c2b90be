import Engine
import Fairness
import Foundation
import Testing
import Transcript
import Wire

/// The bytes every member receives for every entry of a seeded conversation, pinned in
/// `Golden/rendered-entries.txt`: the renderers may change shape, never their bytes. Each entry
/// is written the moment it is decided, for each account the relay sends it to, the relay's way
/// (`writeFrame`, which must equal `frame(ofEntry:)` encoded: the way of a resume from memory);
/// then each member still in the conversation resumes from its first entry, answered from the
/// stored events (a backlog, which names members by the names they have now). Set
/// `PARLEY_RECORD_GOLDEN=1` to write the file again (and read its diff before committing it).
@Suite struct RenderedEntriesGoldenTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/rendered-entries.txt")

    /// What each member is sent of each entry, written as the relay writes it the moment the
    /// entry is decided (a conversation keeps only its newest entries in memory).
    struct Recorder {
        var lines: [String] = []
        var through = 0

        /// One line per recipient of each new entry: `live MEMBER SEQ BYTES`.
        mutating func take(_ harness: EngineHarness, _ conversation: ConversationID) {
            let last = harness.engine.lastSeq(of: conversation) ?? 0
            var writer = FrameWriter()
            // A step that made no entry (a first name) records nothing.
            for seq in stride(from: through + 1, through: last, by: 1) {
                for member in harness.engine.recipients(of: EntryReference(conversation: conversation, seq: seq)) {
                    writer.clear()
                    let written = harness.engine.writeFrame(ofEntry: seq, in: conversation, for: member, into: &writer)
                    #expect(written != nil, "\(member) \(seq): a recipient is sent nothing")
                    let bytes = String(decoding: writer.bytes, as: UTF8.self)
                    let frame = harness.engine.frame(ofEntry: seq, in: conversation, for: member)
                    #expect(frame.map { String(decoding: FrameWriter.json($0), as: UTF8.self) } == bytes, "\(member) \(seq)")
                    lines.append("live \(member) \(seq) \(bytes)")
                }
            }
            through = last
        }
    }

    /// A conversation of three players and a spectator: a seed Battleship to its end, a chat,
    /// a new name, an ice cream, a classic Battleship resigned (its fleets revealed), a player
    /// who leaves; and what each member was sent of it, live.
    static func conversation() throws -> (EngineHarness, ConversationID, [String]) {
        let signer = try #require(ChainSigner(raw: Array(repeating: 7, count: 32)))
        var harness = EngineHarness(turnTimeouts: ["battleship": 300], signer: signer)
        var recorder = Recorder()
        let created = harness.create(by: "amber")
        let conversation = created.conversation
        recorder.take(harness, conversation)
        _ = harness.join(created.invite, by: "ben")
        recorder.take(harness, conversation)
        _ = harness.join(created.invite, by: "chris")
        recorder.take(harness, conversation)
        _ = harness.join(try #require(created.watchInvite), by: "dave")
        recorder.take(harness, conversation)
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: conversation, by: "amber")?
            .isAccepted == true)
        recorder.take(harness, conversation)
        for cell in ["8", "0", "4"] {
            let current = try #require(harness.lastMessage(in: conversation, for: "ben"))
            #expect(harness.reply(to: current, with: "Shot=\(cell)", by: "ben")?.isAccepted == true)
            recorder.take(harness, conversation)
        }
        _ = harness.handle(.chat(.init(id: harness.nextID(), conversation: conversation, text: "gg <b>\u{1B}[2J")), from: "chris")
        recorder.take(harness, conversation)
        _ = harness.handle(.rename(.init(id: harness.nextID(), name: "Chris P.")), from: "chris")
        recorder.take(harness, conversation)
        #expect(harness.start("icecream", url: "?Base=base02", in: conversation, by: "chris")?.isAccepted == true)
        recorder.take(harness, conversation)
        let base = try #require(harness.lastMessage(in: conversation, for: "amber"))
        #expect(harness.reply(to: base, with: "Scoops=scoops03", by: "amber")?.isAccepted == true)
        recorder.take(harness, conversation)
        #expect(harness.start("battleship", variant: "classic",
                              url: "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h",
                              in: conversation, by: "ben")?.isAccepted == true)
        recorder.take(harness, conversation)
        let placed = try #require(harness.lastMessage(in: conversation, for: "amber"))
        #expect(harness.reply(to: placed, with: "Ship=1-carrier-A6-h&Ship=1-battleship-A7-h&Ship=1-cruiser-A8-h&Ship=1-submarine-A9-h&Ship=1-destroyer-A10-h",
                              by: "amber")?.isAccepted == true)
        recorder.take(harness, conversation)
        let shot = try #require(harness.lastMessage(in: conversation, for: "ben"))
        #expect(harness.reply(to: shot, with: "Shot=A6", by: "ben")?.isAccepted == true)
        recorder.take(harness, conversation)
        let session = try #require(harness.lastMessage(in: conversation, for: "amber")?.message?.session)
        _ = harness.handle(.resign(.init(id: harness.nextID(), conversation: conversation, session: session.uuidString)), from: "amber")
        recorder.take(harness, conversation)
        _ = harness.handle(.leave(.init(id: harness.nextID(), conversation: conversation)), from: "chris")
        recorder.take(harness, conversation)
        return (harness, conversation, recorder.lines)
    }

    @Test func everyMemberIsSentTheBytesOfTheGoldenFile() throws {
        var (harness, conversation, live) = try Self.conversation()
        let last = try #require(harness.engine.lastSeq(of: conversation))
        #expect(Set(live.map { $0.split(separator: " ")[2] }) == Set((1...last).map { Substring(String($0)) }), "every entry is sent")
        var lines = live
        for member in harness.engine.members(of: conversation) {
            let decision = harness.engine.handle(
                .resume(.init(id: "r", conversation: conversation, after: 0)), from: member, now: harness.clock, random: &harness.random)
            let backlog = try #require(decision.backlog, "\(member): the oldest entries are no longer in memory")
            let frames = try harness.engine.backlog(backlog, replaying: harness.log)
            #expect(frames.count == last + 1, "\(member): every entry, then synced")
            lines += frames.map { "resumed \(member) \(String(decoding: FrameWriter.json($0), as: UTF8.self))" }
        }
        #expect(harness.engine.members(of: conversation) == ["amber", "ben", "dave"])
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["PARLEY_RECORD_GOLDEN"] == "1" {
            try text.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: Self.file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let written = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(golden.count == written.count, "\(golden.count) lines in the golden file, \(written.count) written")
        for (index, line) in written.enumerated() where index >= golden.count || line != golden[index] {
            Issue.record("line \(index + 1) differs from the golden file:\n\(line)")
        }
    }
}
