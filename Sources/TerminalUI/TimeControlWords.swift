/// A time control in words, as the clients show it before and during a game.
public enum TimeControlWords {
    /// "30 seconds a move", "5 minutes a move", "1 day a move", "3 days a move": in the largest
    /// unit that divides it.
    public static func perMove(_ seconds: Int) -> String {
        let (count, unit): (Int, String) =
            if seconds >= 86_400, seconds % 86_400 == 0 { (seconds / 86_400, "day") }
            else if seconds >= 3600, seconds % 3600 == 0 { (seconds / 3600, "hour") }
            else if seconds >= 60, seconds % 60 == 0 { (seconds / 60, "minute") }
            else { (seconds, "second") }
        return "\(count) \(unit)\(count == 1 ? "" : "s") a move"
    }
}

extension String {
    /// The same text with its first letter in lower case, for a phrase within a line.
    public var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
