import Engine
import Foundation
import GameCatalog
import GameRules
import Testing
import TestSupport
import Transcript
import Wire

/// A conversation's invite to watch makes a spectator: a member who receives what a non-player
/// may see, makes no moves, and is listed as a spectator to everyone.
@Suite struct SpectatorTests {
    /// Amber and Ben play; Chris joined with the invite to watch, typed loosely.
    static func watchedTable(
        maxParticipants: Int = 32, maxSpectators: Int = 64
    ) throws -> (EngineHarness, ConversationSummary, watching: ConversationSummary) {
        var harness = EngineHarness(maxParticipants: maxParticipants)
        harness.engine.configuration.maxSpectators = maxSpectators
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        let watchInvite = try #require(created.watchInvite)
        guard case let .conversation(watching)? = harness.join(watchInvite.lowercased().replacingOccurrences(of: "-", with: " "), by: "chris").first
        else { throw Refused("chris could not join to watch") }
        return (harness, created, watching.conversation)
    }

    struct Refused: Error { let why: String; init(_ why: String) { self.why = why } }

    /// A spectator's chat, sticker and leaving name them as a spectator, live, from a snapshot
    /// and read back from the store, as their joining does.
    @Test func aSpectatorsChatStickerAndLeavingCarryTheirRole() throws {
        var (harness, created, _) = try Self.watchedTable()
        let conversation = created.conversation
        harness.handle(.chat(.init(id: "c", conversation: conversation, text: "go Ben")), from: "chris")
        let sticker = StoredSticker(id: String(repeating: "a", count: 32), name: "cheer", format: "png", width: 300, height: 300, bytes: 10)
        let (posted, _) = harness.engine.post(StickerPost(conversation: conversation, sticker: sticker), by: "chris", now: harness.clock)
        harness.deliver(posted)
        harness.handle(.leave(.init(id: "l", conversation: conversation)), from: "chris")
        harness.handle(.chat(.init(id: "c2", conversation: conversation, text: "gg")), from: "ben")
        let live = harness.events(of: "amber").filter { [.chat, .sticker, .left].contains($0.kind) }
        #expect(live.map(\.kind) == [.chat, .sticker, .left, .chat])
        #expect(live.map { $0.participant?.role } == [.spectator, .spectator, .spectator, .player])
        // Read back from the stored events, as a resume from the store renders them.
        for _ in 0..<8 { harness.handle(.chat(.init(id: harness.nextID(), conversation: conversation, text: "more")), from: "ben") }
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: conversation, after: 0)), from: "amber", now: harness.clock, random: &harness.random)
        let frames = try harness.engine.backlog(try #require(decision.backlog), replaying: harness.log)
        let stored = frames.compactMap { frame -> Event? in if case let .event(event) = frame { event } else { nil } }
            .filter { [.sticker, .left].contains($0.kind) || $0.text == "go Ben" }
        #expect(stored.map { $0.participant?.role } == [.spectator, .spectator, .spectator])
    }

    @Test func theInviteToWatchMakesASpectatorWhomEveryoneSeesAsOne() throws {
        var (harness, created, watching) = try Self.watchedTable()
        #expect(created.watchInvite != created.invite)
        #expect(watching.role == .spectator)
        #expect(watching.invite == created.watchInvite, "a spectator's invite is the one to watch")
        #expect(watching.watchInvite == nil)
        let chris = harness.id(of: "chris", seenBy: "amber")
        let joined = try #require(harness.events(of: "amber").last)
        #expect(joined.kind == .joined && joined.participant == ParticipantInfo(id: chris, name: nil, role: .spectator))
        guard case let .conversations(list)? = harness.handle(.list(.init(id: "l")), from: "amber").first else {
            throw Refused("no list")
        }
        let members = try #require(list.conversations.first).members
        #expect(members.map(\.role) == [.player, .player, .spectator])
        #expect(list.conversations.first?.role == .player)
        #expect(list.conversations.first?.watchInvite == created.watchInvite)
    }

    @Test func aSpectatorsMovesAreRefusedAndChangeNothing() throws {
        var (harness, created, _) = try Self.watchedTable()
        let conversation = created.conversation
        let opening = harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: conversation, by: "chris")
        #expect(opening?.rejection?.code == "spectator")
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: conversation, by: "amber")?
            .isAccepted == true)
        let logged = harness.log.count
        let shown = try #require(harness.lastMessage(in: conversation, for: "chris"))
        let shot = harness.reply(to: shown, with: "Shot=4", by: "chris")
        #expect(shot?.rejection?.code == "spectator")
        #expect(shot?.rejection?.reason.contains("watching") == true)
        #expect(harness.log.count == logged, "a refused move stores nothing")
        // Chat is open to spectators; resigning is for players.
        let session = try #require(shown.message?.session?.uuidString)
        #expect(harness.handle(.resign(.init(id: "g", conversation: conversation, session: session)), from: "chris").first?
            .rejection?.code == "not-a-player")
        guard case .done? = harness.handle(.chat(.init(id: "c", conversation: conversation, text: "Good luck")), from: "chris").first
        else { throw Refused("a spectator's chat was refused") }
        // Ben, a player, still takes the guessing seat.
        #expect(harness.reply(to: shown, with: "Shot=4", by: "ben")?.isAccepted == true)
    }

    @Test func theAdminListsSpectatorsAndNeverCountsThemAmongThoseWhoMayMove() throws {
        var (harness, created, _) = try Self.watchedTable()
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: created.conversation,
                              by: "amber")?.isAccepted == true)
        let game = try #require(harness.engine.adminGames().first)
        #expect(game.participants.map(\.role) == [.player, .player, .spectator])
        #expect(game.participants.map(\.words) == ["amber (seat 0)", "ben", "chris (spectator)"])
        #expect(game.turn == "anyone without a seat")
        #expect(game.turnAccounts == ["ben"])
    }

    @Test func aSpectatorNeverReceivesAShipNobodyHit() throws {
        var (harness, created, _) = try Self.watchedTable()
        let conversation = created.conversation
        let game = try GameCatalog.standard.game(GameID(rawValue: "battleship"), variant: "classic")
        let strategy = try #require(game.strategy(named: game.strategies[0]))
        var random = SeededRandom(seed: 23)
        let opening = try #require(try strategy.proposal(after: nil, using: &random))
        #expect(harness.start("battleship", variant: "classic", url: QueryString.format(opening), in: conversation, by: "amber")?
            .isAccepted == true)
        var finished = false
        for _ in 0..<400 where !finished {
            for player: AccountID in ["ben", "amber"] where !finished {
                let shown = try #require(harness.lastMessage(in: conversation, for: player))
                finished = shown.status?.outcome.finished == true
                guard !finished, let next = try strategy.proposal(after: QueryString.items(in: shown.message!.url), using: &random)
                else { continue }
                let answer = harness.handle(.send(.init(
                    id: harness.nextID(), conversation: conversation, game: "battleship",
                    session: shown.message?.session?.uuidString, basedOn: shown.seq,
                    url: shown.message!.url.prefix { $0 != "?" } + QueryString.format(next))), from: player)
                #expect(answer.first?.isAccepted == true, "\(answer)")
            }
        }
        #expect(finished)
        let watched = harness.events(of: "chris").filter { $0.kind == .message }
        #expect(watched.count == harness.events(of: "ben").filter { $0.kind == .message }.count, "the spectator sees every move")
        #expect(watched.count > 20)
        for event in watched.dropLast() {
            #expect(UnhitShips.shown(in: event.message!.url) == [], "message \(event.seq)")
        }
        // The last message, once the game's moves ended it, shows both fleets to everyone.
        let last = try #require(watched.last?.message?.url)
        #expect(last.components(separatedBy: "Ship=").count - 1 == 10)
        // The test's own reading of a URL finds a player's fleet where it is in plain sight.
        let amberOwn = try #require(harness.events(of: "amber").first { $0.kind == .message }?.message?.url)
        #expect(UnhitShips.shown(in: amberOwn).count == 5)
    }

    @Test func spectatorsHaveTheirOwnLimitAndDoNotTakeAPlayersPlace() throws {
        var (harness, created, _) = try Self.watchedTable(maxParticipants: 2, maxSpectators: 1)
        let watchInvite = try #require(created.watchInvite)
        #expect(harness.join(watchInvite, by: "dave").first?.rejection?.code == "conversation-full")
        #expect(harness.join(created.invite, by: "dave").first?.rejection?.code == "conversation-full")
        // Chris leaves and comes back with the invite to play: a player now, in a full table.
        let conversation = created.conversation
        _ = harness.handle(.leave(.init(id: "x", conversation: conversation)), from: "chris")
        #expect(harness.join(watchInvite, by: "dave").first.map { if case .conversation = $0 { true } else { false } } == true)
        #expect(harness.join(created.invite, by: "chris").first?.rejection?.code == "conversation-full")
    }

    @Test func aMemberJoiningAgainKeepsTheirRole() throws {
        var (harness, created, _) = try Self.watchedTable()
        let logged = harness.log.count
        guard case let .conversation(again)? = harness.join(created.invite, by: "chris").first,
            case let .conversation(ben)? = harness.join(try #require(created.watchInvite), by: "ben").first
        else { throw Refused("joining again was refused") }
        #expect(again.conversation.role == .spectator)
        #expect(ben.conversation.role == .player)
        #expect(harness.log.count == logged)
    }

    @Test func rolesSurviveARestartASnapshotAndTheIndex() throws {
        let (harness, created, _) = try Self.watchedTable()
        let conversation = created.conversation
        var restarted = SnapshotTests.freshEngine(like: harness)
        for event in harness.log { try restarted.apply(event) }
        var random = harness.random
        let replayed = restarted.handle(.list(.init(id: "l")), from: "chris", now: harness.clock, random: &random)
        guard case let .conversations(list)? = replayed.replies.first else { throw Refused("no list") }
        #expect(list.conversations.first?.role == .spectator)

        let snapshot = try #require(harness.engine.snapshotChange(of: conversation, after: 0)?.value)
        var loaded = SnapshotTests.freshEngine(like: harness)
        for event in harness.log where event.conversation == nil { try loaded.apply(event) }
        #expect(try loaded.load(conversation, snapshot: snapshot, then: []))
        let answer = loaded.handle(.send(.init(
            id: "s", conversation: conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0")),
            from: "chris", now: harness.clock, random: &random)
        #expect(answer.replies.first?.rejection?.code == "spectator")
        #expect(loaded.conversation(ofInvite: try #require(created.watchInvite)) == conversation)

        var indexing = SnapshotTests.freshEngine(like: harness)
        let changes = indexing.indexChanges(for: harness.log, storedThrough: { _ in 0 })
        #expect(changes.contains(.set(IndexKind.invite, try #require(created.watchInvite), conversation.rawValue)))
        #expect(changes.contains(.set(IndexKind.invite, created.invite, conversation.rawValue)))
    }
}
