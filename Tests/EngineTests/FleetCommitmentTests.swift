import Engine
import Fairness
import GameCatalog
import GameRules
import Testing
import Transcript
import Wire

/// The server commits to every fleet before the first shot, opens the one cell each shot asks
/// about, and reveals every fleet with its salts at the end: a client that checks catches a
/// server that lies about a shot at that shot, and a fleet changed after placement at the end.
@Suite struct FleetCommitmentTests {
    static let signer = ChainSigner.fresh()

    /// What a client's check says of each message it received, in order: `nil` where all is well.
    static func witnessed(_ urls: [String], variant: String) throws -> [ChainFailure?] {
        let game = try GameCatalog.standard.game(GameID(rawValue: "battleship"), variant: variant)
        var witness = FleetWitness()
        return try urls.map { url in
            let items = try QueryString.items(in: url)
            let session = try ChainedURL(url).session
            do {
                try witness.check(items, boards: game.hiddenBoards(in: items), session: session)
                return nil
            } catch let failure as ChainFailure {
                return failure
            }
        }
    }

    @Test func everyAnswerOfAWholeClassicGameChecksOutForEveryViewer() throws {
        let (harness, _) = try SignedChainTests.classicGame()
        for viewer: AccountID in ["amber", "ben", "chris"] {
            let urls = SignedChainTests.messages(of: viewer, in: harness).map(\.url)
            #expect(try Self.witnessed(urls, variant: "classic").allSatisfy { $0 == nil }, "\(viewer)")
            // Both fleets committed to from their placing on; the salts only at the end.
            #expect(urls[0].contains("Fleet_Root=0.") && !urls[0].contains("Fleet_Root=1."))
            #expect(urls.dropFirst().allSatisfy { $0.contains("Fleet_Root=0.") && $0.contains("Fleet_Root=1.") })
            #expect(urls.dropLast().allSatisfy { !$0.contains("Fleet_Seed=") })
            #expect(urls.last!.contains("Fleet_Seed=0.") && urls.last!.contains("Fleet_Seed=1."))
        }
    }

    /// The seed game: Amber hides boats at cells 0 and 4, Ben shoots at `shots` in turn; `lie`
    /// as the server's. Ben's copies of the messages.
    static func seedGame(shots: [Int], lie: (@Sendable (String, Int?, Int) -> String)? = nil) throws -> [String] {
        var harness = EngineHarness(signer: signer)
        harness.engine.configuration.lie = lie
        let created = harness.create(by: "amber")
        _ = harness.join(created.invite, by: "ben")
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: created.conversation,
                              by: "amber")?.isAccepted == true)
        for cell in shots {
            let shown = try #require(harness.lastMessage(in: created.conversation, for: "ben"))
            #expect(harness.reply(to: shown, with: "Shot=\(cell)", by: "ben")?.isAccepted == true)
        }
        return harness.events(of: "ben").compactMap(\.message?.url)
    }

    @Test func anHonestSeedGameChecksOut() throws {
        let urls = try Self.seedGame(shots: [1, 4, 2, 3])
        #expect(urls.count == 5 && urls.last!.contains("Is_Complete=1"))
        #expect(try Self.witnessed(urls, variant: "seed") == [nil, nil, nil, nil, nil])
        // The first message, before any shot: a commitment, and nothing about where the boats are.
        #expect(!urls[0].contains("Ship_Location") && urls[0].contains("Fleet_Root=0."))
        #expect(!urls[0].contains("Fleet_Opening") && !urls[0].contains("Fleet_Seed"))
        // Each shot opens its own cell only.
        #expect(urls[2].contains("Fleet_Opening=0.4.1."))
        #expect(urls[1].contains("Fleet_Opening=0.1.0."))
    }

    @Test func aLieAboutOneShotIsCaughtAtThatShot() throws {
        // Ben's hit at 4, the third message, told to everyone as a miss.
        let urls = try Self.seedGame(shots: [1, 4]) { view, _, message in
            message == 3 ? view.replacingOccurrences(of: "Shot=4-hit", with: "Shot=4-miss") : view
        }
        #expect(urls[2].contains("Shot=4-miss"))
        try ChainedURL(urls[2]).verify(with: Self.signer.publicKey)
        let checked = try Self.witnessed(urls, variant: "seed")
        #expect(checked[0] == nil && checked[1] == nil)
        #expect(checked[2]?.code == "fleet-answer-contradicted")
        #expect(checked[2]?.reason == "The server answered miss at cell 4 of seat 0's fleet, but the cell it committed to says a ship covers it.")
    }

    @Test func aFleetChangedAfterPlacementIsCaughtAtTheReveal() throws {
        // Three misses end the game with both boats unfound; the end shows a boat at 5, never
        // fired at, instead of 4: every answer given still fits it.
        let urls = try Self.seedGame(shots: [1, 2, 3]) { view, _, message in
            message == 4 ? view.replacingOccurrences(of: "Ship_Location=4", with: "Ship_Location=5") : view
        }
        #expect(urls.count == 4 && urls[3].contains("Ship_Location=5") && urls[3].contains("Is_Complete=1"))
        let checked = try Self.witnessed(urls, variant: "seed")
        #expect(checked.prefix(3).allSatisfy { $0 == nil })
        #expect(checked[3]?.code == "fleet-reveal-mismatch")
        // Told honestly, the same end checks out.
        #expect(try Self.witnessed(Self.seedGame(shots: [1, 2, 3]), variant: "seed") == [nil, nil, nil, nil])
    }

    @Test func aChangedCommitmentIsCaughtAtOnce() throws {
        let urls = try Self.seedGame(shots: [1, 4])
        let root = try #require(urls[1].split(separator: "&").first { $0.hasPrefix("Fleet_Root=0.") }.map(String.init))
        // Another root of the same length: one character of it changed.
        var characters = Array(root)
        characters[20] = characters[20] == "A" ? "B" : "A"
        let other = String(characters)
        let game = try GameCatalog.standard.game(GameID(rawValue: "battleship"), variant: "seed")
        var witness = FleetWitness()
        let session = try ChainedURL(urls[0]).session
        try witness.check(QueryString.items(in: urls[0]), boards: game.hiddenBoards(in: QueryString.items(in: urls[0])), session: session)
        let swapped = urls[1].replacingOccurrences(of: root, with: other)
        let failure = #expect(throws: ChainFailure.self) {
            try witness.check(QueryString.items(in: swapped), boards: game.hiddenBoards(in: QueryString.items(in: swapped)), session: session)
        }
        #expect(failure?.code == "fleet-commitment-changed")
    }
}
