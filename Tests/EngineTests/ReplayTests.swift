import Engine
import GameCatalog
import Testing
import Transcript
import Wire

/// A server restarted from its stored events holds exactly what it held.
@Suite struct ReplayTests {
    @Test func replayingTheLogRebuildsTheSameConversations() throws {
        var (harness, conversation) = GameSessionTests.table(three: true)
        harness.handle(.rename(.init(id: "n", name: "Amber")), from: "amber")
        harness.start("battleship", variant: "classic",
                      url: "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h",
                      in: conversation, by: "amber")
        let shown = try #require(harness.lastMessage(in: conversation, for: "ben"))
        #expect(harness.reply(to: shown, with: "Ship=1-carrier-A6-h&Ship=1-battleship-A7-h&Ship=1-cruiser-A8-h&Ship=1-submarine-A9-h&Ship=1-destroyer-A10-h", by: "ben")?.isAccepted == true)
        harness.start("icecream", url: "?Base=base04", in: conversation, by: "chris")
        harness.handle(.leave(.init(id: "l", conversation: conversation)), from: "chris")

        var restarted = Engine(
            configuration: harness.engine.configuration, catalog: .standard,
            identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for event in harness.log { try restarted.apply(event) }

        #expect(harness.engine.event(conversation: conversation, seq: 7, for: "amber")?.kind == .left)
        for account: AccountID in ["amber", "ben", "chris"] {
            for seq in 1...7 {
                #expect(restarted.event(conversation: conversation, seq: seq, for: account)
                        == harness.engine.event(conversation: conversation, seq: seq, for: account))
            }
        }
        #expect(restarted.members(of: conversation) == ["amber", "ben"])
        #expect(restarted.name(of: "amber") == "Amber")
        // The restored session goes on: Amber fires first.
        var random = harness.random
        let ambers = try #require(harness.lastMessage(in: conversation, for: "amber"))
        let session = try #require(restarted.event(conversation: conversation, seq: 5, for: "amber"))
        #expect(session.status?.turn.kind == .player)
        let fire = restarted.handle(.send(.init(id: "f", conversation: conversation, game: "battleship",
                                                session: session.message?.session?.uuidString, basedOn: 5,
                                                url: (session.message?.url ?? "") + "&Shot=A6")),
                                    from: "amber", now: harness.clock, random: &random)
        #expect(fire.replies.first?.isAccepted == true, "\(fire.replies) after \(ambers.seq)")
    }

    @Test func aLogThatDoesNotFitIsRefused() {
        var engine = Engine(configuration: EngineConfiguration(publicURL: "https://x"), catalog: .standard,
                            identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        #expect(throws: EngineError.self) { try engine.apply(.joined(conversation: "nowhere", seq: 1, account: "amber", role: .player)) }
    }
}

/// A stored entry that cannot be shown to a member is never skipped in silence: an
/// `unrenderable` error takes its place, live and on resume.
@Suite struct UnrenderableEntryTests {
    @Test func anEntryNamingAnUnknownParticipantBecomesATypedError() throws {
        var (harness, conversation) = GameSessionTests.table(three: false)
        harness.start("icecream", url: "?Base=base04", in: conversation, by: "amber")
        var stored = harness.log
        let index = try #require(stored.lastIndex { if case .accepted = $0 { true } else { false } })
        guard case var .accepted(move) = stored[index] else { Issue.record("not a move: \(stored[index])"); return }
        move.texts.caption = "Made by $0000AAAA-0000-4000-8000-000000000000"
        stored[index] = .accepted(move)

        var restarted = Engine(
            configuration: harness.engine.configuration, catalog: .standard,
            identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        for event in stored { try restarted.apply(event) }

        let frame = try #require(restarted.frame(ofEntry: move.seq, in: conversation, for: "ben"))
        guard case let .error(error) = frame else { Issue.record("expected an error, got \(frame)"); return }
        #expect(error.code == "unrenderable")
        #expect(error.reason.contains("Event \(move.seq) of conversation \(conversation)"))
        #expect(restarted.event(conversation: conversation, seq: move.seq, for: "ben") == nil)
        var writer = FrameWriter()
        let written = restarted.writeFrame(ofEntry: move.seq, in: conversation, for: "ben", into: &writer)
        guard case let .unrenderable(writtenError)? = written else { Issue.record("\(String(describing: written))"); return }
        #expect(writtenError == error)
        #expect(writer.bytes == FrameWriter.json(frame), "the error frame, and nothing of the event")

        var random = harness.random
        let resumed = restarted.handle(.resume(.init(id: "r", conversation: conversation, after: move.seq - 1)),
                                       from: "ben", now: harness.clock, random: &random)
        #expect(resumed.replies.count == 2, "the error in the entry's place, then synced: \(resumed.replies)")
        guard case let .error(inPlace)? = resumed.replies.first else { Issue.record("\(resumed.replies)"); return }
        #expect(inPlace.code == "unrenderable")
    }
}
