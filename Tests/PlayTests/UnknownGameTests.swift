import Foundation
import GameCatalog
import GamePresentation
import Play
import TestSupport
import TerminalUI
import Testing
import Wire

/// A game from another package: a client built with its catalog draws it with the game's own
/// pictures; a client without it shows its state as its items; both play it by typing the
/// items a move adds, since it has no keys of its own.
@Suite struct UnknownGameTests {
    @Test func aGameTheClientDoesNotKnowIsShownAndPlayedByItsItems() throws {
        var table = PlayTable("Amber", "Ben", catalog: NimGame.catalog, catalogs: ["Amber": NimGame.catalog])
        table.gather(host: "Amber", guests: "Ben")

        // Amber's drawer ends with Nim (Right stops there); she starts it by typing its first move.
        table.press("Amber", .right, .right, .right, .right, .right, .right, .enter)
        let opened = table.screen("Amber")
        #expect(opened.hasPrefix("Nim, its own time a move (Ctrl-T) in #1"), "\(opened)")
        #expect(opened.contains(GameDraft.typedItemsHint), "\(opened)")
        table.type("Amber", "Take=2")
        #expect(table.screen("Amber").contains("Your move adds: Take=2"))
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("Add Take=2? Enter sends it, Esc cancels."))
        table.press("Amber", .enter)
        #expect(table.moves(by: "Amber") == 1)

        // Ben's client does not know Nim: the bubble shows the state's items, not the chain's.
        let conversation = table.screen("Ben")
        #expect(conversation.contains("Amber took 2: 5 left."), "\(conversation)")
        #expect(conversation.contains("| Take=2"), "\(conversation)")
        #expect(!conversation.contains("cannot show") && !conversation.contains("Chain_"), "\(conversation)")
        table.press("Amber", .escape)
        #expect(table.screen("Amber").contains("o o o o o (5 stones left)"), "Amber's client draws the bubble as Nim does")

        // Full size, Ben answers it as line mode's move would: the shown items and his.
        table.press("Ben", .enter)
        let board = table.screen("Ben")
        #expect(board.hasPrefix("nim in #1"), "\(board)")
        #expect(board.contains("\nTake=2"), "\(board)")
        #expect(!board.contains("nothing to show") && !board.contains("Chain_"), "\(board)")
        table.type("Ben", "Take=9")
        table.press("Ben", .backspace)
        table.type("Ben", "3")
        table.press("Ben", .enter)
        let staged = table.screen("Ben")
        #expect(staged.contains("Add Take=3? Enter sends it, Esc cancels."), "\(staged)")
        #expect(staged.contains("\nTake=2\nTake=3"), "the staged state is drawn: \(staged)")
        table.press("Ben", .enter)
        #expect(table.moves(by: "Ben") == 1)
        #expect(table.screen("Amber").contains("Ben took 3: 2 left."))

        // A state no play reaches is refused, and the refusal explained, as any is.
        table.press("Amber", .up, .enter)
        table.type("Amber", "Take=3")
        table.press("Amber", .enter, .enter)
        #expect(table.screen("Amber").contains("There are only 7 stones."), "\(table.screen("Amber"))")
        table.type("Amber", "Take=2")
        table.press("Amber", .enter, .enter)
        #expect(table.screen("Amber").contains("*** You won! ***"))
        #expect(table.screen("Ben").contains("*** You lost. ***"), "\(table.screen("Ben"))")
    }

    /// Esc throws typed items away before it leaves the game.
    @Test func escapeClearsTheTypedItemsFirst() {
        var table = PlayTable("Amber", "Ben", catalog: NimGame.catalog, catalogs: ["Amber": NimGame.catalog])
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .right, .right, .right, .right, .enter)
        table.type("Amber", "Take=1")
        table.press("Amber", .escape)
        let screen = table.screen("Amber")
        #expect(screen.hasPrefix("Nim, its own time a move (Ctrl-T) in #1") && !screen.contains("Take=1"), "\(screen)")
        table.press("Amber", .escape)
        #expect(!table.screen("Amber").hasPrefix("Nim"))
        #expect(table.moves(by: "Amber") == 0)
    }

    /// `parley replay` of an exported game this client does not know: each move's items.
    @Test func anExportedGameTheClientDoesNotKnowIsReplayedAsItsItems() throws {
        var table = PlayTable("Amber", "Ben", catalog: NimGame.catalog, catalogs: ["Amber": NimGame.catalog, "Ben": NimGame.catalog])
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .right, .right, .right, .right, .right, .right, .enter)
        table.type("Amber", "Take=3")
        table.press("Amber", .enter, .enter)
        table.press("Ben", .enter)
        table.type("Ben", "Take=3")
        table.press("Ben", .enter, .enter)
        table.type("Amber", "Take=1")
        table.press("Amber", .enter, .enter)
        #expect(table.screen("Amber").contains("*** You won! ***"))
        let effects = table.effects("Amber", pressing: .character("e"))
        let text = try #require(effects.compactMap { if case let .save(_, text) = $0 { text } else { nil } }.first)

        let (summary, events) = try GameExport.read(text)
        var replay = PlayModel.replaying(summary, events: events)
        let first = replay.screen(width: 80, height: 24, mode: .plain).joined(separator: "\n")
        #expect(first.contains("Replay: move 1 of 3") && first.contains("\nTake=3\n"), "\(first)")
        #expect(!first.contains("nothing to show") && !first.contains("Chain_"), "\(first)")
        _ = replay.press(.down)
        let last = replay.screen(width: 80, height: 24, mode: .plain).joined(separator: "\n")
        #expect(last.contains("Replay: move 3 of 3") && last.contains("\nTake=3\nTake=3\nTake=1"), "\(last)")
    }
}
