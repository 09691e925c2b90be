import GamePresentation
import Play
import TerminalUI
import Testing

/// Chat beside the games: typed on the conversation's input line, sent with Enter, shown to
/// every member with nothing a sender writes reaching another terminal raw.
@Suite struct ChatTests {
    /// Back on a conversation, its newest message is selected, not the one left selected; what
    /// is typed there says it is chat, and over a game awaiting the player's move, not a move.
    @Test func aConversationOpensOnItsNewestMessageAndTypingSaysItIsChat() {
        var table = ReplayTests.finishedSeedGame()
        table.press("Amber", .escape, .right, .right, .right, .enter, .enter, .enter)
        table.press("Ben", .escape, .up, .up, .escape, .enter, .enter)
        #expect(table.screen("Ben").hasPrefix("Four in a Row in #1"), "the newest game: \(table.screen("Ben"))")
        table.press("Ben", .escape, .up, .up, .enter, .escape)
        table.type("Ben", "4")
        let typed = table.screen("Ben")
        #expect(typed.contains("> Chat, not a move (Esc, then Enter opens the game): 4"), "\(typed)")
        table.press("Ben", .escape, .up)
        table.type("Ben", "hi")
        #expect(table.screen("Ben").contains("> Chat: hi"), "over a finished game: \(table.screen("Ben"))")
    }

    @Test func membersChatBesideTheirGames() {
        var table = PlayTable("Amber", "Ben", "Chris")
        table.gather(host: "Amber", guests: "Ben", "Chris")
        table.type("Amber", "Fancy a game?")
        #expect(table.screen("Amber").contains("> Chat: Fancy a game?"), "typed on the input line")
        table.press("Amber", .enter)
        #expect(table.chats(by: "Amber") == 1)
        #expect(!table.screen("Amber").contains("> Chat: Fancy a game?"), "the line is cleared once sent")
        let ben = table.screen("Ben")
        #expect(ben.contains("Amber\n  Fancy a game?"), "\(ben)")
        #expect(table.screen("Amber").contains("You"), "own words on the right")
        // Backspace edits, Esc throws the draft away (a second Esc goes back to the list).
        table.type("Ben", "Surw")
        table.press("Ben", .backspace)
        table.type("Ben", "e!")
        #expect(table.screen("Ben").contains("> Chat: Sure!"))
        table.press("Ben", .escape)
        #expect(!table.screen("Ben").contains("Sure!"))
        #expect(table.screen("Ben").contains("Up/Down messages"), "still on the conversation")
        // Only spaces are not sent; Enter then starts the drawer's game as before.
        table.type("Chris", "   ")
        table.press("Chris", .enter)
        #expect(table.chats(by: "Chris") == 0)
    }

    @Test func escapeSequencesNeverReachATerminal() throws {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        // Typed keys are printable; a hostile client sends what it likes.
        try table.sendChat(by: "Amber", "\u{1B}]0;pwned\u{07}\u{1B}[2J red \u{202E}desrever")
        let ben = table.screen("Ben")
        #expect(!ben.contains("\u{1B}") && !ben.contains("\u{07}") && !ben.contains("\u{202E}"), "\(ben)")
        #expect(ben.contains("^[]0;pwned^G^[[2J red \u{FFFD}desrever"), "\(ben)")
    }

    @Test func controlCharactersAreNeutralised() {
        #expect(ChatText.neutralised("a\u{1B}[31mb") == "a^[[31mb")
        #expect(ChatText.neutralised("one\ntwo\tthree\r") == "one two three ")
        #expect(ChatText.neutralised("\u{7F}\u{85}\u{9B}") == "^?\u{FFFD}\u{FFFD}")
        #expect(ChatText.neutralised("\u{202E}\u{2066}\u{200B}") == "\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(ChatText.neutralised("👩‍👩‍👧 café") == "👩‍👩‍👧 café", "emoji joined by ZWJ and accents stay")
    }
}
