import Foundation
import GamePresentation
import Transcript
import Wire

/// What both screens show on their top line: the conversation, whose turn it is, and whether
/// the client is connected. The names and the viewer also resolve every text below it.
public struct ScreenHeader: Sendable {
    /// The conversation's name for people, such as its members' names.
    public var title: String
    public var viewer: ParticipantID
    public var names: NameBook
    /// The session the screen is about; `nil` when there is none.
    public var status: GameStatus?
    public var online: Bool
    /// The client's clock, for the time left in a timed turn.
    public var now: Date?
    /// Whether the turn is followed by the game's prompt (`StatusLine.showsPrompt`).
    public var showsPrompt = true
    /// Whether the viewer watches the conversation (`StatusLine.watching`).
    public var watching = false
    /// Whether a server is involved (`StatusLine.hasServer`).
    public var hasServer = true
    /// The conversation's players, spectators aside (`StatusLine.players`).
    public var players: [ParticipantID] = []

    public init(title: String, viewer: ParticipantID, names: NameBook, status: GameStatus?, online: Bool, now: Date? = nil) {
        self.now = now
        self.title = title
        self.viewer = viewer
        self.names = names
        self.status = status
        self.online = online
    }

    var statusLine: StatusLine {
        var line = StatusLine(status: status, online: online, names: names, viewer: viewer, now: now)
        line.showsPrompt = showsPrompt
        line.watching = watching
        line.hasServer = hasServer
        line.players = players
        return line
    }
}
