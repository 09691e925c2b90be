import Transcript
import Foundation
import GamePresentation
import TerminalUI
import Wire

/// Keys on the list of conversations and on a conversation's screen.
extension PlayModel {
    /// A key the player pressed: what changes on screen, and what to ask of the server.
    public mutating func press(_ key: Key) -> [PlayEffect] {
        if key == .quit { return [.quit] }
        notice = nil
        switch place {
        case .list:
            return listKey(key)
        case let .conversation(conversation):
            error = nil
            return conversationKey(key, conversation)
        case var .game(desk):
            // The error line is about the last thing done: a key answers it.
            error = nil
            let effects = deskKey(key, &desk)
            // The desk may have been left (Esc): only a desk still shown is kept.
            if case .game = place { place = .game(desk) }
            return effects
        }
    }

    private mutating func listKey(_ key: Key) -> [PlayEffect] {
        if let typing { return typingKey(key, typing) }
        if let conversation = leaving {
            // Asked first: leaving a conversation drops its history from this client.
            leaving = nil
            return key == .enter ? [.request(.leave(conversation: conversation))] : []
        }
        let order = listOrder
        switch key {
        case .up: listSelection = max(0, listSelection - 1)
        case .down: listSelection = min(max(0, order.count - 1), listSelection + 1)
        case .enter:
            guard order.indices.contains(listSelection) else { return [] }
            error = nil
            // Opened again, a conversation shows its newest message selected, not an old one.
            focus[order[listSelection]] = nil
            place = .conversation(order[listSelection])
        case .character("n"):
            error = nil
            return [.request(.create)]
        case .character("j"):
            error = nil
            typing = .invite
        case .character("r"):
            error = nil
            typing = .name
        case .character("p"):
            error = nil
            typing = .seek
        case .character("u") where seeking != nil:
            error = nil
            return [.request(.unseek)]
        case .character("x"):
            guard order.indices.contains(listSelection) else { return [] }
            error = nil
            leaving = order[listSelection]
        case .character("q"):
            return [.quit]
        default: break
        }
        return []
    }

    private mutating func typingKey(_ key: Key, _ typing: Typing) -> [PlayEffect] {
        switch key {
        case let .character(character):
            typed.append(character)
        case .backspace:
            if !typed.isEmpty { typed.removeLast() }
        case .escape:
            self.typing = nil
            typed = ""
        case .enter:
            let text = typed.trimmingCharacters(in: .whitespaces)
            self.typing = nil
            typed = ""
            guard !text.isEmpty else { return [] }
            switch typing {
            case .invite: return [.request(.join(invite: text))]
            case .name: return [.request(.rename(text))]
            case .seek:
                do throws(LineError) {
                    guard case let .seek(game, variant, seconds, rated, bot, players, start)? = try LineCommand.parse("seek " + text, catalog: catalog)
                    else { return [] }
                    return [.request(.seek(
                        game: game, variant: variant, secondsPerMove: seconds, rated: rated, houseBotAfter: bot, players: players,
                        startWithFewerAfter: start))]
                } catch {
                    self.error = error.description
                    return []
                }
            }
        default: break
        }
        return []
    }

    private mutating func conversationKey(_ key: Key, _ conversation: ConversationID) -> [PlayEffect] {
        // Game messages and stickers are what Up and Down select.
        let messages = (book.events[conversation] ?? []).filter { ($0.kind == .message && $0.message != nil) || $0.kind == .sticker }
            .map(\.seq)
        let current = focus[conversation] ?? .newest
        var selected: Int? {
            switch current {
            case .newest: messages.last
            case let .message(seq): seq
            case .drawer, .recent: nil
            }
        }
        // Typing writes a chat message: Enter sends it, Backspace edits it, Esc throws it away.
        let draft = chatDrafts[conversation, default: ""]
        switch key {
        case let .character(character):
            chatDrafts[conversation] = draft + String(character)
            return []
        case .backspace where !draft.isEmpty:
            chatDrafts[conversation] = String(draft.dropLast())
            return []
        case .escape where !draft.isEmpty:
            chatDrafts[conversation] = nil
            return []
        case .enter where !draft.isEmpty:
            chatDrafts[conversation] = nil
            guard draft.contains(where: { !$0.isWhitespace }) else { return [] }
            return [.request(.chat(conversation: conversation, text: draft))]
        default:
            break
        }
        if case let .recent(index) = current {
            return recentKey(key, index, in: conversation)
        }
        let watching = book.watches(conversation)
        switch key {
        case .down where current == .drawer && !recentStickers.isEmpty:
            focus[conversation] = .recent(0)
        case .down where watching && selected == messages.last:
            // A spectator has no drawer of games: past the newest message are the stickers.
            if !recentStickers.isEmpty { focus[conversation] = .recent(0) }
        case .left where watching, .right where watching, .tab where watching:
            break
        case .up:
            if selected == nil {
                if !messages.isEmpty { focus[conversation] = .newest }
            } else if let seq = selected, let index = messages.firstIndex(of: seq), index > 0 {
                focus[conversation] = .message(messages[index - 1])
            }
        case .down:
            if let seq = selected, let index = messages.firstIndex(of: seq) {
                focus[conversation] = index + 1 == messages.count ? .drawer
                    : index + 2 == messages.count ? .newest : .message(messages[index + 1])
            }
        case .left, .right:
            // Along the drawer at once, from a selected message too: the drawer is the only
            // thing Left and Right move. It stops at its ends, and each conversation keeps its own.
            let count = drawerItems.count
            if count > 0 {
                let chosen = min(drawers[conversation, default: 0], count - 1)
                drawers[conversation] = key == .right ? min(count - 1, chosen + 1) : max(0, chosen - 1)
            }
            focus[conversation] = .drawer
        case .tab:
            focus[conversation] = selected == nil && !messages.isEmpty ? .newest : .drawer
        case .enter:
            if let seq = selected, let sticker = book.event(seq, in: conversation)?.sticker {
                guard showsPictures else {
                    notice = Self.noPictures
                    return []
                }
                return [.showSticker(sticker)]
            } else if let seq = selected, let event = book.event(seq, in: conversation), let status = event.status {
                open(SessionScreen(conversation: conversation, session: status.session, game: status.game, variant: status.variant))
            } else if selected == nil, book.watches(conversation) {
                error = Self.spectatorsMakeNoMoves
            } else if selected == nil, drawerItems.indices.contains(drawers[conversation, default: 0]) {
                let item = drawerItems[drawers[conversation, default: 0]]
                open(SessionScreen(conversation: conversation, session: nil, game: item.game.rawValue, variant: item.variant))
            }
        case .escape:
            place = .list
        default:
            break
        }
        return []
    }

    /// Keys on the row of recent stickers: Left and Right choose, Enter sends, Up goes back to
    /// the drawer.
    private mutating func recentKey(_ key: Key, _ index: Int, in conversation: ConversationID) -> [PlayEffect] {
        let recent = recentStickers
        guard !recent.isEmpty else {
            focus[conversation] = .drawer
            return []
        }
        let index = min(index, recent.count - 1)
        switch key {
        case .left, .right:
            focus[conversation] = .recent((index + (key == .right ? 1 : recent.count - 1)) % recent.count)
        case .up, .tab:
            // A spectator, who has no drawer of games, goes back to the newest message.
            focus[conversation] = book.watches(conversation) ? .newest : .drawer
        case .enter:
            let chosen = recent[index]
            notice = "Sending the sticker…"
            return [.sendSticker(conversation: conversation, game: chosen.game, query: chosen.query, name: chosen.name)]
        case .escape:
            place = .list
        default:
            break
        }
        return []
    }

    static let noPictures = "No pictures in this terminal: the sticker's page is under it."

    static let spectatorsMakeNoMoves = "You are watching this conversation: spectators make no moves and start no games."

    private mutating func open(_ desk: SessionScreen) {
        error = nil
        place = .game(desk)
    }
}
