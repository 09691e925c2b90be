/// Why a move, a proposal or a URL was refused. `reason` is written for a person and is shown
/// to the user verbatim; `code` is for programs and stays stable.
public struct RuleViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable name for the kind of violation. Games add their own codes
    /// in an extension, named `game.something`.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code): \(reason)" }
}

extension RuleViolation.Code {
    /// The URL's query does not describe a state of this game.
    public static let undecodableState = Self(rawValue: "undecodable-state")
    /// No game of this name is hosted.
    public static let unknownGame = Self(rawValue: "unknown-game")
    /// The variant named is not one the game has.
    public static let unknownVariant = Self(rawValue: "unknown-variant")
    /// The game is over; nothing more can be played in this session.
    public static let gameOver = Self(rawValue: "game-over")
    /// The seat may not move now.
    public static let notYourTurn = Self(rawValue: "not-your-turn")
    /// The seat is beyond what the variant seats.
    public static let tableFull = Self(rawValue: "table-full")
    /// The proposed state is not exactly one move ahead of the current one.
    public static let notOneMove = Self(rawValue: "not-one-move")
    /// The move breaks the game's rules.
    public static let illegalMove = Self(rawValue: "illegal-move")
    /// The game is not one a player can resign from (`Game.allowsResigning`).
    public static let cannotResign = Self(rawValue: "cannot-resign")
}

extension RuleViolation {
    public static func undecodable(_ reason: String) -> Self { Self(.undecodableState, reason) }
    public static func notOneMove(_ reason: String) -> Self { Self(.notOneMove, reason) }
    public static func illegal(_ reason: String) -> Self { Self(.illegalMove, reason) }
    public static let notYourTurn = Self(.notYourTurn, "It is not your turn.")
    public static let gameOver = Self(.gameOver, "This game is over.")
}
