import Foundation
import Play
import TerminalUI
import Testing

/// A spectator in the full-screen client: joins with the invite to watch, follows the game as
/// it is played, sees no hidden ship, and has no key that makes a move.
@Suite struct SpectatorScreenTests {
    /// Amber and Ben in a conversation, Chris watching it with the code from Amber's list.
    static func watchedTable() throws -> PlayTable {
        var table = PlayTable("Amber", "Ben", "Chris")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Amber", .escape)
        let list = table.screen("Amber")
        let range = try #require(list.range(of: #"watch [0-9A-Z-]{24}"#, options: .regularExpression), "\(list)")
        let code = String(list[range].dropFirst("watch ".count))
        table.press("Chris", .character("j"))
        table.type("Chris", code.lowercased())
        table.press("Chris", .enter)
        table.press("Amber", .enter)
        return table
    }

    @Test func aSpectatorIsShownAsOneAndFollowsTheGameWithoutAMove() throws {
        var table = try Self.watchedTable()
        #expect(table.screen("Amber").contains("Chris joined to watch"))
        let header = table.screen("Chris").split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("watching, invite to watch"), "\(header)")
        #expect(table.screen("Chris").contains("You are watching."))

        // A spectator is offered no games to start, and none starts.
        #expect(!table.screen("Chris").contains("Start:"), "\(table.screen("Chris"))")
        table.press("Chris", .right)
        #expect(!table.screen("Chris").contains("Start:"), "\(table.screen("Chris"))")
        table.press("Chris", .tab, .enter)
        #expect(table.screen("Chris").contains("spectators make no moves"))
        #expect(table.moves(by: "Chris") == 0)

        table.hideSeedBoats(by: "Amber")
        table.press("Chris", .up, .enter)
        let watching = table.screen("Chris")
        #expect(watching.contains("You are watching: the players move"), "\(watching)")
        let board = watching.split(separator: "\n").filter { $0.hasSuffix("0 1 2") || $0.hasSuffix("3 4 5") || $0.hasSuffix("6 7 8") }
        #expect(board.count == 3, "\(watching)")
        #expect(!board.contains { $0.contains("#") }, "a spectator's board shows no ship")
        table.type("Chris", "4")
        table.press("Chris", .enter, .enter)
        #expect(table.moves(by: "Chris") == 0, "a spectator's keys draft no move")
        table.press("Chris", .control("r"), .enter)
        #expect(table.resignations(by: "Chris") == 0)

        // Ben plays; Chris's screen follows, and the end shows who won.
        table.press("Ben", .enter)
        table.type("Ben", "4")
        table.press("Ben", .enter, .enter)
        #expect(table.screen("Chris").contains("Waiting for Ben"), "\(table.screen("Chris"))")
        table.type("Ben", "0")
        table.press("Ben", .enter, .enter)
        let end = table.screen("Chris")
        #expect(end.contains("*** Ben won ***"), "\(end)")
        #expect(end.contains("r: a replay") && !end.contains("m: a rematch"), "\(end)")
        table.press("Chris", .character("m"))
        #expect(table.screen("Chris").contains("spectators make no moves"))
        table.press("Chris", .character("r"))
        #expect(table.screen("Chris").contains("Replay: move 1 of 3"))

        // The list: Chris is watching, and it is never Chris's turn.
        table.press("Chris", .escape, .escape, .escape)
        let list = table.screen("Chris")
        #expect(list.contains("you (watching), Amber, Ben"), "\(list)")
        #expect(list.contains("watch ") && !list.contains("invite "), "a spectator holds only the code to watch")
        table.press("Amber", .escape, .escape)
        #expect(table.screen("Amber").contains("you, Ben, Chris (watching)"), "\(table.screen("Amber"))")
    }

    @Test func aSpectatorLeavesAndJoinsAgainToPlay() throws {
        var table = try Self.watchedTable()
        let invite = try #require(table.invite(on: "Amber"))
        table.press("Chris", .escape, .character("x"))
        #expect(table.screen("Chris").contains("Leave #1? Enter leaves, Esc stays."))
        table.press("Chris", .escape)
        #expect(table.screen("Chris").contains("1 conversation"), "Esc keeps it")
        table.press("Chris", .character("x"), .enter)
        #expect(table.screen("Chris").contains("No conversations yet"), "\(table.screen("Chris"))")
        #expect(table.screen("Amber").contains("Chris left"))
        table.press("Chris", .character("j"))
        table.type("Chris", invite)
        table.press("Chris", .enter)
        let back = table.screen("Chris")
        #expect(back.contains("#1 invite \(invite)") && !back.contains("watching"), "\(back)")
        table.hideSeedBoats(by: "Chris")
        #expect(table.moves(by: "Chris") == 1)
        #expect(table.screen("Amber").contains("Chris placed their ships!"))
        // The others' lists say Chris plays now.
        table.press("Amber", .escape, .escape, .escape)
        let list = table.screen("Amber")
        #expect(list.contains("you, Ben, Chris") && !list.contains("watching"), "\(list)")
    }

    @Test func aSmallWindowStillSaysWhoWatches() throws {
        let table = try Self.watchedTable()
        let small = table.screen("Chris", width: 40, height: 12).components(separatedBy: "\n")
        #expect(small.count == 12)
        #expect(small.allSatisfy { $0.count <= 40 })
        #expect(small.first?.contains("watching") == true, "\(small)")
    }
}
