import Transcript

extension ClientFrame {
    /// Ask for a game with someone now: a player seeking the same game, variant, time and
    /// rating is found, preferring the closest rating (docs/PROTOCOL.md, "Finding a game").
    /// Answered `done` once the seek waits; when it is paired, the new conversation's entries
    /// arrive as events, a `paired` one among them naming who moves first.
    public struct Seek: Codable, Hashable, Sendable {
        public var id: String
        public var game: String
        /// The game's variant; `nil` for its default.
        public var variant: String?
        /// Seconds each player has for a move: one the server allows.
        public var secondsPerMove: Int
        public var rated: Bool
        /// How many play together: 2 when absent, more for a game of a group.
        public var players: Int?
        /// For a game of a group: after how many seconds to start with those present (two
        /// at least) rather than wait for all `players`; absent, only with all of them.
        public var startWithFewerAfter: Int?
        /// For a game of two: after how many seconds without another player to play the
        /// server's own bot instead (0: at once); absent, never.
        public var houseBotAfter: Int?

        public init(
            id: String, game: String, variant: String? = nil, secondsPerMove: Int, rated: Bool, players: Int? = nil,
            startWithFewerAfter: Int? = nil, houseBotAfter: Int? = nil
        ) {
            self.houseBotAfter = houseBotAfter
            self.id = id
            self.game = game
            self.variant = variant
            self.secondsPerMove = secondsPerMove
            self.rated = rated
            self.players = players
            self.startWithFewerAfter = startWithFewerAfter
        }
    }
}

extension ClientFrame.Seek: ClientRequest {
    static let type: StaticString = "seek"
    var requestID: String? { id }
    var target: ClientFrame.Target { .queue }
    var texts: [String?] { [id, game, variant] }
    var frame: ClientFrame { .seek(self) }

    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self {
        func optionalInt(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Int? {
            try s.optional { (s: inout JSONScanner) throws(JSONScanner.Declined) in try s.int() }
        }
        var id = Field<String>(), game = Field<String>(), variant = Field<String?>(), secondsPerMove = Field<Int>()
        var rated = Field<Bool>(), players = Field<Int?>(), fewer = Field<Int?>(), bot = Field<Int?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "game": try game.set(s.string())
            case "variant": try variant.set(s.optionalString())
            case "secondsPerMove": try secondsPerMove.set(s.int())
            case "rated": try rated.set(s.bool())
            case "players": try players.set(optionalInt(&s))
            case "startWithFewerAfter": try fewer.set(optionalInt(&s))
            case "houseBotAfter": try bot.set(optionalInt(&s))
            default: try s.skipValue()
            }
        }
        return Self(
            id: try id.required(), game: try game.required(), variant: variant.optional(),
            secondsPerMove: try secondsPerMove.required(), rated: try rated.required(), players: players.optional(),
            startWithFewerAfter: fewer.optional(), houseBotAfter: bot.optional())
    }

    func write(to out: inout JSONOutput) {
        out.key("game", first: true); out.string(game)
        if let after = houseBotAfter { out.key("houseBotAfter"); out.integer(after) }
        out.key("id"); out.string(id)
        if let players { out.key("players"); out.integer(players) }
        out.key("rated"); out.bool(rated)
        out.key("secondsPerMove"); out.integer(secondsPerMove)
        if let after = startWithFewerAfter { out.key("startWithFewerAfter"); out.integer(after) }
        out.type(Self.type)
        if let variant { out.key("variant"); out.string(variant) }
    }
}
