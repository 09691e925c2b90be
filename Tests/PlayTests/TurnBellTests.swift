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
}
