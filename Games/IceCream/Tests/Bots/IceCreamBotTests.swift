import GameRules
import IceCream
import Testing

@Suite struct IceCreamBotTests {
    static let solo = try! IceCreamGame(variant: "solo")

    /// Plays one ice cream alone through `Match`, returning it and how many steps it took.
    private func build(with builder: any IceCreamBuilder, seed: UInt64) throws -> (IceCream, Int) {
        let bot = IceCreamBot(game: Self.solo, builder: builder)
        var random = SeededRandom(seed: seed)
        var match = Match(game: Self.solo)
        var steps = 0
        while !match.outcome.isFinished, steps < 10 {
            let proposal = try #require(bot.proposal(for: match.state, using: &random))
            try match.propose(proposal, by: Seat(0), mover: "$bot")
            steps += 1
        }
        #expect(bot.proposal(for: match.state, using: &random) == nil, "nothing to add to a finished ice cream")
        return (match.state, steps)
    }

    @Test func randomBotFinishesInThreeSteps() throws {
        var seen = Set<IceCream>()
        for seed in 0..<UInt64(50) {
            let (iceCream, steps) = try build(with: RandomBuilder(), seed: seed)
            #expect(iceCream.isComplete)
            #expect(steps == 3)
            seen.insert(iceCream)
        }
        #expect(seen.count > 10, "random choices should vary")
    }

    @Test(arguments: RecipeBuilder.named)
    func recipeBotBuildsItsRecipe(recipe: RecipeBuilder) throws {
        let (iceCream, steps) = try build(with: recipe, seed: 1)
        #expect(steps == 3)
        #expect(iceCream == recipe.recipe)
        #expect(RecipeBuilder.named(recipe.name) == recipe)
    }

    @Test func recipeBotContinuesSomeoneElsesIceCream() {
        let recipe = RecipeBuilder.named("berry")!
        var random = SeededRandom(seed: 2)
        let started = IceCream(base: .waffleCone)
        let next = IceCreamBot(game: Self.solo, builder: recipe).proposal(for: started, using: &random)
        #expect(next == IceCream(base: .waffleCone, scoops: .strawberry))
    }

    @Test func proposalsTravelAsQueryItems() throws {
        let bot = IceCreamBot(game: Self.solo, builder: RecipeBuilder.named("classic")!)
        var random = SeededRandom(seed: 4)
        let first = try #require(try bot.proposal(for: [], using: &random))
        #expect(first == [QueryItem("Base", "base01")])
        let second = try #require(try bot.proposal(for: first, using: &random))
        #expect(second == [QueryItem("Base", "base01"), QueryItem("Scoops", "scoops01")])
    }
}
