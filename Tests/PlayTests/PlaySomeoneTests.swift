import Play
import TerminalUI
import Testing

/// "Play someone now" in the full-screen client: p asks for a game as line mode's `seek` words
/// it; the conversation opens once paired, with a person or the house bot accepted.
@Suite struct PlaySomeoneTests {
    @Test func twoPlayersWhoAskForTheSameGameAreTakenToItsConversation() {
        var table = PlayTable("Amber", "Ben")
        table.press("Amber", .character("p"))
        #expect(table.screen("Amber").contains("Play someone (game [variant] [5m|1d] [rated] [bot]):"))
        table.type("Amber", "battleship classic 5m")
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("Seeking battleship (classic), 5 minutes a move; u stops"))
        table.press("Ben", .character("p"))
        table.type("Ben", "battleship classic 5m")
        table.press("Ben", .enter)
        // Both are on the new conversation's screen, which says who moves first.
        #expect(table.screen("Ben").contains("Paired for battleship (classic), 5 minutes a move, casual: Amber moves first"))
        #expect(table.screen("Amber").contains("you move first"))
    }

    /// Amber and Ben, paired for Four in a Row (Amber moves first).
    static func pairedForFourInARow() -> PlayTable {
        var table = PlayTable("Amber", "Ben")
        for name in ["Amber", "Ben"] {
            table.press(name, .character("p"))
            table.type(name, "fourinarow 5m")
            table.press(name, .enter)
        }
        return table
    }

    /// Paired for Four in a Row, the first player's Enter starts Four in a Row, not the
    /// drawer's first game (which the server would refuse: the pairing's game comes first).
    @Test func enterAfterAPairingStartsThePairedGame() {
        var table = Self.pairedForFourInARow()
        #expect(table.screen("Amber").contains("you move first"))
        table.press("Amber", .enter)
        let screen = table.screen("Amber")
        #expect(!screen.contains("was made for a game of"), "\(screen)")
        #expect(screen.lowercased().contains("four in a row"), "\(screen)")
    }

    /// A refusal longer than the screen is wrapped, not cut at its edge: Ben, who does not move
    /// first, tries to start the paired game on a screen of 60 columns.
    @Test func aLongRefusalIsReadWhole() {
        var table = Self.pairedForFourInARow()
        table.press("Ben", .enter)
        table.press("Ben", .character("4"), .enter, .enter)
        let screen = table.screen("Ben", width: 60, height: 24)
        let refusal = screen.split(separator: "\n").drop { !$0.hasPrefix("! ") }.prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(refusal.joined(separator: " ").hasSuffix("answer their first message."), "\(screen)")
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 60 })
    }

    @Test func aPlayerAloneAcceptsTheHouseBotAndItAnswers() {
        var table = PlayTable("Amber")
        table.press("Amber", .character("p"))
        table.type("Amber", "battleship seed 1d bot")
        table.press("Amber", .enter)
        let screen = table.screen("Amber")
        #expect(screen.contains("House bot joined (the server's bot)"), "\(screen)")
        #expect(screen.contains("you move first"))
    }

    @Test func wordsThatAreNoGameAreRefusedAndUStopsSeeking() {
        var table = PlayTable("Amber")
        table.press("Amber", .character("p"))
        table.type("Amber", "battleship classic 5m rated soon")
        table.press("Amber", .enter)
        #expect(table.screen("Amber").contains("soon is none of what seek takes"))
        table.press("Amber", .character("p"))
        table.type("Amber", "battleship")
        table.press("Amber", .enter, .character("u"))
        #expect(table.screen("Amber").contains("No longer seeking."))
    }
}
