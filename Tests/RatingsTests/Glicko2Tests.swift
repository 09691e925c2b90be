import Foundation
@testable import Ratings
import Testing

/// Glicko-2 as its author worked it by hand ("Example of the Glicko-2 system", Mark Glickman,
/// 2013): a player rated 1500 ± 200 (volatility 0.06, τ = 0.5) beats a 1400 ± 30, and loses to
/// a 1550 ± 100 and a 1700 ± 300.
@Suite struct Glicko2Tests {
    let player = Rating(rating: 1500, deviation: 200, volatility: 0.06)
    let games: [(opponent: Rating, score: GameScore)] = [
        (Rating(rating: 1400, deviation: 30, volatility: 0.06), .win),
        (Rating(rating: 1550, deviation: 100, volatility: 0.06), .loss),
        (Rating(rating: 1700, deviation: 300, volatility: 0.06), .loss),
    ]

    @Test func thePapersExampleGivesThePapersRating() {
        let rated = Glicko2(tau: 0.5).rated(player, after: games)
        // The paper rounds each step to four places: μ′ = −0.2069 and φ′ = 0.8722 on the
        // Glicko-2 scale, σ′ = 0.05999, hence r′ = 1464.06 and RD′ = 151.52. Exact arithmetic
        // agrees to those places, and to a hundredth on the Glicko scale.
        let mu = (rated.rating - 1500) / 173.7178, phi = rated.deviation / 173.7178
        #expect((mu * 10_000).rounded() == -2069, "μ′ = \(mu)")
        #expect((phi * 10_000).rounded() == 8722, "φ′ = \(phi)")
        #expect(abs(rated.volatility - 0.05999) < 0.00001, "σ′ = \(rated.volatility)")
        #expect(abs(rated.rating - 1464.06) < 0.01, "r′ = \(rated.rating)")
        #expect(abs(rated.deviation - 151.52) < 0.01, "RD′ = \(rated.deviation)")
    }

    @Test func thePapersIntermediateValuesHold() {
        // From the paper's v = 1.7785 and Δ = −0.4834, its iteration gives σ′ = 0.05999.
        let glicko = Glicko2(tau: 0.5)
        let sigma = glicko.volatility(sigma: 0.06, phi: 200 / 173.7178, v: 1.7785, delta: -0.4834)
        #expect(abs(sigma - 0.05999) < 0.00001, "\(sigma)")
    }

    @Test func aPeriodWithoutGamesOnlyWidensTheDeviation() {
        let rated = Glicko2().rated(player, after: [])
        #expect(rated.rating == player.rating && rated.volatility == player.volatility)
        // φ* = √(φ² + σ²) on the Glicko-2 scale.
        let phi = 200 / 173.7178
        #expect(abs(rated.deviation - (phi * phi + 0.06 * 0.06).squareRoot() * 173.7178) < 1e-9)
        #expect(rated.deviation > player.deviation)
    }

    @Test func aGameMovesBothPlayersOppositeWaysAndADrawBetweenEqualsMovesNeither() {
        let glicko = Glicko2()
        let (winner, loser) = glicko.rated(.initial, .initial, score: .win)
        #expect(winner.rating > 1500 && loser.rating < 1500)
        #expect(abs((winner.rating - 1500) - (1500 - loser.rating)) < 1e-9, "equal players move by the same")
        #expect(winner.deviation < Rating.initial.deviation && loser.deviation < Rating.initial.deviation)
        let (first, second) = glicko.rated(.initial, .initial, score: .draw)
        #expect(abs(first.rating - 1500) < 1e-9 && abs(second.rating - 1500) < 1e-9)
        // An upset moves more than the expected result.
        let strong = Rating(rating: 1900, deviation: 80, volatility: 0.06), weak = Rating(rating: 1500, deviation: 80, volatility: 0.06)
        let expected = glicko.rated(strong, weak, score: .win), upset = glicko.rated(strong, weak, score: .loss)
        #expect(upset.second.rating - weak.rating > expected.first.rating - strong.rating)
    }

    @Test func aNewPlayerIsProvisionalUntilItsDeviationIsSmall() {
        #expect(Rating.initial.isProvisional && Rating.initial.shown == "1500?")
        var rating = Rating.initial
        var opponent = Rating(rating: 1500, deviation: 60, volatility: 0.06)
        var games = 0
        while rating.isProvisional, games < 100 {
            (rating, opponent) = Glicko2().rated(rating, opponent, score: games % 2 == 0 ? .win : .loss)
            games += 1
        }
        #expect(!rating.isProvisional && games > 3 && games < 30, "\(games) games")
        #expect(!rating.shown.hasSuffix("?"))
    }
}
