@testable import TerminalUI
import GamePresentation
import Testing

@Suite("Styled text, widths and colour modes")
struct StyledTextTests {
    @Test(arguments: [
        ([:], ColourMode.plain),
        (["TERM": "xterm-256color"], .colour),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], .plain),
        (["TERM": "xterm-256color", "NO_COLOR": ""], .colour),
        (["TERM": "dumb"], .plain),
        (["TERM": ""], .plain),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .trueColour),
        (["TERM": "xterm-256color", "COLORTERM": "24bit"], .trueColour),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .plain),
    ])
    func colourModeFromEnvironment(environment: [String: String], expected: ColourMode) {
        #expect(ColourMode(environment: environment) == expected)
    }

    /// A 24-bit colour where the terminal shows them, its basic stand-in elsewhere.
    @Test func trueColourWhereTheTerminalShowsIt() {
        let strawberry = Styled("(%%%%)", Style(foreground: .cyan, rgb: 0xf7a1b5))
        #expect(strawberry.render(.trueColour) == "\u{1B}[38;2;247;161;181m(%%%%)\u{1B}[0m")
        #expect(strawberry.render(.colour) == "\u{1B}[36m(%%%%)\u{1B}[0m")
        #expect(strawberry.render(.plain) == "(%%%%)")
        #expect(Styled("Hit", .colour(.red, bold: true)).render(.trueColour) == "\u{1B}[1;31mHit\u{1B}[0m")
    }

    @Test func colourWrapsEachStyledRunInEscapesAndPlainHasNone() {
        let line = Styled("Hit", .colour(.red, bold: true)) + " at " + Styled("B7", .reverse)
        #expect(line.render(.colour) == "\u{1B}[1;31mHit\u{1B}[0m at \u{1B}[7mB7\u{1B}[0m")
        #expect(line.render(.plain) == "Hit at B7")
        #expect(line.width == 9)
    }

    @Test func invisibleTrailingSpacesAreLeftOutButReversedOnesStay() {
        #expect((Styled("a") + .spaces(3)).render(.plain) == "a")
        #expect((Styled("a") + Styled(" ", .reverse)).render(.colour) == "a\u{1B}[7m \u{1B}[0m")
    }

    @Test func widthCountsColumnsNotEscapesOrBytes() {
        #expect(Styled("日本", .bold).width == 4)
        #expect(Styled("e\u{301}te\u{301}").width == 3)  // accents combine with their letters
        #expect(Styled("👍 ok").width == 5)
        #expect(Styled("Amber", .colour(.green)).render(.colour).count > 5)
    }

    @Test func controlCharactersCannotReachTheTerminal() {
        let line = Styled("Amber\u{1B}[2J\tand\nBen\u{9B}")
        #expect(line.plainText == "Amber?[2J?and?Ben?")
        #expect(!line.render(.colour).contains("\u{1B}[2J"))
    }

    @Test func truncationMarksTheCutAndKeepsStyles() {
        let line = Styled("Hello", .bold) + " world"
        #expect(line.truncated(to: 8).plainText == "Hello w…")
        #expect(line.truncated(to: 8).render(.colour) == "\u{1B}[1mHello\u{1B}[0m w…")
        #expect(line.truncated(to: 11) == line)
        #expect(line.truncated(to: 0).isEmpty)
        // A wide character that would straddle the edge is left out, not half drawn.
        #expect(Styled("ab日本").truncated(to: 4).plainText == "ab…")
        #expect(Styled("ab日本").fitted(to: 4).width == 4)
    }

    @Test func alignment() {
        #expect(Styled("ab").rightAligned(in: 5).plainText == "   ab")
        #expect(Styled("ab").centred(in: 7).plainText == "  ab   ")
        #expect(Styled.spread("left", "right", width: 12).plainText == "left   right")
        // The left side gives way; the marker on the right stays whole.
        #expect(Styled.spread("a long left side", "[online]", width: 14).plainText == "a lo… [online]")
    }

    @Test func wrappingBreaksAtSpacesAndSplitsOverlongWords() {
        #expect(WordWrap.lines("Amber placed their ships! Can you find them?", width: 16) == [
            "Amber placed", "their ships! Can", "you find them?",
        ])
        #expect(WordWrap.lines("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
        #expect(WordWrap.lines("one\ntwo", width: 10) == ["one", "two"])
        #expect(WordWrap.lines("", width: 10) == [])
        #expect(WordWrap.lines("anything", width: 0) == [])
    }
}
