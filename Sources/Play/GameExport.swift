import Transcript
import Foundation
import Wire

/// One game as a file of its own (`export CONV SEQ FILE` in line mode; `parley replay FILE`
/// plays it back without a server; `parley verify FILE` checks it): JSON lines of the
/// protocol's own frames, as the exporting player received them. The first is a
/// `conversation` frame (its `id` is `export`) that names the members and the exporter
/// (`you`), its invites left empty (a file lets nobody into the conversation); each other is the `event` frame of one of the game's messages, in order, its URL
/// signed as it came, and last, for a game ended by a timeout, a resignation or the operator,
/// the event that ended it with its `reveal`.
public enum GameExport {
    /// The file of the game of message `seq`.
    public static func lines(ofMessage seq: Int, in conversation: ConversationID, book: PlayerBook, reference: String) throws(LineError)
        -> [String]
    {
        guard let session = book.event(seq, in: conversation)?.status?.session,
            let summary = book.summaries[conversation]
        else { throw LineError("Conversation \(reference) has no game message #\(seq).") }
        // Its messages, and the reveal of a game ended without a move of its own.
        let messages = (book.events[conversation] ?? []).filter {
            ($0.kind == .message || $0.reveal != nil) && $0.status?.session == session
        }
        // Whoever is sent the file may read and check the game, not join its conversation.
        var members = summary
        members.invite = ""
        members.watchInvite = nil
        let frames = [ServerFrame.conversation(.init(id: "export", conversation: members))] + messages.map(ServerFrame.event)
        return frames.compactMap { frame in (try? WireJSON.encode(frame)).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The name a game's file gets when the full-screen client writes it: its game and the
    /// start of its session, such as `parley-battleship-9D271DA9.jsonl`.
    public static func fileName(game: String, session: String) -> String {
        "parley-\(game)-\(session.prefix(8)).jsonl"
    }

    /// Reads a file written by `lines`: the conversation and the game's messages.
    public static func read(_ text: String) throws(LineError) -> (summary: ConversationSummary, events: [Event]) {
        var summary: ConversationSummary?
        var events: [Event] = []
        for (number, line) in text.split(separator: "\n").enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let frame: ServerFrame
            do {
                frame = try WireJSON.decode(ServerFrame.self, from: Data(line.utf8))
            } catch {
                throw LineError("Line \(number + 1) is not a frame of an exported game: \(error)")
            }
            switch frame {
            case let .conversation(reply): summary = reply.conversation
            case let .event(event) where event.kind == .message: events.append(event)
            case let .event(event) where event.reveal != nil: continue
            default: throw LineError("Line \(number + 1) is neither the conversation nor one of the game's messages.")
            }
        }
        guard let summary else { throw LineError("The file names no conversation: its first line should be one.") }
        guard !events.isEmpty else { throw LineError("The file holds no message of a game.") }
        return (summary, events)
    }
}
