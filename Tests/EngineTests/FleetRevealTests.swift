import Engine
import Fairness
import Foundation
import GameCatalog
import GameRules
import Testing
import Transcript
import Wire

/// A Battleship game that ends without a move of its own (a resignation, a timeout that
/// forfeits it, the operator's end) reveals every board the server committed to, signed as the
/// session's next message: the loser can check the winner's fleet as after a game won by its
/// moves.
@Suite struct FleetRevealTests {
    static let signer = ChainSigner.fresh()

    /// A classic game: both fleets placed, one shot each; then `end` ends it. Returns the
    /// harness and the conversation.
    static func classicGame(ending end: Ending) throws -> (EngineHarness, ConversationID) {
        var harness = EngineHarness(turnTimeouts: ["battleship": 300], signer: signer)
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        let conversation = created.conversation
        #expect(harness.start("battleship", variant: "classic",
                              url: "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h",
                              in: conversation, by: "amber")?.isAccepted == true)
        for (account, extra) in [("ben", "Ship=1-carrier-A6-h&Ship=1-battleship-A7-h&Ship=1-cruiser-A8-h&Ship=1-submarine-A9-h&Ship=1-destroyer-A10-h"),
                                 ("amber", "Shot=J10"), ("ben", "Shot=A1")] {
            let shown = try #require(harness.lastMessage(in: conversation, for: AccountID(rawValue: account)))
            #expect(harness.reply(to: shown, with: extra, by: AccountID(rawValue: account))?.isAccepted == true)
        }
        let session = try #require(harness.lastMessage(in: conversation, for: "amber")?.message?.session)
        try end(&harness, conversation, session)
        return (harness, conversation)
    }

    /// What `viewer` checks of what it received, in order: its game messages, then the reveal.
    static func checked(by viewer: AccountID, in harness: EngineHarness) -> [String?] {
        var witness = MessageWitness(key: signer.publicKey)
        let urls: [String] = harness.events(of: viewer).compactMap { event in event.message?.url ?? event.reveal }
        return urls.map { url -> String? in
            do {
                try witness.check(url, boards: GameCatalog.standard.hiddenBoards)
                return nil
            } catch {
                return (error as? ChainFailure)?.code ?? "\(error)"
            }
        }
    }

    typealias Ending = @Sendable (inout EngineHarness, ConversationID, SessionID) throws -> Void

    static let endings: [(String, Ending)] = [
        ("a resignation", { harness, conversation, session in
            harness.handle(.resign(.init(id: "r", conversation: conversation, session: session.uuidString)), from: "amber")
        }),
        ("a timeout", { harness, _, _ in
            let deadline = try #require(harness.engine.deadlines().first)
            let decision = harness.engine.timeOut(deadline, now: deadline.at)
            harness.deliver(decision)
        }),
        ("the operator", { harness, _, session in
            let decision = harness.engine.end(session: session.uuidString, now: harness.clock)
            harness.deliver(try #require(decision))
        }),
    ]

    @Test(arguments: endings.indices)
    func everyBoardIsRevealedAndChecksOutForEveryViewer(_ index: Int) throws {
        let (name, end) = Self.endings[index]
        let (harness, _) = try Self.classicGame(ending: end)
        for viewer: AccountID in ["amber", "ben"] {
            let ended = try #require(harness.events(of: viewer).last, "\(name)")
            #expect([Event.Kind.resigned, .timeout, .ended].contains(ended.kind), "\(name)")
            #expect(ended.status?.outcome.finished == true, "\(name)")
            let reveal = try #require(ended.reveal, "\(name): \(viewer)'s end carries the reveal")
            #expect(reveal.contains("Ship=0-carrier-A1-h") && reveal.contains("Ship=1-carrier-A6-h"), "\(name): both fleets shown")
            #expect(reveal.contains("Fleet_Seed=0.") && reveal.contains("Fleet_Seed=1."))
            #expect(try ChainedURL(reveal).message == 5, "the session's next message")
            let checks = Self.checked(by: viewer, in: harness)
            #expect(checks.count == 5 && checks.allSatisfy { $0 == nil }, "\(name), \(viewer): \(checks)")
        }
    }

    /// A reveal that shows a fleet other than the one committed to is caught.
    @Test func aFleetMovedInTheRevealIsCaught() throws {
        let (harness, _) = try Self.classicGame(ending: Self.endings[0].1)
        var witness = MessageWitness(key: Self.signer.publicKey)
        let urls = harness.events(of: "ben").compactMap { event -> String? in event.message?.url ?? event.reveal }
        for url in urls.dropLast() { try witness.check(url, boards: GameCatalog.standard.hiddenBoards) }
        // The server signs a reveal with Amber's carrier moved a row down, where no shot went.
        let honest = try ChainedURL(try #require(urls.last))
        let moved = honest.statement.query.replacingOccurrences(of: "Ship=0-carrier-A1-h", with: "Ship=0-carrier-A2-h")
            .replacingOccurrences(of: "Ship=0-battleship-A2-h", with: "Ship=0-battleship-A1-h")
        let statement = ChainStatement(
            game: "battleship", view: "?" + moved.components(separatedBy: "&Chain_Session").first!, session: honest.session,
            message: honest.message, previous: honest.previous)
        let forged = "https://parley.test/g/battleship" + statement.signedQuery(Self.signer.sign(statement))
        let caught = #expect(throws: ChainFailure.self) { try witness.check(forged, boards: GameCatalog.standard.hiddenBoards) }
        #expect(caught?.code == "fleet-reveal-mismatch", "\(String(describing: caught))")
    }

    /// Read back from the store, the end carries the very same reveal.
    @Test func aBacklogCarriesTheSameReveal() throws {
        var (harness, conversation) = try Self.classicGame(ending: Self.endings[0].1)
        let live = try #require(harness.events(of: "ben").last?.reveal)
        for index in 0..<8 {
            harness.handle(.chat(.init(id: harness.nextID(), conversation: conversation, text: "gg \(index)")), from: "amber")
        }
        let decision = harness.engine.handle(
            .resume(.init(id: "r", conversation: conversation, after: 0)), from: "ben", now: harness.clock, random: &harness.random)
        let frames = try harness.engine.backlog(try #require(decision.backlog), replaying: harness.log)
        let reveals = frames.compactMap { frame -> String? in if case let .event(event) = frame { event.reveal } else { nil } }
        #expect(reveals == [live])
    }

    /// Ice cream hides nothing: its ends reveal nothing.
    @Test func aGameThatHidesNothingRevealsNothing() throws {
        var harness = EngineHarness(signer: Self.signer)
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        harness.start("icecream", url: "?Base=base01", in: created.conversation, by: "amber")
        let session = try #require(harness.lastMessage(in: created.conversation, for: "ben")?.message?.session)
        let decision = harness.engine.end(session: session.uuidString, now: harness.clock)
        harness.deliver(try #require(decision))
        let ended = try #require(harness.events(of: "ben").last)
        #expect(ended.kind == .ended && ended.reveal == nil)
    }
}
