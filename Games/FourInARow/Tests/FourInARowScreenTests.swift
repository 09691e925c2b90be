import FourInARow
import GamePresentation
import GameRules
import Testing

/// The board in the terminal and on the state page, and the keys that drop a disc.
@Suite struct FourInARowScreenTests {
    let game = FourInARowGame()

    @Test func theBoardIsDrawnBottomUpWithItsColumns() {
        let lines = game.bubblePicture(of: state([4, 4, 3]), seat: nil, width: 40, mode: .plain).map { $0.render(.plain) }
        // Trailing spaces are not drawn.
        #expect(lines == [
            " .  .  .  .  .  .  .",
            " .  .  .  .  .  .  .",
            " .  .  .  .  .  .  .",
            " .  .  .  .  .  .  .",
            " .  .  .  O  .  .  .",
            " .  .  X  X  .  .  .",
            " 1  2  3  4  5  6  7",
        ])
    }

    @Test func theKeysChooseAColumnAndStageADisc() {
        let shown = state([4])
        var draft = game.newDraft()
        #expect(draft.column == 3, "the middle column first")
        _ = game.press(.left, draft: &draft, in: shown)
        _ = game.press(.left, draft: &draft, in: shown)
        #expect(draft.column == 1)
        _ = game.press(.character("7"), draft: &draft, in: shown)
        _ = game.press(.right, draft: &draft, in: shown)
        #expect(draft.column == 6, "the last column stays the last")
        let change = game.press(.enter, draft: &draft, in: shown)
        #expect(change.staged?.state == state([4, 7]))
        #expect(change.staged?.words == "Drop a disc in column 7? Enter sends it, Esc cancels.")
        let screen = game.expandedLines(of: shown, seat: nil, draft: draft, staged: change.staged?.state, width: 80, height: 20, mode: .plain)
            .map { $0.render(.plain) }
        #expect(screen[0] == "Yellow (O) to drop")
        #expect(screen[2] == "                   v", "the marker over column 7")
        #expect(screen[8] == " .  .  .  X  .  .  ?", "the staged disc where it lands")
        #expect(screen.last == "X red, first  O yellow, second")
        // A short screen keeps the marker and the whole board.
        let short = game.expandedLines(of: shown, seat: nil, draft: draft, staged: nil, width: 40, height: 8, mode: .plain).map { $0.render(.plain) }
        #expect(short.count == 8 && short[0] == "                   v" && short[7] == " 1  2  3  4  5  6  7")
    }

    @Test func aFullColumnIsRefusedInWords() {
        var draft = game.newDraft()
        _ = game.press(.character("1"), draft: &draft, in: state([1, 1, 1, 1, 1, 1]))
        let change = game.press(.enter, draft: &draft, in: state([1, 1, 1, 1, 1, 1]))
        #expect(change.staged == nil)
        #expect(change.error == .show("Column 1 is full: choose another."))
    }

    @Test func theEndIsSaid() {
        #expect(game.banner(of: drawnGame()) == "*** A draw: the board is full ***")
        #expect(game.banner(of: state([1, 1, 2, 2, 3, 3, 4])) == nil, "a win is said as for any game")
        let over = game.expandedLines(of: state([1, 1, 2, 2, 3, 3, 4]), seat: nil, draft: game.newDraft(), staged: nil, width: 80, height: 20, mode: .plain)
        #expect(over.first?.render(.plain) == "Red (X) won with four in a row")
        #expect(!over.contains { $0.render(.plain).hasSuffix("v") }, "no marker once it is over")
    }

    @Test func lineModeDropsByColumn() throws {
        let verb = try #require(FourInARowGame.lineVerbs.first)
        #expect(verb.verb == "drop")
        #expect(try verb.items("5") == "Drop=5")
        #expect(throws: RuleViolation.self) { try verb.items("9") }
    }

    @Test func theStatePageDrawsEveryDisc() {
        let card = game.stateCard(for: state([4, 4, 3]))
        #expect(card.title == "Four in a Row")
        #expect(card.caption == "Red dropped in column 3.")
        #expect(card.status == "Yellow to drop a disc")
        #expect(card.picture.matches(of: /class="disc red"/).count == 2)
        #expect(card.picture.matches(of: /class="disc yellow"/).count == 1)
        #expect(card.picture.matches(of: /class="disc empty"/).count == 39)
        let won = game.stateCard(for: state([1, 1, 2, 2, 3, 3, 4]))
        #expect(won.caption == "Red dropped in column 4: four in a row!")
        #expect(won.status == "Game over")
        #expect(won.picture.matches(of: /stroke="#30a46c"/).count == 4, "the winning line ringed")
        #expect(game.truePicture(of: state([4])) == game.stateCard(for: state([4])).picture)
    }
}
