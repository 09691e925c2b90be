import Battleship
import GameCatalog
import IceCream
import GameRules
import Testing

@Suite struct GameCatalogTests {
    let catalog = GameCatalog.standard

    @Test func listsBothGames() throws {
        #expect(Array(catalog.ids.prefix(2)) == ["battleship", "icecream"])
        #expect(try catalog.game("battleship").variant.id == "seed")
        #expect(try catalog.game("battleship", variant: "classic").variant.id == "classic")
        #expect(try catalog.game("icecream").variants.map(\.id) == ["group", "solo"])
    }

    /// The server's default timeouts come from the games: each game's folder says its own.
    @Test func eachGameGivesItsDefaultTurnTimeout() {
        for game in catalog.games {
            #expect(catalog.defaultTurnTimeouts[game.id.rawValue] == game.defaultTurnTimeout, "\(game.id)")
        }
        #expect(catalog.defaultTurnTimeouts.count == catalog.games.count)
        #expect(BattleshipGame.defaultTurnTimeout == .seconds(300) && IceCreamGame.defaultTurnTimeout == .seconds(600))
    }

    @Test func unknownGamesAndVariantsAreRefused() {
        let games = catalog.ids.map(\.rawValue).joined(separator: ", ")
        // Its rules and its presentation are refused alike.
        #expect(throws: RuleViolation(.unknownGame, "There is no game \"chess\"; this server has \(games).")) {
            try catalog.presentation("chess", for: [])
        }
        #expect(throws: RuleViolation(.unknownGame, "There is no game \"chess\"; this server has \(games).")) {
            try catalog.game("chess")
        }
        #expect(throws: RuleViolation(.unknownVariant, "Battleship has no variant \"salvo\"; it has seed, classic.")) {
            try catalog.game("battleship", variant: "salvo")
        }
    }

    @Test func aURLMetAloneIsReadInTheVariantItNames() throws {
        let classic = try QueryString.items(in: "?Variant=classic&Hidden=0")
        #expect(try catalog.game("battleship", for: classic).variant.id == "classic")
        let original = try QueryString.items(in: "www.shinobicontrols.com/battleship?Ship_Location=0&Ship_Location=1&Is_Complete=1")
        let seed = try catalog.game("battleship", for: original)
        #expect(seed.variant.id == "seed")
        // The page for the original URL, as the guesser may see it: the ships stay hidden while
        // the game is played, and show once it is complete.
        let playing = try QueryString.items(in: "www.shinobicontrols.com/battleship?Ship_Location=0&Ship_Location=1&Is_Complete=0")
        #expect(try seed.view(of: playing, for: Seat(1)) == [QueryItem("Hidden", "0"), QueryItem("Is_Complete", "0")])
        #expect(try seed.view(of: original, for: Seat(1)) == original)
        #expect(try catalog.game("icecream", for: QueryString.items(in: "?Base=base01")).variant.id == "group")
    }
}
