import GameRules
import IceCream
import Testing

@Suite("Reading and writing ice cream URLs")
struct IceCreamURLTests {
    let game = IceCreamGame()
    let noBase = RuleViolation.undecodable("The URL holds no ice cream: it has no valid Base (base01–base04).")

    @Test func theOriginalURL() throws {
        #expect(try game.decode(url: "?Base=base01&Scoops=scoops03&Topping=topping07") == waffleStrawberryChips)
    }

    @Test func aWholeURL() throws {
        let iceCream = try game.decode(url: "https://host/g/icecream?Base=base04&Scoops=scoops10&Topping=topping12")
        #expect(iceCream == IceCream(base: .cup, scoops: .coffee, topping: .freshBerries))
        #expect(iceCream.isComplete)
    }

    @Test func unknownNamesAndValuesAreIgnored() throws {
        #expect(try game.decode(url: "?Base=base02&Flavour=x&Scoops=scoops99") == IceCream(base: .sugarCone))
        #expect(try game.decode(url: "?Topping&Base=base02&Topping=topping00&Is_Complete=1") == IceCream(base: .sugarCone))
    }

    @Test func theLastValidItemWins() throws {
        let iceCream = try game.decode(url: "?Base=base01&Scoops=scoops02&Base=base03&Scoops=scoops05")
        #expect(iceCream == IceCream(base: .cakeCone, scoops: .pistachio))
        // An invalid later value is passed over, so it does not undo a valid earlier one.
        #expect(try game.decode(url: "?Base=base02&Base=base09") == IceCream(base: .sugarCone))
    }

    @Test func aToppingWithoutScoopsDecodes() throws {
        let iceCream = try game.decode(url: "?Topping=topping02&Base=base01")
        #expect(iceCream == IceCream(base: .waffleCone, topping: .hotFudge))
        #expect(!iceCream.isComplete)
        #expect(game.query(for: iceCream) == "?Base=base01&Topping=topping02")
        #expect(game.prompt(in: iceCream) == "Add some scoops")
    }

    @Test(arguments: [
        "", "?", "https://host/g/icecream", "?Scoops=scoops01&Topping=topping01", "?Base=base05",
        "?Base=base00&Scoops=scoops01", "?Base", "?base=base01", "?Base=BASE01",
    ])
    func noValidBase(_ url: String) {
        #expect(throws: noBase) { try game.decode(url: url) }
    }

    @Test func writesOnlyTheChosenPartsInOrder() {
        #expect(game.query(for: waffleStrawberryChips) == "?Base=base01&Scoops=scoops03&Topping=topping07")
        #expect(game.query(for: IceCream(base: .cup)) == "?Base=base04")
        #expect(game.encode(.empty) == [])
        #expect(game.query(for: .empty) == "")
    }

    @Test func everyStateWithABaseRoundTrips() throws {
        var count = 0
        for base in IceCream.Base.allCases {
            for scoops in [nil] + IceCream.Scoops.allCases.map(Optional.some) {
                for topping in [nil] + IceCream.Topping.allCases.map(Optional.some) {
                    let iceCream = IceCream(base: base, scoops: scoops, topping: topping)
                    #expect(try game.decode(game.encode(iceCream)) == iceCream)
                    #expect(try game.decode(url: "https://host/g/icecream" + game.query(for: iceCream)) == iceCream)
                    count += 1
                }
            }
        }
        #expect(count == 4 * 11 * 13)
    }

    @Test func variants() throws {
        #expect(IceCreamGame.id == "icecream")
        #expect(IceCreamGame.name == "Ice Cream")
        #expect(IceCreamGame.variants.map(\.id) == ["group", "solo"])
        #expect(IceCreamGame().variant.id == "group")
        #expect(try IceCreamGame(variant: "group").variant.seats == 2...64)
        #expect(try IceCreamGame(variant: "solo").variant.seats == 1...64)
        #expect(throws: RuleViolation(.unknownVariant, "Ice Cream has no variant \"duel\"; it has group, solo.")) {
            try IceCreamGame(variant: "duel")
        }
    }

    @Test func movesInWords() {
        #expect(IceCreamMove.base(.waffleCone).description == "base base01")
        #expect(IceCreamMove.scoops(.coffee).description == "scoops scoops10")
        #expect(IceCreamMove.topping(.freshBerries).description == "topping topping12")
        #expect(IceCreamMove(part: .scoops, value: "scoops03") == .scoops(.strawberry))
        #expect(IceCreamMove(part: .scoops, value: "base01") == nil)
    }
}
