/// A game and variant's ladder, as `/leaderboard/GAME.json` answers it: its players with an
/// established rating, the highest first, then those whose rating is still provisional, apart.
public struct Ladder: Codable, Hashable, Sendable {
    /// One player's place.
    public struct Place: Codable, Hashable, Sendable {
        /// From 1, within its list.
        public var place: Int
        /// The player's name, when they gave one.
        public var name: String?
        public var rating: Int
        public var deviation: Int
        public var provisional: Bool
        public var games: Int
        public var wins: Int
        public var losses: Int
        public var draws: Int

        public init(
            place: Int, name: String?, rating: Int, deviation: Int, provisional: Bool, games: Int, wins: Int, losses: Int, draws: Int
        ) {
            self.place = place
            self.name = name
            self.rating = rating
            self.deviation = deviation
            self.provisional = provisional
            self.games = games
            self.wins = wins
            self.losses = losses
            self.draws = draws
        }
    }

    public var game: String
    public var variant: String
    /// The top of the established ratings (deviation 110 or less), the highest first.
    public var players: [Place]
    /// How many players have an established rating.
    public var playerCount: Int
    /// The top of the provisional ratings, apart.
    public var provisional: [Place]
    /// How many players have a provisional rating.
    public var provisionalCount: Int
    /// The place of the account the request named (`?you=ACCOUNT`), in whichever list holds it;
    /// absent when it names none, or one with no rated game of this variant.
    public var you: Place?

    public init(
        game: String, variant: String, players: [Place], playerCount: Int, provisional: [Place], provisionalCount: Int,
        you: Place? = nil
    ) {
        self.game = game
        self.variant = variant
        self.players = players
        self.playerCount = playerCount
        self.provisional = provisional
        self.provisionalCount = provisionalCount
        self.you = you
    }
}
