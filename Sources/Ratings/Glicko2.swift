import Foundation

/// The Glicko-2 rating system (Mark Glickman, "Example of the Glicko-2 system", 2013): a
/// player's rating after a rating period of games against rated opponents. Parley's rating
/// period is one game: each rated game that ends changes its players' ratings at once, as on
/// Lichess.
public struct Glicko2: Sendable {
    /// The system constant: how much a volatility may change in a period. Smaller keeps
    /// ratings steadier; Glickman suggests 0.3 to 1.2.
    public var tau: Double
    /// How close the volatility's iteration must come.
    public var convergence: Double

    public init(tau: Double = 0.5, convergence: Double = 0.000001) {
        self.tau = tau
        self.convergence = convergence
    }

    /// The Glicko scale's factor to the Glicko-2 scale, and its centre.
    static let scale = 173.7178
    static let centre = 1500.0

    /// `player`'s rating after a period in which it played `games`, each against an opponent
    /// as rated before the period. A period with no game only makes the rating less sure.
    public func rated(_ player: Rating, after games: [(opponent: Rating, score: GameScore)]) -> Rating {
        // Step 2: onto the Glicko-2 scale.
        let mu = (player.rating - Self.centre) / Self.scale
        let phi = player.deviation / Self.scale
        let sigma = player.volatility
        guard !games.isEmpty else {
            return Rating(rating: player.rating, deviation: (phi * phi + sigma * sigma).squareRoot() * Self.scale, volatility: sigma)
        }
        // Steps 3 and 4: the estimated variance from the games alone, and the improvement.
        var inverseVariance = 0.0
        var scoreSum = 0.0
        for (opponent, score) in games {
            let muJ = (opponent.rating - Self.centre) / Self.scale
            let phiJ = opponent.deviation / Self.scale
            let g = Self.g(phiJ)
            let expected = 1 / (1 + exp(-g * (mu - muJ)))
            inverseVariance += g * g * expected * (1 - expected)
            scoreSum += g * (score.rawValue - expected)
        }
        let v = 1 / inverseVariance
        let delta = v * scoreSum
        // Step 5: the new volatility.
        let newSigma = volatility(sigma: sigma, phi: phi, v: v, delta: delta)
        // Steps 6 and 7: the new deviation and rating.
        let phiStar = (phi * phi + newSigma * newSigma).squareRoot()
        let newPhi = 1 / (1 / (phiStar * phiStar) + 1 / v).squareRoot()
        let newMu = mu + newPhi * newPhi * scoreSum
        // Step 8: back onto the Glicko scale.
        return Rating(rating: Self.scale * newMu + Self.centre, deviation: Self.scale * newPhi, volatility: newSigma)
    }

    /// The new ratings of two players after one game between them, `score` being the first's.
    public func rated(_ first: Rating, _ second: Rating, score: GameScore) -> (first: Rating, second: Rating) {
        let other: GameScore = switch score {
        case .win: .loss
        case .loss: .win
        case .draw: .draw
        }
        return (rated(first, after: [(second, score)]), rated(second, after: [(first, other)]))
    }

    /// How much an opponent's deviation weakens what a game against it says.
    static func g(_ phi: Double) -> Double {
        1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
    }

    /// Step 5: the volatility after the period, by the Illinois algorithm.
    func volatility(sigma: Double, phi: Double, v: Double, delta: Double) -> Double {
        let a = log(sigma * sigma)
        let tau2 = tau * tau
        func f(_ x: Double) -> Double {
            let ex = exp(x)
            let d = phi * phi + v + ex
            return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2
        }
        var lower = a
        var upper: Double
        if delta * delta > phi * phi + v {
            upper = log(delta * delta - phi * phi - v)
        } else {
            var k = 1.0
            while f(a - k * tau) < 0 { k += 1 }
            upper = a - k * tau
        }
        var fLower = f(lower), fUpper = f(upper)
        // Bounded: the iteration converges in a few dozen steps on any finite input.
        var steps = 0
        while abs(upper - lower) > convergence, steps < 200 {
            let c = lower + (lower - upper) * fLower / (fUpper - fLower)
            let fC = f(c)
            if fC * fUpper <= 0 {
                lower = upper
                fLower = fUpper
            } else {
                fLower /= 2
            }
            upper = c
            fUpper = fC
            steps += 1
        }
        return exp(lower / 2)
    }
}
