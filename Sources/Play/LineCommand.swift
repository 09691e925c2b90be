import GameCatalog
import GamePresentation
import GameRules

/// A command of `parley play --lines`, one per input line. Conversations are named by the
/// number the client gave them (1, 2, …) or by their id; messages by their event seq.
///
///     create                      open a conversation and print its invite code
///     join CODE                   join a conversation by invite code (to play, or to watch)
///     leave CONV                  leave a conversation (the ones after it move up a number)
///     list                        list the conversations
///     name NAME                   set the name others see
///     seek GAME [VARIANT] [TIME] [rated]   play whoever else seeks the same now, TIME a move
///                                 (1m, 5m, 1d, 3d or 7d; 5m when absent), casual unless rated
///     unseek                      stop seeking
///     start CONV GAME [VARIANT] [TIME] QUERY   start a game with its first state, TIME a
///                                 move (1m, 5m, 1d, 3d or 7d; the game's own when absent), e.g.
///                                 start 1 battleship seed 1d Ship_Location=0&Ship_Location=4
///     move CONV SEQ ITEMS         answer message SEQ with its state plus ITEMS
///     VERB CONV SEQ WORD          a game's own move in one word (`LineVerb`), such as
///                                 fire CONV SEQ CELL (Battleship: move CONV SEQ Shot=CELL)
///     resign CONV SEQ             give up the game of message SEQ
///     replay CONV SEQ             print every message of the game of message SEQ, in order
///     export CONV SEQ FILE        write that game to FILE, for `parley replay FILE`
///     say CONV WORDS…             a chat message
///     sticker CONV FILE [NAME…]   send an image (PNG, APNG, GIF or JPEG) as a sticker
///     sticker CONV SEQ [NAME…]    send the state of message SEQ as a sticker (a finished ice cream)
///     show CONV                   print the conversation's transcript again
///     quit
public enum LineCommand: Hashable, Sendable {
    case create
    case join(invite: String)
    case leave(conversation: String)
    case list
    case name(String)
    /// `houseBotAfter`: the seconds after which the server's bot plays instead (0: at once);
    /// `players`, for a game of a group, how many, and `startWithFewerAfter` when to start with
    /// those present.
    case seek(
        game: String, variant: String?, secondsPerMove: Int, rated: Bool, houseBotAfter: Int?, players: Int? = nil,
        startWithFewerAfter: Int? = nil)
    case unseek
    /// The ladder of a game and variant, with the player's own place.
    case ladder(game: String, variant: String?)
    /// `secondsPerMove`: the time a move chosen; `nil` for the game's own.
    case start(conversation: String, game: String, variant: String?, query: String, secondsPerMove: Int? = nil)
    /// `game`: the game whose own verb it was (`fire` is Battleship's), which message SEQ must be of.
    case move(conversation: String, seq: Int, items: String, game: String? = nil)
    case resign(conversation: String, seq: Int)
    case replay(conversation: String, seq: Int)
    case export(conversation: String, seq: Int, file: String)
    case say(conversation: String, text: String)
    case sticker(conversation: String, file: String, name: String?)
    case show(conversation: String)
    case quit
    case help

    public static func parse(_ line: String, catalog: GameCatalog = .standard) throws(LineError) -> LineCommand? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first?.lowercased() else { return nil }
        let rest = Array(words.dropFirst())
        switch (verb, rest.count) {
        case ("create", 0): return .create
        // A code may be typed in groups with spaces, as it is read aloud.
        case ("join", 1...): return .join(invite: rest.joined(separator: " "))
        case ("leave", 1): return .leave(conversation: rest[0])
        case ("sticker", 2...):
            return .sticker(conversation: rest[0], file: rest[1], name: rest.count > 2 ? rest.dropFirst(2).joined(separator: " ") : nil)
        case ("list", 0): return .list
        case ("name", 1...): return .name(rest.joined(separator: " "))
        case ("seek", 1...7): return try seek(rest)
        case ("unseek", 0): return .unseek
        case ("ladder", 1): return .ladder(game: rest[0], variant: nil)
        case ("ladder", 2): return .ladder(game: rest[0], variant: rest[1])
        case ("start", 3...5): return try start(rest)
        case ("move", 3): return .move(conversation: rest[0], seq: try seq(rest[1]), items: rest[2])
        case (_, 3) where verbs(in: catalog).contains { $0.verb.verb == verb }:
            let (game, found) = verbs(in: catalog).first { $0.verb.verb == verb }!
            let number = try seq(rest[1])
            let items: String
            do throws(RuleViolation) {
                items = try found.items(rest[2])
            } catch {
                throw LineError(error.reason)
            }
            return .move(conversation: rest[0], seq: number, items: items, game: game)
        case ("resign", 2): return .resign(conversation: rest[0], seq: try seq(rest[1]))
        case ("replay", 2): return .replay(conversation: rest[0], seq: try seq(rest[1]))
        case ("export", 3): return .export(conversation: rest[0], seq: try seq(rest[1]), file: rest[2])
        case ("say", 2...):
            // The words as typed after the conversation, spaces and all.
            let afterVerb = line.drop { $0 == " " }.dropFirst(verb.count).drop { $0 == " " }
            return .say(conversation: rest[0], text: String(afterVerb.dropFirst(rest[0].count).drop { $0 == " " }))
        case ("show", 1): return .show(conversation: rest[0])
        case ("quit", 0), ("exit", 0): return .quit
        case ("help", _), ("?", _): return .help
        case ("start", 2):
            throw LineError("start needs a QUERY, the game's first state: start CONV GAME [VARIANT] [TIME] QUERY, such as "
                + "start \(rest[0]) \(rest[1]) Base=base01.")
        default:
            // A command known but given the wrong words: its forms.
            let known = forms(in: catalog).filter { $0.hasPrefix(verb + " ") || $0 == verb }
            guard known.isEmpty else {
                throw LineError("\(verb) takes \(known.joined(separator: " or ")); type help for the commands.")
            }
            throw LineError("I don't understand \"\(line)\"; type help for the commands.")
        }
    }

    /// Every command's forms, as README documents them.
    static func forms(in catalog: GameCatalog) -> [String] {
        ["create", "join CODE", "leave CONV", "list", "name NAME", "seek GAME [VARIANT] [TIME] [rated] [bot[=TIME]] [players=N [start=TIME]]", "unseek", "ladder GAME [VARIANT]",
         "start CONV GAME [VARIANT] [TIME] QUERY", "move CONV SEQ ITEMS"]
            + verbs(in: catalog).map { "\($0.verb.verb) CONV SEQ \($0.verb.argument)" }
            + ["resign CONV SEQ", "replay CONV SEQ", "export CONV SEQ FILE", "say CONV WORDS", "sticker CONV FILE [NAME]",
               "sticker CONV SEQ [NAME]", "show CONV", "quit"]
    }

    /// `start CONV GAME [VARIANT] [TIME] QUERY`: between the game and the query, a word that is
    /// a time (`1d`) is the time a move, another the variant.
    private static func start(_ words: [String]) throws(LineError) -> LineCommand {
        var variant: String?, perMove: Int?
        for word in words.dropFirst(2).dropLast() {
            if let time = seconds(in: word), perMove == nil {
                perMove = time
            } else if variant == nil {
                variant = word
            } else {
                throw LineError("\(word) is none of what start takes between GAME and QUERY: VARIANT, TIME.")
            }
        }
        return .start(conversation: words[0], game: words[1], variant: variant, query: words[words.count - 1], secondsPerMove: perMove)
    }

    /// `seek GAME [VARIANT] [TIME] [rated|casual]`: a word that is a time (`5m`, `1d`, `300`)
    /// is the time, `rated` or `casual` the rating, another the variant.
    private static func seek(_ words: [String]) throws(LineError) -> LineCommand {
        var variant: String?, perMove = 300, rated = false, bot: Int?, players: Int?, start: Int?
        for word in words.dropFirst() {
            switch word.lowercased() {
            case "rated": rated = true
            case "casual": rated = false
            case "bot": bot = 0
            case let word where word.hasPrefix("players="):
                guard let count = Int(word.dropFirst(8)), count >= 2 else {
                    throw LineError("players=N takes how many play, 2 or more: \(word) is not that.")
                }
                players = count
            case let word where word.hasPrefix("start="):
                guard let after = seconds(in: String(word.dropFirst(6))) else {
                    throw LineError("start=TIME takes a time, such as start=30s or start=2m: \(word) is not one.")
                }
                start = after
            case let word where word.hasPrefix("bot="):
                guard let after = seconds(in: String(word.dropFirst(4))) else {
                    throw LineError("bot=TIME takes a time, such as bot=30s or bot=2m: \(word) is not one.")
                }
                bot = after
            default:
                if let time = seconds(in: word) {
                    perMove = time
                } else if variant == nil {
                    variant = word
                } else {
                    throw LineError("\(word) is none of what seek takes after GAME: VARIANT, TIME, rated, bot[=TIME], players=N, start=TIME.")
                }
            }
        }
        return .seek(
            game: words[0], variant: variant, secondsPerMove: perMove, rated: rated, houseBotAfter: bot, players: players,
            startWithFewerAfter: start)
    }

    /// `90` (seconds), `5m`, `2h`, `3d`.
    static func seconds(in word: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let last = word.last, let unit = units[last], let count = Int(word.dropLast()), count > 0 { return count * unit }
        return Int(word).flatMap { $0 > 0 ? $0 : nil }
    }

    private static func seq(_ word: String) throws(LineError) -> Int {
        guard let seq = Int(word), seq > 0 else { throw LineError("\(word) is not a message number.") }
        return seq
    }

    /// The games' own verbs, each with its game's id, in the catalog's order.
    static func verbs(in catalog: GameCatalog) -> [(game: String, verb: LineVerb)] {
        catalog.games.flatMap { game in game.lineVerbs.map { (game.id.rawValue, $0) } }
    }

    /// Every form of every command, a few to a line.
    public static func usage(catalog: GameCatalog = .standard) -> String {
        var lines: [String] = []
        var line = "commands:"
        for form in forms(in: catalog) {
            if line.count + form.count + 3 > 78 {
                lines.append(line + " |")
                line = " "
            } else if line != "commands:" {
                line += " |"
            }
            line += " " + form
        }
        return (lines + [line]).joined(separator: "\n")
    }
}

/// A line the client could not act on, in words for the user.
public struct LineError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
