/// A player's strength at one game and variant, as Glicko-2 keeps it: the rating, how sure it
/// is (the deviation: a player rates within about twice it of the rating, 95 times in 100) and
/// how erratic the player is (the volatility). On the Glicko scale, where a new player stands
/// at 1500 ± 350.
public struct Rating: Codable, Hashable, Sendable {
    public var rating: Double
    public var deviation: Double
    public var volatility: Double

    public init(rating: Double, deviation: Double, volatility: Double) {
        self.rating = rating
        self.deviation = deviation
        self.volatility = volatility
    }

    /// Where a player who never played a rated game starts.
    public static let initial = Rating(rating: 1500, deviation: 350, volatility: 0.06)

    /// The deviation above which a rating is provisional: shown marked, and kept off the ladder.
    public static let provisionalDeviation = 110.0

    /// Whether too few games stand behind the rating to trust it.
    public var isProvisional: Bool { deviation > Self.provisionalDeviation }

    /// The rating as shown: a whole number, marked `?` while provisional.
    public var shown: String { "\(Int(rating.rounded()))\(isProvisional ? "?" : "")" }
}

/// How a rated game ended for one player.
public enum GameScore: Double, Codable, Hashable, Sendable {
    case loss = 0
    case draw = 0.5
    case win = 1
}
