import Battleship
import GameRules
import IceCream
import TerminalUI
import Wire

/// One game on the expanded screen, and the move the player is making in it: a cursor on
/// the board and the ships placed so far, or the picker's choice, and the message staged for
/// sending. The state itself is not kept here: it is always the newest message of the
/// session in the player's book, so a move arriving from the server (or a refusal bringing
/// the current one) refreshes the view at once.
public struct GameDesk: Hashable, Sendable {
    public let conversation: String
    /// The session shown; `nil` for a new game not sent yet.
    public private(set) var session: String?
    /// The game and variant of a new game.
    public let game: String
    public let variant: String?
    public internal(set) var cursor = Cell(0)
    /// Ships placed so far, before the fleet is staged.
    public internal(set) var ships: [ShipPlacement] = []
    public internal(set) var orientation: Orientation = .across
    /// The cell name typed so far, such as "B1" on the way to "B10".
    public internal(set) var typedCell = ""
    public internal(set) var picker = 0
    public internal(set) var staged: Staged?
    /// The staged message has gone to the server and its answer is awaited.
    public internal(set) var sending = false

    /// A message about to be sent: the state's query, and what it does in words.
    public struct Staged: Hashable, Sendable {
        public let query: String
        /// The seq of the message the move answers, kept from when it was staged: if another
        /// move arrives first, the server calls this one stale rather than reading it against
        /// a state it was not made for.
        public let basedOn: Int?
        public let words: String
        /// A Battleship shot, drawn on the board while staged.
        public let shot: Cell?
        /// An ice cream part, drawn on the ice cream while staged.
        public let iceCream: IceCream?
    }

    init(conversation: String, session: String?, game: String, variant: String?) {
        self.conversation = conversation
        self.session = session
        self.game = game
        self.variant = variant
    }

    /// The server accepted the staged message: from now on the desk follows its session.
    mutating func sent(session: String) {
        if self.session == nil { self.session = session }
        discardDraft()
    }

    mutating func discardDraft() {
        staged = nil
        sending = false
        picker = 0
        ships = []
        typedCell = ""
    }

    /// Esc: unstages, forgets a half-typed cell, or (with nothing to undo) leaves the desk.
    mutating func cancel() -> Bool {
        if staged != nil {
            staged = nil
            sending = false
            if ships.count > 0 { ships.removeLast() }
            return true
        }
        if !typedCell.isEmpty {
            typedCell = ""
            return true
        }
        return false
    }
}
