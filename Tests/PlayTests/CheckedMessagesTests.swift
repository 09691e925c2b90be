import Engine
import Fairness
import Foundation
import Play
import TerminalUI
import Testing

/// The full-screen client checks every game message against the server's key and
/// commitments: verified messages are marked, and a server caught lying is said loudly, on
/// the conversation and over the game.
@Suite struct CheckedMessagesTests {
    static let signer = ChainSigner.fresh()

    /// Amber hides boats at 0 and 4; Ben fires at `shots`.
    static func seedGame(shots: [String], lie: (@Sendable (String, Int?, Int) -> String)? = nil) -> PlayTable {
        var table = PlayTable("Amber", "Ben", signer: signer, lie: lie)
        table.gather(host: "Amber", guests: "Ben")
        table.hideSeedBoats(by: "Amber")
        table.press("Ben", .enter)
        for shot in shots {
            table.type("Ben", shot)
            table.press("Ben", .enter, .enter)
        }
        return table
    }

    @Test func anHonestServersMessagesAreMarkedSigned() {
        var table = Self.seedGame(shots: ["1", "4"])
        #expect(table.moves(by: "Ben") == 2)
        table.press("Ben", .escape)
        let screen = table.screen("Ben")
        #expect(screen.contains("signed"), "\(screen)")
        #expect(!screen.contains("FAILED") && !screen.contains("!!!"), "\(screen)")
        #expect(!table.screen("Amber").contains("FAILED"))
    }

    @Test func aLieAboutAShotIsSaidLoudlyOverTheGameAndTheConversation() {
        // Ben's hit at 4 (the session's third message) told to everyone as a miss.
        var table = Self.seedGame(shots: ["1", "4"]) { view, _, message in
            message == 3 ? view.replacingOccurrences(of: "Shot=4-hit", with: "Shot=4-miss") : view
        }
        let game = table.screen("Ben")
        #expect(game.contains("!!! The server's message #5 FAILED the check: The server answered miss at cell 4"), "\(game)")
        table.press("Ben", .escape)
        let conversation = table.screen("Ben")
        #expect(conversation.contains("!!! The server's message #5 FAILED the check"), "\(conversation)")
        #expect(conversation.contains("FAILED CHECK"), "\(conversation)")
        // Amber's copy says the same: her own board shows the boat the server said was missed.
        #expect(table.screen("Amber").contains("FAILED"), "\(table.screen("Amber"))")
    }

    /// Leaving a conversation and joining it again replays its history from the start: the
    /// messages checked before are checked again as new, not as a chain that goes back in time.
    @Test func aConversationJoinedAgainIsCheckedAfreshNotFlaggedAsGoingBack() throws {
        var table = Self.seedGame(shots: ["1", "4"])
        let checked = table.models["Ben"]!.book.checks.values.flatMap(\.values).count
        #expect(checked == 3)
        let code = try #require(table.models["Ben"]!.book.summaries.values.first?.invite)
        table.press("Ben", .escape, .escape)
        table.press("Ben", .character("x"), .enter)
        #expect(table.models["Ben"]!.book.order.isEmpty, "\(table.screen("Ben"))")
        table.press("Ben", .character("j"))
        table.type("Ben", code)
        table.press("Ben", .enter)
        let book = table.models["Ben"]!.book
        let checks = book.checks.values.flatMap(\.values)
        #expect(checks.count == checked, "\(checks)")
        #expect(checks.allSatisfy { $0 == .verified }, "\(checks)")
        table.press("Ben", .enter)
        let screen = table.screen("Ben")
        #expect(!screen.contains("FAILED") && !screen.contains("!!!"), "\(screen)")
    }

    /// A game given up is revealed: the client checks the boards it never saw, and says loudly
    /// when a game that hid boards ends without them.
    @Test func aResignedGameIsRevealedAndChecked() throws {
        var table = Self.seedGame(shots: ["1"])
        table.press("Ben", .control("r"), .enter)
        #expect(table.resignations(by: "Ben") == 1)
        let book = table.models["Ben"]!.book
        let conversation = try #require(book.order.first)
        let ended = try #require(book.events[conversation]?.last)
        #expect(ended.kind == .resigned && ended.reveal != nil)
        #expect(book.checks[conversation]?[ended.seq] == .verified, "\(String(describing: book.checks[conversation]))")
        // The same events, the reveal left out: the end is flagged.
        var model = PlayModel()
        model.check(with: Self.signer.publicKey)
        for var event in book.events[conversation] ?? [] {
            event.reveal = nil
            _ = model.received(.event(event))
        }
        guard case let .failed(reason)? = model.book.checks[conversation]?[ended.seq] else {
            Issue.record("an end without its reveal passed: \(String(describing: model.book.checks[conversation]))")
            return
        }
        #expect(reason.contains("without the boards"))
    }

    @Test func aKeyLearntLateChecksWhatCameBefore() {
        var table = Self.seedGame(shots: ["1"])
        table.press("Ben", .escape)
        #expect(table.screen("Ben").contains("signed"))
        var model = PlayModel()
        for event in table.models["Ben"]!.book.order.flatMap({ table.models["Ben"]!.book.events[$0] ?? [] }) {
            _ = model.received(.event(event))
        }
        #expect(model.book.checks.isEmpty)
        model.check(with: Self.signer.publicKey)
        #expect(model.book.checks.values.flatMap(\.values).count == 2)
        #expect(model.book.checks.values.flatMap(\.values).allSatisfy { $0 == .verified })
        model.check(with: ChainSigner.fresh().publicKey)
        #expect(model.book.checks.values.flatMap(\.values).allSatisfy { if case .failed = $0 { true } else { false } })
    }
}
