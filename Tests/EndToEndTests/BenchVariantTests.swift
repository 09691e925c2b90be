import Bench
import Testing

/// The bench asks each game how many views of a move its two players get, rather than
/// knowing games by name: a signature for each.
@Suite struct BenchVariantTests {
    @Test func eachGameSaysHowManyViewsItsPlayersGet() {
        let views = Dictionary(uniqueKeysWithValues: BenchVariant.all().map { ($0.name, $0.signedViews) })
        #expect(views["seed"] == 2 && views["classic"] == 2, "Battleship hides each fleet from the other player: \(views)")
        #expect(views["fourinarow"] == 1, "\(views)")
        #expect(views.filter { $0.key.hasPrefix("icecream") || $0.key == "group" }.values.allSatisfy { $0 == 1 }, "\(views)")
    }
}
