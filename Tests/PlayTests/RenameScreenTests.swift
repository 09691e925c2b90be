import Play
import Testing

/// A new name, taken with `r` on the list, is confirmed to its taker and reaches every member:
/// their transcripts say so, and their screens call the member by it.
@Suite struct RenameScreenTests {
    @Test func aNewNameIsConfirmedAndSeenByEveryMember() {
        var table = PlayTable("Amber", "Ben", "Chris")
        table.gather(host: "Amber", guests: "Ben", "Chris")
        table.press("Ben", .escape)
        table.press("Ben", .character("r"))
        table.type("Ben", "Daniel")
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("Your name is now Daniel"), "\(table.screen("Ben"))")
        for viewer in ["Amber", "Chris"] {
            let screen = table.screen(viewer)
            #expect(screen.contains("Ben is now called Daniel"), "\(viewer): \(screen)")
        }
        table.press("Amber", .escape)
        let list = table.screen("Amber")
        #expect(list.contains("Daniel") && !list.contains("Ben"), "\(list)")
        table.press("Ben", .enter)
        #expect(table.screen("Ben").contains("You are now called Daniel"), "\(table.screen("Ben"))")
    }
}
