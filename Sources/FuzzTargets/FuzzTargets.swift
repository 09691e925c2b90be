import Engine
import Fairness
import Foundation
import GameCatalog
import GameRules
import Transcript
import Wire

/// What the fuzzers run, one function per target: each takes any bytes and must neither trap
/// nor break its oracle (a broken oracle is a `preconditionFailure`, which the fuzzer reports
/// as a crash). The same functions replay the kept corpus in `swift test`.
public enum FuzzTargets {
    public static let names = ["frames", "frame-reader", "stored-records", "urls", "engine"]

    public static func run(_ name: String, _ data: [UInt8]) {
        switch name {
        case "frames": frames(data)
        case "frame-reader": frameReader(data)
        case "stored-records": storedRecords(data)
        case "urls": urls(data)
        case "engine": engine(data)
        default: preconditionFailure("no fuzz target \(name)")
        }
    }

    /// The client frame decoder: any bytes decode or are refused; a frame that decodes encodes
    /// to one that decodes to the same frame.
    public static func frames(_ data: [UInt8]) {
        guard let frame = try? WireJSON.decode(ClientFrame.self, from: Data(data)) else { return }
        _ = frame.longestText
        _ = frame.requestID
        if case let .send(send) = frame { _ = send.proposalDigest }
        guard let encoded = try? WireJSON.encode(frame) else { preconditionFailure("a decoded frame does not encode: \(frame)") }
        guard let again = try? WireJSON.decode(ClientFrame.self, from: encoded), again == frame else {
            preconditionFailure("a frame does not survive encoding: \(frame)")
        }
    }

    /// The fast frame reader against `JSONDecoder`, the bytes read as text (as a WebSocket
    /// text message is) and as both a server and a client frame: a frame the reader reads is
    /// the one `JSONDecoder` decodes, spelt the same; and a frame `JSONDecoder` decodes, once
    /// encoded, is read by the reader itself.
    public static func frameReader(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        readersAgree(on: text, FrameReader.serverFrame, ServerFrame.init(json:))
        readersAgree(on: text, FrameReader.clientFrame, ClientFrame.init(json:))
    }

    /// The stored record reader against `JSONDecoder`: any bytes read as the same event, or
    /// are refused by both; an accepted move the scanner reads is the one `JSONDecoder` decodes.
    public static func storedRecords(_ data: [UInt8]) {
        let payload = Data(data)
        let decoded = try? WireJSON.decode(Record.self, from: payload)
        if let move = Record.acceptedMove(in: payload), decoded != .accepted(move) {
            preconditionFailure("the reader reads \(move) where JSONDecoder gives \(String(describing: decoded))")
        }
        guard (try? Record(stored: payload)) == decoded else {
            preconditionFailure("Record(stored:) and JSONDecoder disagree: \(String(decoding: data, as: UTF8.self))")
        }
    }

    private static func readersAgree<Frame: Codable & Equatable>(
        on text: String, _ read: (String) -> Frame?, _ json: (String) throws -> Frame
    ) {
        let decoded = try? WireJSON.decode(Frame.self, from: Data(text.utf8))
        if let frame = read(text) {
            guard let decoded, frame == decoded, (try? WireJSON.encode(frame)) == (try? WireJSON.encode(decoded)) else {
                preconditionFailure("the reader reads \(frame) where JSONDecoder gives \(String(describing: decoded)): \(text)")
            }
        }
        guard (try? json(text)) == decoded else {
            preconditionFailure("init(json:) and JSONDecoder disagree: \(text)")
        }
        guard let decoded else { return }
        guard let encoded = try? WireJSON.encode(decoded) else { preconditionFailure("a decoded frame does not encode: \(decoded)") }
        let canonical = String(decoding: encoded, as: UTF8.self)
        guard read(canonical) == decoded else {
            preconditionFailure("the reader does not read an encoded frame: \(canonical)")
        }
    }

    /// The URL codec, every game's state decoder and the `$uuid` token translation: a query
    /// read as every game and variant, as a view, a proposal to a new match and a stored state.
    public static func urls(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let items = (try? QueryString.items(in: text)) ?? []
        let formatted = QueryString.format(items)
        guard (try? QueryString.items(in: formatted)) == items else {
            preconditionFailure("items do not survive formatting: \(items)")
        }
        _ = ParticipantTokens.ids(in: text)
        // Replacing every token by itself changes nothing but the case of its hex digits.
        let same = ParticipantTokens.replacing(in: text) { (found: ParticipantID) -> String in "$" + found.uuid.uuidString }
        guard same.utf8.count == text.utf8.count, same.lowercased() == text.lowercased() else {
            preconditionFailure("replacing tokens by themselves changed the text: \(text)")
        }
        let catalog = GameCatalog.standard
        for type in catalog.games {
            for variant in type.variants {
                guard let game = try? catalog.game(type.id, variant: variant.id) else { continue }
                _ = try? game.view(of: items, for: nil)
                _ = try? game.view(of: items, for: Seat(0))
                var match = game.newMatch()
                for seat in 0..<2 {
                    if let step = try? match.propose(items, by: Seat(seat), mover: "$fuzz") {
                        _ = step.texts
                        _ = match.state(for: Seat(0))
                        _ = match.state(for: nil)
                    }
                }
                let moveCount = data.first.map { Int($0) } ?? 0
                if let restored = try? game.restoreMatch(state: items, lastMover: data.count > 1 ? Seat(Int(data[1]) % 3) : nil,
                                                         moveCount: moveCount) {
                    _ = restored.trueState
                    _ = restored.turn
                    _ = restored.outcome
                    checkQuickProposals(restored, adding: text)
                }
            }
        }
    }

    /// A proposal made of the query a seat was shown with the fuzzer's text put in, after the
    /// last item or before it, gets the same answer judged from what it adds
    /// (`Game.move(inserting:…)`) as decoded whole.
    static func checkQuickProposals(_ match: AnyMatch, adding text: String) {
        for seat in [Seat(0), Seat(1)] {
            let shown = QueryString.format(match.state(for: seat))
            var proposals = [shown + "&" + text]
            if let cut = shown.lastIndex(of: "&") { proposals.append(String(shown[..<cut]) + "&" + text + String(shown[cut...])) }
            for url in proposals {
                var long = match, short = match
                let decoded = Result { () throws(RuleViolation) in
                    try long.propose(QueryString.items(in: url), by: seat, mover: "$fuzz")
                }
                let quick = Result { () throws(RuleViolation) in
                    try short.propose(url: url, shown: shown, by: seat, mover: "$fuzz")
                }
                guard decoded == quick, long.trueState == short.trueState else {
                    preconditionFailure("a proposal judged from what it adds is answered otherwise: \(url) shown \(shown): \(decoded) against \(quick)")
                }
            }
        }
    }

    /// The engine itself: the bytes become frames from three accounts, built from what earlier
    /// answers returned (conversations, invites, sessions, seqs, URLs) and from extreme numbers.
    /// Oracles: every event the engine decides replays into a fresh engine (what a restart
    /// does), and every entry it announces renders for every recipient.
    public static func engine(_ data: [UInt8]) {
        var harness = EngineFuzz(data)
        harness.run()
    }
}

/// Reads the fuzzer's bytes as a script of requests.
struct EngineFuzz {
    private var bytes: [UInt8]
    private var position = 0
    private var engine: Engine
    private var replayed: Engine
    private var random = SeededRandom(seed: 1)
    private var now = Date(timeIntervalSince1970: 1_800_000_000)
    private let accounts: [AccountID] = ["amber", "ben", "chris"]
    private var conversations: [ConversationID] = []
    private var invites: [String] = []
    private var messages: [Event] = []
    private var seqs: [Int] = [0]
    private var requests = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // Signing, so that every proposal built on a URL shown carries the server's own items.
        let configuration = EngineConfiguration(
            publicURL: "https://fuzz.test", maxParticipants: 3, signer: ChainSigner(raw: [UInt8](repeating: 7, count: 32)))
        let identifiers = ParticipantIdentifiers(secret: Array("the fuzzer's secret".utf8))
        engine = Engine(configuration: configuration, catalog: .standard, identifiers: identifiers)
        replayed = Engine(configuration: configuration, catalog: .standard, identifiers: identifiers)
    }

    private mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func pick<T>(_ choices: [T]) -> T? {
        guard !choices.isEmpty, let byte = byte() else { return nil }
        return choices[Int(byte) % choices.count]
    }

    /// A number that is often extreme: the boundaries the engine must refuse cleanly.
    private mutating func number() -> Int {
        guard let byte = byte() else { return 0 }
        switch byte % 8 {
        case 0: return Int.max
        case 1: return Int.min
        case 2: return -1
        case 3: return Int(Int32.max)
        case 4: return pick(seqs) ?? 0
        case 5: return (pick(seqs) ?? 0) + 1
        default: return Int(byte)
        }
    }

    private mutating func text() -> String {
        guard let length = byte() else { return "" }
        let end = min(bytes.count, position + Int(length % 64))
        defer { position = end }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }

    private mutating func conversation() -> ConversationID {
        if byte().map({ $0 % 8 == 0 }) == true { return ConversationID(spelling: text()) }
        return pick(conversations) ?? "nowhere"
    }

    mutating func run() {
        while let operation = byte(), let account = pick(accounts) {
            requests += 1
            let id = "r\(requests)"
            let frame: ClientFrame
            switch operation % 11 {
            case 0: frame = .create(.init(id: id))
            case 1: frame = .join(.init(id: id, invite: pick(invites) ?? text()))
            case 2: frame = .list(.init(id: id))
            case 3: frame = .leave(.init(id: id, conversation: conversation()))
            case 4: frame = .rename(.init(id: id, name: text()))
            case 5: frame = .ack(.init(conversation: conversation(), seq: number()))
            case 6: frame = .resume(.init(id: id, conversation: conversation(), after: number()))
            case 9: frame = .chat(.init(id: id, conversation: conversation(), text: text()))
            case 10:
                // Giving up a game seen, or one made up.
                let session = pick(messages)?.message?.session?.uuidString ?? text()
                frame = .resign(.init(id: id, conversation: conversation(), session: session))
            case 7:
                // A new game, of a game and variant named or made up.
                let game = pick(["battleship", "icecream", "chess"]) ?? "icecream"
                let variant = pick([nil, "seed", "classic", "solo", "x"]) ?? nil
                frame = .send(.init(id: id, conversation: conversation(), game: game, variant: variant, url: "?" + text()))
            default:
                // A reply to a message seen, with more added, or an id used before.
                guard let message = pick(messages), let shown = message.message else { continue }
                let reuse = byte().map { $0 % 16 == 0 } == true
                frame = .send(.init(
                    id: reuse ? "r\(max(1, requests - 1))" : id, conversation: message.conversation, game: shown.game.rawValue,
                    session: shown.session?.uuidString, basedOn: byte().map { $0 % 4 == 0 } == true ? number() : message.seq,
                    url: shown.url + "&" + text()))
            }
            now += TimeInterval(byte() ?? 1)
            let decision = engine.handle(frame, from: account, now: now, random: &random)
            check(decision)
            if let deadline = engine.deadlines().first, byte().map({ $0 % 8 == 0 }) == true {
                check(engine.timeOut(deadline, now: deadline.at + 1))
            }
        }
    }

    /// The oracles, then what the script may use next.
    private mutating func check(_ decision: Decision) {
        for event in decision.events {
            do {
                try replayed.apply(event)
            } catch {
                preconditionFailure("an event the engine decided does not replay: \(event): \(error)")
            }
        }
        for reply in decision.replies {
            if case let .conversation(reply) = reply {
                if !conversations.contains(reply.conversation.conversation) { conversations.append(reply.conversation.conversation) }
                if !invites.contains(reply.conversation.invite) { invites.append(reply.conversation.invite) }
                // Its invite to watch too, so that spectators join and try everything.
                if let watch = reply.conversation.watchInvite, !invites.contains(watch) { invites.append(watch) }
            }
        }
        for reference in decision.notify {
            seqs.append(reference.seq)
            for recipient in engine.recipients(of: reference) {
                switch engine.frame(ofEntry: reference.seq, in: reference.conversation, for: recipient) {
                case let .event(event)?:
                    if event.kind == .message, messages.count < 64 { messages.append(event) }
                default:
                    preconditionFailure("entry \(reference.seq) of \(reference.conversation) does not render for \(recipient)")
                }
            }
        }
    }
}
