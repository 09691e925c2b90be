import Foundation
import Transcript
import Wire

/// The game players who sought one were paired for, as their conversation keeps it
/// (`Record.paired`): its first session must be of this game, started by the first player,
/// and each of its moves has `secondsPerMove`.
public struct StoredPairing: Codable, Hashable, Sendable {
    public var game: String
    public var variant: String?
    public var secondsPerMove: Int
    public var rated: Bool
    /// In the order they move.
    public var players: [AccountID]
    /// The id of each player's seek, as `players` (none for the house bot); `nil` in records
    /// stored before they were kept. A server that did not pair them answers each seek with
    /// the conversation from these.
    public var seeks: [String]?
    /// Each player's rating in the game when paired, as `players`; `nil` for a game with the
    /// house bot, and in records stored before they were kept.
    public var ratings: [RatingValue]?
    /// When the players were paired (the `paired` record's time): the first player has the
    /// game's time for a move to start it.
    public var since: Date?
    /// The first player did not start the game in time: the pairing was called off
    /// (`Record.aborted`), and the conversation is any other.
    public var aborted = false

    public init(
        game: String, variant: String?, secondsPerMove: Int, rated: Bool, players: [AccountID], seeks: [String]? = nil,
        ratings: [RatingValue]? = nil, since: Date? = nil
    ) {
        self.since = since
        self.seeks = seeks
        self.ratings = ratings
        self.game = game
        self.variant = variant
        self.secondsPerMove = secondsPerMove
        self.rated = rated
        self.players = players
    }
}
