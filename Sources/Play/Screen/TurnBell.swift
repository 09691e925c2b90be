/// When the terminal's bell rings: once, when a turn becomes the player's in a game where it
/// was not (a new entry in `yourTurns`). Not while the client catches up after connecting
/// (the replayed history would ring at every turn it holds), and not twice within `spacing`.
public struct TurnBell: Sendable {
    public var isOn: Bool
    private var turns: Set<String> = []
    private var quietUntil: ContinuousClock.Instant?
    private var lastRung: ContinuousClock.Instant?
    /// How long after coming online the bell is quiet while the history is replayed.
    static let catchUp = Duration.seconds(3)
    static let spacing = Duration.seconds(2)

    public init(isOn: Bool) {
        self.isOn = isOn
    }

    /// The client came online at `now`: what arrives for a while is the history.
    public mutating func online(at now: ContinuousClock.Instant) {
        quietUntil = now + Self.catchUp
    }

    /// The sessions where the player may move now, after an input; whether to ring.
    public mutating func ring(yourTurns: Set<String>, at now: ContinuousClock.Instant) -> Bool {
        let new = !yourTurns.subtracting(turns).isEmpty
        turns = yourTurns
        guard isOn, new, quietUntil.map({ now >= $0 }) ?? true, lastRung.map({ now - $0 >= Self.spacing }) ?? true else {
            return false
        }
        lastRung = now
        return true
    }
}
