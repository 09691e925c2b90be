import Foundation
import GameCatalog
import GamePresentation
import GameRules
import Play
import TerminalUI
import Transcript
import Testing
import Wire

/// A game the terminal client knows nothing of, from its catalog alone: its bubbles and its
/// expanded screen show its state's items, the drawer starts it, and the keys every game has
/// work on it.
@Suite struct PluggedGameTerminalTests {
    let catalog = GameCatalog([CountingGame.self])

    @Test func itsStateIsDrawnAsItsItems() throws {
        let view = GameView(game: "counting", url: "https://parley.test/g/counting?Count=2", catalog: catalog)
        #expect(view.isReadable)
        #expect(view.lines(width: 40, mode: .plain).map { $0.render(.plain) } == ["Count=2"])
        #expect(!GameView(game: "counting", url: "?Count=7", catalog: catalog).isReadable)
        // A game this catalog lacks shows its items too: it cannot be checked, only shown.
        #expect(GameView(game: "battleship", url: "?Ship_Location=0", catalog: catalog).lines(width: 40, mode: .plain)
            .map { $0.render(.plain) } == ["Ship_Location=0"])

        let presentation = try catalog.presentation("counting")
        #expect(presentation.title == "Counting")
        var draft = presentation.newDraft()
        let lines = try presentation.expandedLines(shown: nil, draft: draft, staged: nil, width: 80, height: 10, mode: .plain)
        #expect(lines.map { $0.render(.plain) } == ["Count=0"], "a new game starts from the initial state")
        #expect(try presentation.press(.enter, draft: &draft, shown: nil).staged == nil, "no keys of its own")
        #expect(!presentation.cancel(&draft))
        #expect(presentation.lineVerbs.isEmpty)
        #expect(try presentation.trueLines(of: [QueryItem("Count", "3")], width: 80, mode: .plain).map { $0.render(.plain) }
            == ["Count=3"])
    }

    @Test func theDrawerStartsIt() {
        #expect(DrawerItem.all(in: catalog).map(\.game) == ["counting"])
        var model = PlayModel(catalog: catalog)
        _ = model.received(.online(account: "me"))
        model.answered(.create, with: .conversation(.init(id: "r1", conversation: ConversationSummary(
            conversation: "c1", invite: "ABC-123", you: ParticipantID(UUID()), members: [], lastSeq: 0))))
        let conversation = model.screen(width: 80, height: 24, mode: .plain).joined(separator: "\n")
        #expect(conversation.contains("Start: [Counting]"), "\(conversation)")
        _ = model.press(.enter)
        let expanded = model.screen(width: 80, height: 24, mode: .plain).joined(separator: "\n")
        #expect(expanded.contains("Counting, its own time a move (Ctrl-T) in #1"), "\(expanded)")
        #expect(expanded.contains("Count=0"))
        #expect(expanded.contains(GameDraft.typedItemsHint), "it has no keys: the items a move adds are typed")
        _ = model.press(.escape)
        #expect(model.screen(width: 80, height: 24, mode: .plain).joined(separator: "\n").contains("Start: [Counting]"))
    }
}
