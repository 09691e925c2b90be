import Foundation
import GameCatalog
import GameRules
import Testing
import Transcript
import Wire
@testable import Engine

/// A conversation is a value: applying a record gives a new one and leaves the one it was
/// applied to as it was, and folding a conversation's records gives what the engine holds.
@Suite struct ConversationValueTests {
    @Test func applyingLeavesItsInputAsItWasAndFoldsToWhatTheEngineHolds() throws {
        let (harness, id, sessions, _) = try BacklogTests.longConversation()
        let records = harness.log.filter { $0.conversation == id }
        guard case let .conversationCreated(_, invite, _)? = records.first else { throw Unexpected(records.first) }
        let applying = Conversation.Applying(context: harness.engine.context, retiredKept: Conversation.retiredKept)
        var conversation = Conversation(id: id, invite: invite)
        for record in records.dropFirst() {
            let before = (conversation.lastSeq, conversation.members, conversation.recentEntries.map(\.seq), conversation.sessions.count)
            let after = try conversation.applying(record, with: applying)
            #expect((conversation.lastSeq, conversation.members, conversation.recentEntries.map(\.seq), conversation.sessions.count)
                    == before, "applying \(record) changed what it was applied to")
            #expect(after.lastSeq >= conversation.lastSeq)
            conversation = after
        }
        let held = try #require(harness.engine.conversations[id])
        #expect(conversation.lastSeq == held.lastSeq && conversation.members == held.members)
        #expect(conversation.recentEntries.map(\.seq) == held.recentEntries.map(\.seq))
        #expect(Set(conversation.sessions.keys) == Set(held.sessions.keys))
        #expect(conversation.retired == held.retired && Set(conversation.sessions.keys) == Set(sessions))
        #expect(conversation.directories == held.directories)
    }

    @Test func aRecordThatDoesNotFitIsRefusedAndChangesNothing() throws {
        let (harness, id, _, _) = try BacklogTests.longConversation()
        let held = try #require(harness.engine.conversations[id])
        let applying = Conversation.Applying(context: harness.engine.context, retiredKept: Conversation.retiredKept)
        let early = Record.chat(conversation: id, seq: held.lastSeq + 2, account: "amber", text: "skipped one", at: harness.clock)
        #expect(throws: EngineError.self) { try held.applying(early, with: applying) }
        let renamed = Record.renamed(account: "amber", name: "Amber")
        #expect(throws: EngineError.self) { try held.applying(renamed, with: applying) }
        #expect(harness.engine.conversations[id]?.lastSeq == held.lastSeq)
    }

    @Test func decidingChangesNothingAndItsRecordsApply() throws {
        let (harness, id, sessions, _) = try BacklogTests.longConversation()
        let held = try #require(harness.engine.conversations[id])
        let applying = Conversation.Applying(context: harness.engine.context, retiredKept: Conversation.retiredKept)
        let chat = ClientFrame.Chat(id: "c", conversation: id, text: "hello")
        let decided = try #require(held.decide(.chat(chat, by: "ben"), at: harness.clock))
        #expect(held.lastSeq == harness.engine.conversations[id]?.lastSeq, "deciding changed the conversation")
        #expect(decided.records.count == 1 && decided.notify.map(\.seq) == [held.lastSeq + 1])
        let after = try decided.records.reduce(held) { conversation, record in try conversation.applying(record, with: applying) }
        #expect(after.lastSeq == held.lastSeq + 1)

        let stranger = try #require(held.decide(.chat(chat, by: "chris"), at: harness.clock))
        #expect(stranger.records.isEmpty)
        guard case let .rejected(refusal)? = stranger.reply else { throw Unexpected(stranger.reply) }
        #expect(refusal.error.code == "unknown-conversation")
        let blank = try #require(held.decide(.chat(.init(id: "b", conversation: id, text: " \n"), by: "ben"), at: harness.clock))
        #expect(blank.records.isEmpty && blank.reply != nil)

        let resignation = ClientFrame.Resign(id: "r", conversation: id, session: sessions[0].uuidString)
        let resigned = held.decide(.resign(resignation, by: "ben"), at: harness.clock)
        guard case .rejected? = resigned?.reply else { throw Unexpected(resigned?.reply) }
        let leave = ClientFrame.Leave(id: "l", conversation: id)
        let left = try #require(held.decide(.leave(leave, by: "ben"), at: harness.clock))
        guard case .left(_, held.lastSeq + 1, "ben")? = left.records.first else { throw Unexpected(left.records) }
        guard case .rejected? = held.decide(.leave(leave, by: "chris"), at: harness.clock)?.reply else {
            throw Unexpected("a stranger left")
        }
        #expect(held.decide(.remove("chris"), at: harness.clock) == nil, "no member to remove")
        #expect(held.decide(.readmit("ben"), at: harness.clock) == nil, "nobody was removed")
        #expect(held.decide(.remove("ben"), at: harness.clock)?.records.count == 1)
        let announced = try #require(held.decide(.announce(name: "Benjamin", of: "ben"), at: harness.clock))
        guard case .memberRenamed(id, held.lastSeq + 1, "ben", "Benjamin", _)? = announced.records.first else {
            throw Unexpected(announced.records)
        }
        #expect(held.decide(.announce(name: "Chris", of: "chris"), at: harness.clock) == nil, "no member to tell of")
    }

    /// A move is decided by its conversation alone: the record to store and what applying it
    /// needs, or the refusal; the conversation it was decided on is left as it was.
    @Test func aSendIsDecidedWithoutChangingTheConversation() throws {
        var (harness, id) = GameSessionTests.table(three: false)
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: id, by: "amber")?
            .isAccepted == true)
        let placed = try #require(harness.lastMessage(in: id, for: "ben"))
        let session = try #require(placed.message?.session)
        let held = try #require(harness.engine.conversations[id])
        let context = harness.engine.context
        let shot = ClientFrame.Send(
            id: "s", conversation: id, game: "battleship", session: session.uuidString, basedOn: placed.seq,
            url: try #require(placed.message?.url) + "&Shot=1")
        var random = SeededRandom(seed: 1)
        let decided = held.decide(shot, by: "ben", at: harness.clock, context: context, random: &random)
        let move = try #require(decided.move)
        #expect(move.seq == held.lastSeq + 1 && move.session == session && move.sender == "ben")
        guard case let .accepted(accepted) = decided.reply else { throw Unexpected(decided.reply) }
        #expect(accepted.seq == move.seq && decided.work?.match.moveCount == move.moveCount)
        #expect(held.lastSeq == harness.engine.conversations[id]?.lastSeq, "deciding changed the conversation")
        #expect(held.sessions[session]?.lastSeq == placed.seq)
        let applying = Conversation.Applying(context: context, retiredKept: Conversation.retiredKept)
        let after = try held.applying(.accepted(move), with: applying)
        #expect(after.sessions[session]?.lastSeq == move.seq)

        // The same request again, once the move is kept: its first answer, and no second move.
        let again = after.decide(shot, by: "ben", at: harness.clock, context: context, random: &random)
        #expect(again.move == nil && again.reply == decided.reply)
        // A move based on the message before: stale, naming the current one for the engine to render.
        let stale = after.decide(
            ClientFrame.Send(id: "t", conversation: id, game: "battleship", session: session.uuidString, basedOn: placed.seq,
                  url: shot.url), by: "ben", at: harness.clock, context: context, random: &random)
        #expect(stale.move == nil && stale.stale == move.seq)
        #expect(stale.reply.rejection?.code == "stale")
        // A stranger is answered as if there were no such conversation.
        let stranger = held.decide(shot, by: "chris", at: harness.clock, context: context, random: &random)
        #expect(stranger.move == nil && stranger.reply.rejection?.code == "unknown-conversation")
    }

    /// A turn deadline is decided by its conversation: nothing before it passes or once the
    /// turn has moved on, a timeout at it; the conversation is left as it was.
    @Test func aTimeoutIsDecidedByTheConversationAtItsDeadlineOnly() throws {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300])
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        let id = created.conversation
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: id, by: "amber")?
            .isAccepted == true)
        let held = try #require(harness.engine.conversations[id])
        let timing = harness.engine.timing
        let deadline = try #require(held.deadlines(timing: timing).first)
        #expect(held.decide(timeOut: deadline, at: deadline.at - 0.001, timing: timing) == nil, "early")
        let decided = try #require(held.decide(timeOut: deadline, at: deadline.at, timing: timing))
        guard case .timedOut(id, held.lastSeq + 1, deadline.session, deadline.at)? = decided.records.first else {
            throw Unexpected(decided.records)
        }
        #expect(decided.notify.map(\.seq) == [held.lastSeq + 1])
        #expect(held.lastSeq == harness.engine.conversations[id]?.lastSeq, "deciding changed the conversation")

        // Ben moves: the deadline the placement started is void.
        let placed = try #require(harness.lastMessage(in: id, for: "ben"))
        #expect(harness.reply(to: placed, with: "Shot=1", by: "ben")?.isAccepted == true)
        let moved = try #require(harness.engine.conversations[id])
        #expect(moved.decide(timeOut: deadline, at: deadline.at + 1000, timing: timing) == nil, "void")
    }

    /// A join is decided by its conversation, with the directory's refusal of an account in too
    /// many conversations handed in: a member stays as they are, the removed and the refused are
    /// refused in that order, a full conversation refuses, and a newcomer makes one record.
    @Test func aJoinIsDecidedByTheConversation() throws {
        let (harness, id) = GameSessionTests.table(three: false)
        var held = try #require(harness.engine.conversations[id])
        let configuration = harness.engine.configuration
        let join = ClientFrame.Join(id: "j", invite: held.invite)
        let again = held.decide(join: join, as: .player, by: "ben", refusal: nil, configuration: configuration)
        #expect(again.records.isEmpty && again.answersWithSummary)
        let chris = held.decide(join: join, as: .player, by: "chris", refusal: nil, configuration: configuration)
        guard case .joined(id, held.lastSeq + 1, "chris", .player)? = chris.records.first else { throw Unexpected(chris.records) }
        #expect(chris.answersWithSummary && chris.notify.map(\.seq) == [held.lastSeq + 1])
        let tooMany = ErrorFrame(code: "too-many-conversations", reason: "")
        #expect(held.decide(join: join, as: .player, by: "chris", refusal: tooMany, configuration: configuration)
            .reply?.rejection?.code == "too-many-conversations")
        var small = configuration
        small.maxParticipants = 2
        #expect(held.decide(join: join, as: .player, by: "chris", refusal: nil, configuration: small)
            .reply?.rejection?.code == EngineError.conversationFull(2).code)
        // A member the operator removed is refused before any other reason.
        let removed = try #require(held.decide(.remove("ben"), at: harness.clock))
        for record in removed.records {
            _ = try held.apply(record, with: Conversation.Applying(context: harness.engine.context, retiredKept: nil))
        }
        #expect(held.decide(join: join, as: .player, by: "ben", refusal: tooMany, configuration: configuration)
            .reply?.rejection?.code == EngineError.barred.code)
    }
}
