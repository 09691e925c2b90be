import Foundation
import GamePresentation
import Transcript
import Wire

/// Whose turn it is, in words for this viewer, and whether the client is connected: the line
/// a player looks at to know whether to move.
public struct StatusLine: Sendable {
    /// The session shown; `nil` when the conversation has no game going.
    public var status: GameStatus?
    public var online: Bool
    public var names: NameBook
    public var viewer: ParticipantID
    /// The time on the client's clock, for the time left in a timed turn; `nil` shows none.
    public var now: Date?
    /// Whether the game's prompt follows the turn when the viewer may move: on a game's own
    /// screen, where it is an instruction; not over a conversation, where the clock matters more.
    public var showsPrompt = true
    /// Whether the viewer watches the conversation: a spectator's turn never comes.
    public var watching = false
    /// The conversation's players, spectators aside: where there are two, a turn for anyone
    /// but one of them is the other's, and said so ("Your turn", "Waiting for Ben").
    public var players: [ParticipantID] = []
    /// Whether a server is involved at all: a file played back (`parley replay`) has none, and
    /// its line says neither online nor offline.
    public var hasServer = true

    public init(status: GameStatus?, online: Bool, names: NameBook, viewer: ParticipantID, now: Date? = nil) {
        self.status = status
        self.online = online
        self.names = names
        self.viewer = viewer
        self.now = now
    }

    /// "4:59 left", "time is up": the turn's clock, when it runs; offline, "1:47 left, paused":
    /// the client's clock is stopped (`now` stands at the drop), since the server's cannot be seen.
    public var clock: String? {
        guard let deadline = status?.deadline, let now, status?.outcome.finished == false else { return nil }
        return Self.timeLeft(until: deadline, now: now) + (online || !hasServer ? "" : ", paused")
    }

    /// The time from `now` until `deadline` (milliseconds since 1970), in whole seconds rounded
    /// up: "4:59 left", "1:02:03 left", "time is up".
    public static func timeLeft(until deadline: Int64, now: Date) -> String {
        let seconds = Int(max(0, (Double(deadline) / 1000 - now.timeIntervalSince1970).rounded(.up)))
        guard seconds > 0 else { return "time is up" }
        let (hours, minutes, rest) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest)) left" : "\(minutes):\(twoDigits(rest)) left"
    }

    /// "Your turn", "Waiting for Amber", "Anyone but Ben", "Anyone's turn",
    /// "Game over: Amber won".
    public var turnText: String {
        guard let status else { return "No game yet" }
        let listed = status.turn.participants
        switch status.turn.kind {
        case .player:
            return listed.contains(viewer) ? "Your turn" : "Waiting for \(list(listed))"
        case .anyoneExcept where Self.other(of: listed, among: players) != nil:
            let other = Self.other(of: listed, among: players)
            return other == viewer ? "Your turn" : "Waiting for \(list(other.map { [$0] } ?? []))"
        case .anyoneExcept:
            return listed.isEmpty ? "Anyone's turn" : "Anyone but \(list(listed))"
        case .anyone:
            return "Anyone's turn"
        case .nobody:
            return gameOver(status.outcome)
        }
    }

    /// Whether this viewer may move now.
    public var isViewersTurn: Bool { !watching && status?.turn.allows(viewer) ?? false }

    /// The turn, with the game's prompt when the viewer may move ("Your turn: Add some
    /// scoops"), since that is when the prompt is an instruction.
    public var text: String { text(withPrompt: showsPrompt) }

    private func text(withPrompt: Bool) -> String {
        let clock = self.clock.map { " · " + $0 } ?? ""
        guard withPrompt, isViewersTurn, let prompt = status?.prompt, !prompt.isEmpty else { return turnText + clock }
        return "\(turnText): \(prompt)" + clock
    }

    /// `[online]` or `[offline]`: brackets so that plain text shows it as a marker too.
    public var marker: Styled { hasServer ? Self.marker(online: online) : Styled() }

    public static func marker(online: Bool) -> Styled {
        online ? Styled("[online]", .colour(.green)) : Styled("[offline]", .colour(.red, bold: true))
    }

    /// A header line of `width` columns: `title`, the turn, and the marker at the right edge.
    public func line(title: String, width: Int) -> Styled {
        let turnStyle: Style = isViewersTurn ? .colour(.yellow, bold: true) : .plain
        let left = { (text: String) in Styled(title, .bold) + Styled(" | ", .dim) + Styled(text, turnStyle) }
        // The game's prompt gives way first, before the turn and its clock are cut.
        let full = left(text)
        let line = full.width + 1 + marker.width > width ? left(text(withPrompt: false)) : full
        return Styled.spread(line, marker, width: width)
    }

    /// The one player a turn for anyone but `excluded` falls to, in a conversation of two players.
    public static func other(of excluded: [ParticipantID], among players: [ParticipantID]) -> ParticipantID? {
        guard players.count == 2, excluded.count == 1, players.contains(excluded[0]) else { return nil }
        return players.first { $0 != excluded[0] }
    }

    private func gameOver(_ outcome: OutcomeInfo) -> String {
        if !outcome.winners.isEmpty { return "Game over: \(list(outcome.winners)) won" }
        if !outcome.losers.isEmpty { return "Game over: \(list(outcome.losers)) lost" }
        return "Game over"
    }

    /// Names in a sentence, the viewer as "you": "Amber", "Amber and you", "Amber, Ben and
    /// Chris". Every turn text starts with its own words, so a name never opens a sentence.
    private func list(_ ids: [ParticipantID]) -> String {
        let named = ids.map { $0 == viewer ? "you" : names.name(of: $0) }
        guard named.count > 1 else { return named.first ?? "nobody" }
        return named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1]
    }
}
