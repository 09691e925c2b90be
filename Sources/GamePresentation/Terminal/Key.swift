/// A key a person pressed, as the full-screen client cares about it.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter, escape, tab, backspace
    /// Ctrl-C or Ctrl-D: leave.
    case quit
    case character(Character)
}
