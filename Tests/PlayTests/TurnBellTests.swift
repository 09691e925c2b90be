import Play
import Testing

/// The bell rings once when a turn becomes yours: not for the history replayed after
/// connecting, not twice in a row, not when it is turned off.
@Suite struct TurnBellTests {
    @Test func ringsWhenATurnBecomesYours() {
        let start = ContinuousClock.now
        var bell = TurnBell(isOn: true)
        bell.online(at: start)
        let steps: [(Set<String>, Int, Bool, String)] = [
            (["a"], 1, false, "catching up"),
            (["a"], 5, false, "the same turn, still yours"),
            ([], 6, false, "not yours"),
            (["a"], 10, true, "yours again"),
            (["a", "b"], 11, false, "not twice within two seconds"),
            (["a", "b", "c"], 14, true, "another game's turn"),
        ]
        for (turns, second, rings, why) in steps {
            let rang = bell.ring(yourTurns: turns, at: start + .seconds(second))
            #expect(rang == rings, "\(why)")
        }
        var off = TurnBell(isOn: false)
        let rang = off.ring(yourTurns: ["a"], at: start + .seconds(30))
        #expect(!rang)
    }

    @Test func theModelKnowsWhereItIsYourTurn() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        #expect(table.models["Ben"]!.yourTurns.isEmpty)
        table.press("Amber", .right, .right, .right, .enter, .enter, .enter)
        #expect(table.models["Ben"]!.yourTurns.count == 1)
        #expect(table.models["Amber"]!.yourTurns.isEmpty)
        table.press("Ben", .enter, .enter, .enter)
        #expect(table.models["Ben"]!.yourTurns.isEmpty && table.models["Amber"]!.yourTurns.count == 1)
    }

    /// Coming back to the list, a player sees first the conversations where they may move.
    @Test func theListShowsFirstTheConversationsWhereItIsYourTurn() {
        var table = PlayTable("Amber", "Ben", "Chris")
        table.gather(host: "Amber", guests: "Ben")
        table.press("Ben", .escape)
        table.gather(host: "Chris", guests: "Ben")
        table.press("Ben", .escape)
        let before = table.screen("Ben").split(separator: "\n").map(String.init)
        let amberLine = before.firstIndex { $0.contains("Amber") }, chrisLine = before.firstIndex { $0.contains("Chris") }
        #expect(amberLine != nil && chrisLine != nil && amberLine! < chrisLine!, "in the order joined: \(before)")
        // Chris starts a game: Ben's turn there, and that conversation comes first.
        table.press("Chris", .right, .right, .right, .enter, .enter, .enter)
        let after = table.screen("Ben").split(separator: "\n").map(String.init)
        let amberAfter = after.firstIndex { $0.contains("Amber") }, chrisAfter = after.firstIndex { $0.contains("Chris") }
        #expect(chrisAfter != nil && amberAfter != nil && chrisAfter! < amberAfter!, "\(after)")
        // The selection stays on the conversation it was on (Chris's, joined last), wherever
        // it moves; Down goes to the one below it.
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("Chris"))
        table.press("Ben", .escape, .down, .enter)
        #expect(table.screen("Ben").contains("Amber"))
    }
}
