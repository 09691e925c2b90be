import GamePresentation
import Engine
import Fairness
import Client
import Foundation
import GameCatalog
import GameRules
import Play
import TerminalUI
import Transcript
import Testing
import Wire

/// Full-screen clients at one table: a `PlayModel` per player, wired to a real `Engine` the
/// way the server wires them, without sockets. Keys go into a model; the requests it makes
/// are decided by the engine; the answers come back to it and every event goes to each member
/// rendered for them, as the relay delivers them.
struct PlayTable {
    private var engine: Engine
    private var random = SeededRandom(seed: 11)
    private var clock = Date(timeIntervalSince1970: 1_800_000_000)
    private var requests = 0
    private(set) var models: [String: PlayModel] = [:]
    /// Every frame each player's client sent, in order.
    private(set) var sent: [String: [ClientFrame]] = [:]

    /// The clock of the engine, which each move moves on by a second.
    var now: Date { clock }

    /// `signer`: the server signs, and every client checks against its key from the start;
    /// `lie`: what a lying server shows instead (`EngineConfiguration.lie`); `catalog`: the
    /// games the server hosts; `catalogs`: the games a player's client knows, by name (the
    /// standard ones otherwise).
    init(
        _ names: String..., turnTimeouts: [String: TimeInterval] = [:], signer: ChainSigner? = nil,
        lie: (@Sendable (String, Int?, Int) -> String)? = nil, catalog: GameCatalog = .standard, catalogs: [String: GameCatalog] = [:]
    ) {
        var configuration = EngineConfiguration(
            publicURL: "https://parley.test", maxParticipants: 8, turnTimeouts: turnTimeouts, signer: signer)
        configuration.lie = lie
        engine = Engine(
            configuration: configuration, catalog: catalog,
            identifiers: ParticipantIdentifiers(secret: Array("the play tests' secret".utf8)))
        for name in names {
            clock += 1
            _ = engine.handle(.rename(.init(id: "name", name: name)), from: account(name), now: clock, random: &random)
            models[name] = PlayModel(catalog: catalogs[name] ?? .standard)
            if let signer { models[name]!.check(with: signer.publicKey) }
            perform(models[name]!.received(.online(account: account(name).rawValue)), by: name)
        }
    }

    private func account(_ name: String) -> AccountID { AccountID(rawValue: "account-of-\(name)") }

    mutating func press(_ name: String, _ keys: Key...) {
        for key in keys { perform(models[name]!.press(key), by: name) }
    }

    /// Presses `key` on `name`'s client, carries out its requests, and returns every effect,
    /// such as a file to write, which a session would carry out.
    mutating func effects(_ name: String, pressing key: Key) -> [PlayEffect] {
        let effects = models[name]!.press(key)
        perform(effects, by: name)
        return effects
    }

    /// Tells `name`'s client how writing `file` went, as the session does.
    mutating func saved(_ name: String, file: String, failure: String?) {
        models[name]!.saved(file, failure: failure)
    }

    /// `name`'s client receives a sticker of `sender`'s as the next event of its first
    /// conversation, as the server relays one posted over HTTPS.
    mutating func receive(_ name: String, sticker: Sticker, from sender: String) throws {
        let conversation = try #require(models[name]!.book.order.first, "\(name) is in no conversation")
        let seq = (models[name]!.book.events[conversation]?.last?.seq ?? 0) + 1
        let participant = ParticipantInfo(id: engineID(of: sender, seenBy: name), name: sender)
        let event = Event(conversation: conversation, seq: seq, kind: .sticker, participant: participant, sticker: sticker)
        perform(models[name]!.received(.event(event)), by: name)
    }

    private func engineID(of subject: String, seenBy viewer: String) -> ParticipantID {
        ParticipantIdentifiers(secret: Array("the play tests' secret".utf8))
            .id(of: account(subject), seenBy: InstallID(rawValue: account(viewer).rawValue))
    }

    /// Tells `name`'s client how sending a sticker went, as the session does.
    mutating func tell(_ name: String, _ words: String, failed: Bool) {
        models[name]!.tell(words, failed: failed)
    }

    /// Types `text` as characters, such as a cell name or an invite code.
    mutating func type(_ name: String, _ text: String) {
        for character in text { press(name, .character(character)) }
    }

    /// Changes a setting of `name`'s client, as its session sets it from the terminal.
    mutating func configure(_ name: String, _ change: (inout PlayModel) -> Void) {
        change(&models[name]!)
    }

    /// Sets the clock of `name`'s client, as its screen reads it for turn clocks.
    mutating func setClock(of name: String, to date: Date) {
        models[name]!.now = date
    }

    mutating func update(_ name: String, _ update: ParleyClient.Update) {
        perform(models[name]!.received(update), by: name)
    }

    /// The screen `name` sees, in plain text.
    func screen(_ name: String, width: Int = 80, height: Int = 24) -> String {
        models[name]!.screen(width: width, height: height, mode: .plain).joined(separator: "\n")
    }

    /// The screen `name` sees in colour, its escapes taken out: what a colour terminal shows
    /// as characters.
    func colourScreen(_ name: String, width: Int = 80, height: Int = 24) -> String {
        models[name]!.screen(width: width, height: height, mode: .colour).joined(separator: "\n")
            .replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }

    /// The invite code on the screen of `name`.
    func invite(on name: String) -> String? {
        let screen = screen(name)
        guard let range = screen.range(of: #"invite [0-9A-Z-]+"#, options: .regularExpression) else { return nil }
        return String(screen[range].dropFirst("invite ".count))
    }

    private mutating func perform(_ effects: [PlayEffect], by name: String) {
        for case let .request(request) in effects {
            requests += 1
            let frame = request.frame(id: "r\(requests)")
            sent[name, default: []].append(frame)
            clock += 1
            let decision = engine.handle(frame, from: account(name), now: clock, random: &random)
            for reply in decision.replies {
                models[name]!.answered(request, with: reply)
                // A client resumes a conversation it joins from its start, as ParleyClient does.
                if case let .conversation(joined) = reply {
                    for seq in 1..<max(1, joined.conversation.lastSeq + 1) {
                        if let event = engine.event(conversation: joined.conversation.conversation, seq: seq, for: account(name)) {
                            perform(models[name]!.received(.event(event)), by: name)
                        }
                    }
                }
            }
            // A seek paired: the conversation frame comes to each player unasked, before its
            // entries, as ParleyClient passes it on.
            for (receiver, frame) in decision.sends {
                guard case let .conversation(reply) = frame, let player = models.keys.first(where: { account($0) == receiver }) else {
                    continue
                }
                perform(models[player]!.received(.conversation(reply.conversation)), by: player)
            }
            for reference in decision.notify {
                for member in engine.members(of: reference.conversation) {
                    guard let event = engine.event(conversation: reference.conversation, seq: reference.seq, for: member),
                        let player = models.keys.first(where: { account($0) == member })
                    else { continue }
                    perform(models[player]!.received(.event(event)), by: player)
                }
            }
        }
    }

    /// The server's operator ends the session `session`: every member hears of it.
    mutating func operatorEnds(session: String) {
        clock += 1
        guard let decision = engine.end(session: session, now: clock) else {
            Issue.record("no session \(session) to end")
            return
        }
        for reference in decision.notify {
            for member in engine.members(of: reference.conversation) {
                guard let event = engine.event(conversation: reference.conversation, seq: reference.seq, for: member),
                    let player = models.keys.first(where: { account($0) == member })
                else { continue }
                _ = models[player]!.received(.event(event))
            }
        }
    }

    /// `name` starts the drawer's seed game and sends their boats at 0 and 4.
    /// A classic game: `host` starts it from the drawer (on the conversation's screen, the drawer
    /// on the seed) and places a ship across from each of `hostCells`, in the fleet's order;
    /// then `guest` opens it and does the same from `guestCells`. Both fleets are sent.
    mutating func placeClassicFleets(host: String, at hostCells: [String], guest: String, at guestCells: [String]) {
        press(host, .right, .enter)
        for cell in hostCells {
            type(host, cell)
            press(host, .enter)
        }
        press(host, .enter)
        press(guest, .enter)
        for cell in guestCells {
            type(guest, cell)
            press(guest, .enter)
        }
        press(guest, .enter)
    }

    mutating func hideSeedBoats(by name: String) {
        press(name, .enter)
        type(name, "0")
        press(name, .enter)
        type(name, "4")
        press(name, .enter, .enter)
    }

    /// The number of `send` frames `name` has sent.
    func chats(by name: String) -> Int {
        (sent[name] ?? []).filter { if case .chat = $0 { true } else { false } }.count
    }

    /// `name`'s client sends a chat message of any text, as a client other than ours might.
    mutating func sendChat(by name: String, _ text: String) throws {
        let conversation = try #require(models[name]!.book.order.first, "\(name) is in no conversation")
        perform([.request(.chat(conversation: conversation, text: text))], by: name)
    }

    func resignations(by name: String) -> Int {
        (sent[name] ?? []).filter { if case .resign = $0 { true } else { false } }.count
    }

    func moves(by name: String) -> Int {
        (sent[name] ?? []).filter { if case .send = $0 { true } else { false } }.count
    }

    /// Opens a conversation for `host` and has each guest join it by its code; everyone ends
    /// on the conversation's screen.
    mutating func gather(host: String, guests: String...) {
        press(host, .character("n"))
        guard let code = invite(on: host) else {
            Issue.record("no invite on \(host)'s screen:\n\(screen(host))")
            return
        }
        for guest in guests {
            press(guest, .character("j"))
            type(guest, code)
            press(guest, .enter)
        }
    }
}
