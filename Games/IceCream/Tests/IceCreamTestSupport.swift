import GameRules
import IceCream

/// The violation `body` throws, or `nil` when it succeeds, so tables can compare outcomes
/// with a single `#expect`.
func violation(_ body: () throws(RuleViolation) -> Void) -> RuleViolation? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

func iceCreamGame(_ variant: String) -> IceCreamGame {
    // Both variants exist; a failure here is a broken test setup, not a rule.
    do { return try IceCreamGame(variant: variant) } catch { fatalError("\(error)") }
}

/// A seat as the tables write it.
func seat(_ index: Int) -> Seat { Seat(index) }

/// One step of a table's setup: a move and the seat that plays it.
struct Played: Sendable {
    let move: IceCreamMove
    let seat: Int

    init(_ move: IceCreamMove, _ seat: Int) {
        self.move = move
        self.seat = seat
    }
}

/// A match of `variant` with `steps` played, each of which must be legal.
func match(_ variant: String, after steps: [Played]) throws -> Match<IceCreamGame> {
    var match = Match(game: iceCreamGame(variant))
    for step in steps {
        try match.play(step.move, by: seat(step.seat), mover: "$setup")
    }
    return match
}

/// The state as it would reach the server from a client: written as a URL query, read back
/// as items and decoded, as the relay does with a proposal.
func throughURL(_ iceCream: IceCream, in game: IceCreamGame) throws(RuleViolation) -> IceCream {
    try game.decode(QueryString.items(in: QueryString.format(game.encode(iceCream))))
}

// The tables' ice creams, named after the examples in the original app's URLs.
let waffleStrawberryChips = IceCream(base: .waffleCone, scoops: .strawberry, topping: .chocolateChips)
