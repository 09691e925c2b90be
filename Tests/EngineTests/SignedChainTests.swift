import Engine
import Fairness
import GameCatalog
import GameRules
import Testing
import Transcript
import Wire

/// Every copy of every message is signed as its viewer receives it and names the digest of
/// the copy of the message before it that the same viewer received (docs/FAIRNESS.md).
@Suite struct SignedChainTests {
    static let signer = ChainSigner.fresh()

    /// A classic Battleship game played to its end by two bots, Amber and Ben, with Chris
    /// watching from the start.
    static func classicGame() throws -> (EngineHarness, conversation: ConversationID) {
        var harness = EngineHarness(signer: signer)
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        _ = harness.join(created.invite, by: "chris")
        let game = try GameCatalog.standard.game(GameID(rawValue: "battleship"), variant: "classic")
        let strategy = try #require(game.strategy(named: game.strategies[0]))
        var random = SeededRandom(seed: 17)
        let opening = try #require(try strategy.proposal(after: nil, using: &random))
        #expect(harness.start("battleship", variant: "classic", url: QueryString.format(opening), in: created.conversation,
                              by: "amber")?.isAccepted == true)
        var finished = false
        for _ in 0..<400 where !finished {
            for player: AccountID in ["ben", "amber"] {
                let shown = try #require(harness.lastMessage(in: created.conversation, for: player))
                if shown.status?.outcome.finished == true { finished = true }
                guard !finished, let next = try strategy.proposal(after: QueryString.items(in: shown.message!.url), using: &random)
                else { continue }
                let answer = harness.handle(.send(.init(
                    id: harness.nextID(), conversation: created.conversation, game: "battleship",
                    session: shown.message?.session?.uuidString, basedOn: shown.seq,
                    url: shown.message!.url.prefix { $0 != "?" } + QueryString.format(next))), from: player)
                #expect(answer.first?.isAccepted == true, "\(answer)")
            }
        }
        #expect(finished)
        return (harness, created.conversation)
    }

    static func messages(of account: AccountID, in harness: EngineHarness) -> [Message] {
        harness.events(of: account).compactMap(\.message)
    }

    @Test func everyCopyIsSignedAndChainedAsItsViewerReceivedIt() throws {
        let (harness, _) = try Self.classicGame()
        for viewer: AccountID in ["amber", "ben", "chris"] {
            var history = ChainHistory()
            let copies = try Self.messages(of: viewer, in: harness).map { try ChainedURL($0.url) }
            #expect(copies.count > 40)
            for (index, copy) in copies.enumerated() {
                try copy.verify(with: Self.signer.publicKey)
                #expect(copy.message == index + 1)
                #expect((copy.previous == nil) == (index == 0), "\(viewer), message \(index + 1)")
                try history.append(copy)
            }
        }
        // Ben's first message took the second seat: it follows on from the spectator's copy
        // of the first, which is what he was shown, as Chris was.
        let ben = Self.messages(of: "ben", in: harness).map(\.url)
        let chris = Self.messages(of: "chris", in: harness).map(\.url)
        #expect(ben[0] == chris[0])
        #expect(ben[1] != chris[1])
        // The hider's copy and the guesser's differ, and so do their signatures.
        let amber = Self.messages(of: "amber", in: harness).map(\.url)
        #expect(try ChainedURL(amber[2]).signature != ChainedURL(ben[2]).signature)
    }

    @Test func anotherViewersCopyDoesNotContinueTheChain() throws {
        let (harness, _) = try Self.classicGame()
        let amber = try Self.messages(of: "amber", in: harness).map { try ChainedURL($0.url) }
        let ben = try Self.messages(of: "ben", in: harness).map { try ChainedURL($0.url) }
        var history = ChainHistory()
        try history.append(amber[4])
        #expect(throws: ChainFailure.self) { try history.append(ben[5]) }
    }

    @Test func aBacklogCarriesTheVerySameSignatures() throws {
        var (harness, conversation) = try Self.classicGame()
        for viewer: AccountID in ["amber", "ben", "chris"] {
            let decision = harness.engine.handle(
                .resume(.init(id: "r", conversation: conversation, after: 0)), from: viewer, now: harness.clock,
                random: &harness.random)
            let frames = try harness.engine.backlog(try #require(decision.backlog), replaying: harness.log)
            let replayed = frames.compactMap { if case let .event(event) = $0 { event.message?.url } else { nil } }
            #expect(replayed == Self.messages(of: viewer, in: harness).map(\.url))
        }
    }

    /// With every member seated nobody is sent a spectator's copy, so none is signed then; a
    /// member who joins later gets them signed when sent, chained as ever.
    @Test func aSpectatorsCopyIsSignedWhenFirstSent() throws {
        var harness = EngineHarness(signer: Self.signer)
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: created.conversation,
                              by: "amber")?.isAccepted == true)
        for cell in [1, 2] {
            let shown = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
            #expect(harness.reply(to: shown, with: "Shot=\(cell)", by: "ben")?.isAccepted == true)
        }
        let moves = harness.log.compactMap { if case let .accepted(move) = $0 { move } else { nil } }
        // Ben had no seat before his first shot: the first message's spectator copy was his.
        #expect(moves.map { $0.chain?.spectator.signature != nil } == [true, false, false])
        _ = harness.join(created.invite, by: "chris")
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: created.conversation, after: 0)), from: "chris", now: harness.clock,
            random: &harness.random)
        // Answered from memory here; a backlog renders the same (see aBacklogCarriesTheVerySameSignatures).
        let frames = try decision.backlog.map { try harness.engine.backlog($0, replaying: harness.log) } ?? decision.replies
        let copies = try frames.compactMap { if case let .event(event) = $0 { event.message?.url } else { nil } }.map(ChainedURL.init)
        #expect(copies.count == 3)
        var history = ChainHistory()
        for copy in copies {
            try copy.verify(with: Self.signer.publicKey)
            try history.append(copy)
        }
    }

    @Test func theStoredRecordKeepsTheChain() throws {
        let (harness, _) = try Self.classicGame()
        let moves = harness.log.compactMap { if case let .accepted(move) = $0 { move } else { nil } }
        let move = try #require(moves.last)
        #expect(move.chain?.seats.count == 2)
        let stored = try Record.accepted(move).storedJSON()
        #expect(stored == (try WireJSON.encode(Record.accepted(move))))
        #expect(try WireJSON.decode(Record.self, from: stored) == .accepted(move))
        #expect(String(decoding: stored, as: UTF8.self).contains(#""chain":{"seats":[{"previous":""#))
    }

    @Test func theChainIsNotPartOfAProposal() throws {
        var harness = EngineHarness(signer: Self.signer)
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: created.conversation,
                              by: "amber")?.isAccepted == true)
        let shown = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(shown.message!.url.contains("&Chain_Signature="))
        // The shot after the signature, where a client that appends puts it.
        #expect(harness.reply(to: shown, with: "Shot=1", by: "ben")?.isAccepted == true)
        let answered = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        #expect(answered.message!.url.contains("Shot=1-miss&Is_Complete=0&Fleet_Root=0."))
        // The URL shown sent back unchanged is no move, as it is without the chain.
        let signed = harness.reply(to: answered, with: "Chain_Message=9", by: "ben")?.rejection
        var unsigned = answered
        unsigned.message?.url = ProofItems.removed(from: answered.message!.url)
        #expect(!unsigned.message!.url.contains("Chain_"))
        #expect(signed != nil && signed == harness.reply(to: unsigned, with: "", by: "ben")?.rejection)
    }

    /// The engine keeps the digests of a message's copies from when it signed them; an engine
    /// that read the same game from the store works them out again, and chains the next message
    /// to the very same digests.
    @Test func theNextMessageChainsAlikeAfterTheGameIsReadAgain() throws {
        var harness = EngineHarness(signer: Self.signer)
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        _ = harness.join(created.invite, by: "chris")
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: created.conversation,
                              by: "amber")?.isAccepted == true)
        for cell in [1] {
            let shown = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
            #expect(harness.reply(to: shown, with: "Shot=\(cell)", by: "ben")?.isAccepted == true)
        }
        var reread = EngineHarness(signer: Self.signer).engine
        for event in harness.log { try reread.apply(event) }
        let shown = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
        let shot = ClientFrame.send(.init(
            id: "next", conversation: created.conversation, game: "battleship", session: shown.message?.session?.uuidString,
            basedOn: shown.seq, url: shown.message!.url + "&Shot=2"))
        var random = harness.random
        let live = harness.engine.handle(shot, from: "ben", now: harness.clock, random: &harness.random)
        let again = reread.handle(shot, from: "ben", now: harness.clock, random: &random)
        func accepted(_ decision: Decision) -> AcceptedMove? {
            if case let .accepted(move)? = decision.events.first { move } else { nil }
        }
        let move = try #require(accepted(live), "\(live.replies)")
        let moveAgain = try #require(accepted(again), "\(again.replies)")
        let chain = try #require(move.chain)
        #expect(chain.seats.count == 2 && chain.seats.allSatisfy { $0.previous != nil } && chain.spectator.previous != nil)
        #expect(moveAgain.chain == chain)
    }

    @Test func anEngineWithoutAKeySignsNothing() throws {
        var harness = EngineHarness()
        let created = harness.create(by: "amber")
        #expect(harness.start("icecream", variant: "solo", url: "?Base=base01", in: created.conversation, by: "amber")?.isAccepted == true)
        #expect(harness.lastMessage(in: created.conversation, for: "amber")?.message?.url == "https://parley.test/g/icecream?Base=base01")
    }
}
