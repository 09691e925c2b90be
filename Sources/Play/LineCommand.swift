/// A command of `parley play --lines`, one per input line. Conversations are named by the
/// number the client gave them (1, 2, …) or by their id; messages by their event seq.
///
///     create                      open a conversation and print its invite code
///     join CODE                   join a conversation by invite code
///     list                        list the conversations
///     name NAME                   set the name others see
///     start CONV GAME [VARIANT] QUERY   start a game with its first state, e.g.
///                                 start 1 battleship seed Ship_Location=0&Ship_Location=4
///     move CONV SEQ ITEMS         answer message SEQ with its state plus ITEMS
///     fire CONV SEQ CELL          Battleship: move CONV SEQ Shot=CELL
///     add CONV SEQ PART           Ice Cream: base03, scoops07 or topping12
///     show CONV                   print the conversation's transcript again
///     quit
public enum LineCommand: Hashable, Sendable {
    case create
    case join(invite: String)
    case list
    case name(String)
    case start(conversation: String, game: String, variant: String?, query: String)
    case move(conversation: String, seq: Int, items: String)
    case show(conversation: String)
    case quit
    case help

    public static func parse(_ line: String) throws(LineError) -> LineCommand? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first?.lowercased() else { return nil }
        let rest = Array(words.dropFirst())
        switch (verb, rest.count) {
        case ("create", 0): return .create
        case ("join", 1): return .join(invite: rest[0])
        case ("list", 0): return .list
        case ("name", 1...): return .name(rest.joined(separator: " "))
        case ("start", 3): return .start(conversation: rest[0], game: rest[1], variant: nil, query: rest[2])
        case ("start", 4): return .start(conversation: rest[0], game: rest[1], variant: rest[2], query: rest[3])
        case ("move", 3): return .move(conversation: rest[0], seq: try seq(rest[1]), items: rest[2])
        case ("fire", 3): return .move(conversation: rest[0], seq: try seq(rest[1]), items: "Shot=\(rest[2].uppercased())")
        case ("add", 3): return .move(conversation: rest[0], seq: try seq(rest[1]), items: try part(rest[2]))
        case ("show", 1): return .show(conversation: rest[0])
        case ("quit", 0), ("exit", 0): return .quit
        case ("help", _), ("?", _): return .help
        default: throw LineError("I don't understand \"\(line)\"; type help for the commands.")
        }
    }

    private static func seq(_ word: String) throws(LineError) -> Int {
        guard let seq = Int(word), seq > 0 else { throw LineError("\(word) is not a message number.") }
        return seq
    }

    /// `base03` → `Base=base03`: the Ice Cream part is named by its value's prefix.
    private static func part(_ word: String) throws(LineError) -> String {
        let value = word.lowercased()
        for (prefix, item) in [("base", "Base"), ("scoops", "Scoops"), ("topping", "Topping")] where value.hasPrefix(prefix) {
            return "\(item)=\(value)"
        }
        throw LineError("\(word) is not an ice cream part such as base01, scoops03 or topping07.")
    }

    public static let usage = """
        commands: create | join CODE | list | name NAME | start CONV GAME [VARIANT] QUERY |
          move CONV SEQ ITEMS | fire CONV SEQ CELL | add CONV SEQ PART | show CONV | quit
        """
}

/// A line the client could not act on, in words for the user.
public struct LineError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
