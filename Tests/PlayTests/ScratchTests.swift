import Testing
import Foundation
import Play
import GamePresentation

@Suite struct ScratchTests {
    @Test func look() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.placeClassicFleets(host: "Amber", at: ["A1", "A2", "A3", "A4", "A5"], guest: "Ben", at: ["F6", "F7", "F8", "F9", "F10"])
        print(table.screen("Amber"))
        print(table.screen("Ben"))
        table.type("Amber", "B2")
        table.press("Amber", .enter, .enter)
        table.type("Ben", "C3")
        table.press("Ben", .enter, .enter)
        print(table.screen("Amber"))
        print(table.screen("Ben"))
        print(table.screen("Amber", width: 78, height: 16))
        print(table.screen("Amber", width: 60, height: 16))
        table.press("Ben", .escape)
        print(table.screen("Ben"))
        table.press("Ben", .escape)
        print(table.screen("Ben"))
    }
}
