import GamePresentation
import Testing

@Suite struct CountedTests {
    @Test func oneIsSingular() {
        #expect(counted(1, "move") == "1 move")
        #expect(counted(0, "move") == "0 moves")
        #expect(counted(2, "move") == "2 moves")
        #expect(counted(3, "ship", plural: "ships") == "3 ships")
        #expect(counted(2, "match", plural: "matches") == "2 matches")
    }
}
