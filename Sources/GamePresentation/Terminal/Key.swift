/// A key a person pressed, as the full-screen client cares about it.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter, escape, tab, backspace
    /// Ctrl-C or Ctrl-D: leave.
    case quit
    case character(Character)
    /// A letter typed with Ctrl held (Ctrl-R is `.control("r")`), other than Ctrl-C and Ctrl-D
    /// and those that are keys of their own (Tab, Enter, Backspace).
    case control(Character)
}
