import Foundation
import Play
import ServerTestSupport
import Testing
import Transport

/// A spectator in `parley play --lines`: joins with the code to watch (typed in groups, as read
/// aloud), sees every move, is refused a shot, and leaves to join again as a player.
@Suite struct SpectatorLineModeTests {
    @Test(.timeLimit(.minutes(1)))
    func aSpectatorWatchesThenLeavesAndPlays() async throws {
        try await LiveServer.with { server in
            let amber = await LineModeTests.Terminal(server, name: "Amber")
            let ben = await LineModeTests.Terminal(server, name: "Ben")
            let chris = await LineModeTests.Terminal(server, name: "Chris")
            try await amber.gather((ben, "Ben"))
            let created = try await amber.screen.wait(for: " invite ")
            let words = created.split(separator: " ")
            let invite = try #require(words.drop { $0 != "invite" }.dropFirst().first)
            let watch = try #require(words.drop { $0 != "watch" }.dropFirst().first)
            chris.type("join " + watch.lowercased().replacingOccurrences(of: "-", with: " "))
            let joined = try await chris.screen.wait(for: "you (watching)")
            #expect(joined.contains("watch \(watch)") && !joined.contains(String(invite)), "\(joined)")
            #expect(joined.contains("you (watching)"), "\(joined)")
            _ = try await amber.screen.wait(for: "#3 Chris joined to watch")

            amber.type("start 1 battleship seed Ship_Location=0&Ship_Location=4")
            let placed = try await chris.screen.wait(for: "#4 battleship Amber placed their ships!")
            #expect(!placed.contains("Ship_Location"), "\(placed)")
            chris.type("fire 1 4 8")
            _ = try await chris.screen.wait(for: "refused: You are watching this conversation")
            ben.type("fire 1 4 8")
            _ = try await chris.screen.wait(for: "#5 battleship Ben fired at 8: a miss.")

            chris.type("leave 1")
            _ = try await chris.screen.wait(for: "left [1]")
            _ = try await amber.screen.wait(for: "#6 Chris left")
            chris.type("join \(invite)")
            _ = try await chris.screen.wait(for: "#7 you joined")
            // A player now, with the history from the start, and a seat to take in a new game.
            chris.type("show 1")
            _ = try await chris.screen.wait(for: "#4 battleship Amber placed their ships!")
            chris.type("start 1 battleship seed Ship_Location=1&Ship_Location=2")
            _ = try await amber.screen.wait(for: "#8 battleship Chris placed their ships!")
            for terminal in [amber, ben, chris] { terminal.input.finish() }
            for terminal in [amber, ben, chris] { await terminal.task.value }
        }
    }
}
