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
        /// The player's account: in the operator's ladder only (`/admin/api/ladder/GAME`).
        public var account: String?
        /// The address of the player's profile on this server (`/profile/ACCOUNT`).
        public var profile: String?

        public init(
            place: Int, name: String?, rating: Int, deviation: Int, provisional: Bool, games: Int, wins: Int, losses: Int, draws: Int,
            account: String? = nil, profile: String? = nil
        ) {
            self.account = account
            self.profile = profile
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

/// A player's profile, as `/profile/ACCOUNT.json` answers it: their standing in each game and
/// variant they were rated in, and their rating's history, oldest first.
public struct Profile: Codable, Hashable, Sendable {
    /// One game and variant's standing.
    public struct Standing: Codable, Hashable, Sendable {
        public var game: String
        public var variant: String
        public var rating: Int
        public var deviation: Int
        public var provisional: Bool
        public var games: Int
        public var wins: Int
        public var losses: Int
        public var draws: Int

        public init(
            game: String, variant: String, rating: Int, deviation: Int, provisional: Bool, games: Int, wins: Int, losses: Int, draws: Int
        ) {
            self.game = game
            self.variant = variant
            self.rating = rating
            self.deviation = deviation
            self.provisional = provisional
            self.games = games
            self.wins = wins
            self.losses = losses
            self.draws = draws
        }
    }

    /// One rated game: the rating it left.
    public struct Point: Codable, Hashable, Sendable {
        public var game: String
        public var variant: String
        /// When it was rated, in milliseconds since 1970.
        public var at: Int64
        public var result: RatingInfo.Result
        public var before: RatingValue
        public var after: RatingValue
        /// The opponent's name, when they gave one.
        public var opponent: String?

        public init(
            game: String, variant: String, at: Int64, result: RatingInfo.Result, before: RatingValue, after: RatingValue, opponent: String?
        ) {
            self.game = game
            self.variant = variant
            self.at = at
            self.result = result
            self.before = before
            self.after = after
            self.opponent = opponent
        }
    }

    public var name: String?
    public var standings: [Standing]
    /// The newest rated games, at most 200, oldest first.
    public var history: [Point]

    public init(name: String?, standings: [Standing], history: [Point]) {
        self.name = name
        self.standings = standings
        self.history = history
    }
}
