import Transcript
import Foundation
import Logging
import Wire

/// A client that stays connected: it reconnects by itself after a drop (with growing pauses),
/// catches up on every conversation it is in with `resume`, and hands out each conversation's
/// events exactly once and in order. Given several servers (nodes sharing one store), it moves
/// to the next when one cannot be reached. The terminal client and the bots stand on it.
public actor ParleyClient {
    /// What the client's user hears of.
    public enum Update: Sendable, Hashable {
        case online(account: String)
        case offline(reason: String)
        case event(Event)
        /// A conversation new to this client (created or joined here), before any of its events:
        /// who you are in it, so that its history reads as yours.
        case conversation(ConversationSummary)
        case error(ErrorFrame)
        /// The server presented a certificate other than the pinned one: the client stopped,
        /// and will not connect again (the last update).
        case untrusted(ServerTrustError)
    }

    public nonisolated let updates: AsyncStream<Update>
    private let updatesIn: AsyncStream<Update>.Continuation
    private let endpoints: [ServerEndpoint]
    private let key: InstallKey
    private let name: String?
    private let logger: Logger
    private var connection: ParleyConnection?
    /// The newest seq handed out, per conversation.
    private var delivered: [ConversationID: Int] = [:]
    private var supervisor: Task<Void, Never>?
    private var waitingForConnection: [UUID: CheckedContinuation<ParleyConnection, any Error>] = [:]
    /// How long a request waits, for a connection and then for its answer, before it fails.
    private let requestTimeout: Duration
    /// Why the client stopped trying, once a server presented another certificate.
    private var untrusted: ServerTrustError?

    public init(
        endpoint: ServerEndpoint, key: InstallKey, name: String? = nil, logger: Logger,
        requestTimeout: Duration = ConnectionError.answerTimeout
    ) {
        self.init(endpoints: [endpoint], key: key, name: name, logger: logger, requestTimeout: requestTimeout)
    }

    /// A client of several servers that share one store, tried in turn.
    public init(
        endpoints: [ServerEndpoint], key: InstallKey, name: String? = nil, logger: Logger,
        requestTimeout: Duration = ConnectionError.answerTimeout
    ) {
        precondition(!endpoints.isEmpty, "A client needs a server.")
        self.requestTimeout = requestTimeout
        (updates, updatesIn) = AsyncStream<Update>.makeStream()
        self.endpoints = endpoints
        self.key = key
        self.name = name
        self.logger = logger
    }

    /// The server's signing key as it publishes it (`/.well-known/parley-key`), read from the
    /// first server that answers, under the same trust as the connection; `nil` when none does.
    public func publishedKey() async -> String? {
        for endpoint in endpoints {
            if let page = try? await endpoint.get("/.well-known/parley-key", timeout: .seconds(5)), page.status == 200 {
                return page.body
            }
        }
        return nil
    }

    /// The ladder of a game and variant (the game's first variant when `nil`) from the first
    /// server that answers, with the place of `you` (an account id), and the address of its page.
    public func ladder(game: String, variant: String?, you: String?) async throws -> (Ladder, page: String) {
        var query = URLComponents()
        query.queryItems = (variant.map { [URLQueryItem(name: "variant", value: $0)] } ?? [])
            + (you.map { [URLQueryItem(name: "you", value: $0)] } ?? [])
        let encoded = query.percentEncodedQuery.map { "?" + $0 } ?? ""
        let name = game.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? game
        var last: (any Error)?
        for endpoint in endpoints {
            do {
                let answer = try await endpoint.get("/leaderboard/\(name).json" + encoded)
                guard answer.status == 200 else {
                    throw ConnectionError.unexpected(answer.status == 404 ? "This server has no ladder of \(game)." : "HTTP \(answer.status)")
                }
                let ladder = try JSONDecoder().decode(Ladder.self, from: Data(answer.bytes))
                let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
                return (ladder, "https://\(host):\(endpoint.port)/leaderboard/\(name)" + encoded)
            } catch let error as ConnectionError {
                throw error
            } catch {
                last = error
            }
        }
        throw last ?? ConnectionError.closed
    }

    /// Posts a sticker to a conversation (`POST /stickers`) on the first server that answers:
    /// the server's answer, its JSON as it came (`{"conversation","seq","sticker","url"}` or an
    /// error frame's `{"code","reason"}`), with its HTTP status. `id` is the request's, the same
    /// if it is sent again.
    public func postSticker(conversation: ConversationID, name: String, image: [UInt8], id: String = UUID().uuidString) async throws
        -> ServerEndpoint.Page
    {
        let headers = try key.stickerHeaders(conversation: conversation, id: id, name: name, image: image)
        var query = URLComponents()
        query.queryItems = [.init(name: "conversation", value: conversation.rawValue), .init(name: "id", value: id), .init(name: "name", value: name)]
        // A `+` is encoded, so that no reader of the query can take it for a space.
        let path = "/stickers?" + (query.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        var last: (any Error)?
        for endpoint in endpoints {
            do {
                return try await endpoint.request(
                    .POST, path, headers: headers + [("Content-Type", "application/octet-stream")], body: image, timeout: .seconds(30))
            } catch {
                last = error
            }
        }
        throw last ?? ConnectionError.closed
    }

    /// Sends a game's state as a sticker: the server draws it (`GET /g/GAME/sticker.png`, a
    /// finished ice cream), and the client posts the picture as any sticker. The server's
    /// answer to the post, or to the drawing when it makes none.
    public func postGameSticker(conversation: ConversationID, game: String, query: String, name: String, id: String = UUID().uuidString)
        async throws -> ServerEndpoint.Page
    {
        var last: (any Error)?
        for endpoint in endpoints {
            do {
                let picture = try await endpoint.get("/g/\(game)/sticker.png?" + query.drop { $0 == "?" }, timeout: .seconds(10))
                guard picture.status == 200 else { return picture }
                return try await postSticker(conversation: conversation, name: name, image: picture.bytes, id: id)
            } catch {
                last = error
            }
        }
        throw last ?? ConnectionError.closed
    }

    /// A sticker's image, from the server that sent it (`url` + `/image`), under the trust of
    /// the connection; `nil` when no server gives it (removed, or unreachable).
    public func stickerImage(_ sticker: Sticker) async -> [UInt8]? {
        guard let path = sticker.url.range(of: "/stickers/").map({ String(sticker.url[$0.lowerBound...]) + "/image" }) else { return nil }
        for endpoint in endpoints {
            if let page = try? await endpoint.get(path, timeout: .seconds(10)), page.status == 200 { return page.bytes }
        }
        return nil
    }

    /// Connects, and keeps connecting after every drop until `stop()`.
    public func start() {
        guard supervisor == nil else { return }
        supervisor = Task { await self.superviseConnection() }
    }

    public func stop() {
        supervisor?.cancel()
        supervisor = nil
        connection?.close()
        // A request waiting for its answer fails now, and is not sent again on this connection.
        connection = nil
        for waiting in waitingForConnection.values { waiting.resume(throwing: ConnectionError.closed) }
        waitingForConnection = [:]
        updatesIn.finish()
    }

    /// Sends a request on the current connection, waiting for one if the client is offline.
    /// A `send` whose connection drops before its answer is sent again with the same id once
    /// the client is back, which the server answers without applying it twice. All of it is
    /// bounded by `requestTimeout`: then it fails with `ConnectionError.noAnswer`.
    public func request(_ frame: ClientFrame) async throws -> ServerFrame {
        let deadline = ContinuousClock.now + requestTimeout
        while true {
            let current = try await currentConnection(until: deadline)
            do {
                // A list of every conversation, page by page; one page when the caller names one.
                let answer = if case let .list(list) = frame, list.after == nil, list.limit == nil {
                    try await Self.listAll(list, on: current, until: deadline)
                } else {
                    try await current.request(frame, timeout: max(.zero, deadline - .now))
                }
                if case let .conversation(reply) = answer, delivered[reply.conversation.conversation] == nil {
                    // A conversation new to this client: catch up on what happened before.
                    let conversation = reply.conversation.conversation
                    updatesIn.yield(.conversation(reply.conversation))
                    follow(conversation)
                    _ = try await current.request(.resume(.init(id: UUID().uuidString, conversation: conversation, after: 0)))
                }
                if case let .leave(leave) = frame, case .done = answer {
                    // Joined again later, it is caught up from its start.
                    delivered[leave.conversation] = nil
                }
                return answer
            } catch ConnectionError.closed where frame.isSafeToRepeat {
                // The connection is gone, though its reader may not have said so yet: wait for
                // the next one rather than ask the dead one again in a tight loop.
                if connection === current { connection = nil }
                continue
            }
        }
    }

    /// Every conversation of the account, read a page at a time (`list`'s `after` and `next`),
    /// answered as one list; a refusal of any page is the answer.
    static func listAll(
        _ list: ClientFrame.List, on connection: ParleyConnection, until deadline: ContinuousClock.Instant
    ) async throws -> ServerFrame {
        var all: [ConversationSummary] = []
        var after: ConversationID?
        repeat {
            let answer = try await connection.request(
                .list(.init(id: after.map { list.id + "/" + $0.rawValue } ?? list.id, after: after)), timeout: max(.zero, deadline - .now))
            guard case let .conversations(page) = answer else { return answer }
            all += page.conversations
            // A page that says more follow but holds none would never end.
            guard let next = page.next, next != after, !page.conversations.isEmpty else { break }
            after = next
        } while true
        return .conversations(.init(id: list.id, conversations: all))
    }

    /// Whether a connection is open now.
    public var isOnline: Bool { connection != nil }

    /// The seq of the newest event of `conversation` handed out; `nil` if the client does not
    /// follow it.
    public func handedOut(in conversation: ConversationID) -> Int? { delivered[conversation] }

    /// Starts handing out a conversation's events, from the one after `seq`.
    public func follow(_ conversation: ConversationID, after seq: Int = 0) {
        if delivered[conversation] == nil { delivered[conversation] = seq }
    }

    private func currentConnection(until deadline: ContinuousClock.Instant) async throws -> ParleyConnection {
        if let connection { return connection }
        if let untrusted { throw untrusted }
        guard supervisor != nil else { throw ConnectionError.closed }
        let id = UUID()
        let timer = Task { [weak self] in
            try await Task.sleep(until: deadline)
            await self?.stopWaiting(id)
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { waitingForConnection[id] = $0 }
    }

    /// A request that waited its whole time for a connection fails.
    private func stopWaiting(_ id: UUID) {
        waitingForConnection.removeValue(forKey: id)?.resume(throwing: ConnectionError.noAnswer(requestTimeout))
    }

    private func superviseConnection() async {
        var pause = Duration.milliseconds(100)
        var current = 0
        /// Servers tried since one last answered.
        var failed = 0
        while !Task.isCancelled {
            do {
                let opened = try await ParleyConnection.open(to: endpoints[current], key: key, name: name, logger: logger)
                pause = .milliseconds(100)
                failed = 0
                try await serve(opened)
            } catch let error as ServerTrustError where error.isPinMismatch {
                // Someone else answers at the server's address, or it has a new certificate:
                // either way not for this client to decide by retrying.
                return distrust(error)
            } catch ConnectionError.goingAway where endpoints.count > 1 {
                // The node is stopping (an upgrade, a restart): the next one takes over at once.
                updatesIn.yield(.offline(reason: "\(ConnectionError.goingAway)"))
                connection = nil
                current = (current + 1) % endpoints.count
                continue
            } catch {
                if connection != nil || pause == .milliseconds(100) {
                    updatesIn.yield(.offline(reason: "\(error)"))
                }
                if connection == nil {
                    // This server could not be reached: the next one is tried at once, and
                    // the pause grows once every one of them has failed.
                    failed += 1
                    current = (current + 1) % endpoints.count
                    if failed % endpoints.count != 0 { continue }
                }
            }
            connection = nil
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
    }

    private func distrust(_ error: ServerTrustError) {
        untrusted = error
        connection = nil
        supervisor = nil
        for waiting in waitingForConnection.values { waiting.resume(throwing: error) }
        waitingForConnection = [:]
        updatesIn.yield(.untrusted(error))
        updatesIn.finish()
    }

    private func serve(_ opened: ParleyConnection) async throws {
        connection = opened
        updatesIn.yield(.online(account: opened.account))
        for waiting in waitingForConnection.values { waiting.resume(returning: opened) }
        waitingForConnection = [:]
        // Catch up on every conversation this account is in, including ones joined elsewhere.
        Task {
            guard case let .conversations(list) = try await Self.listAll(.init(id: UUID().uuidString), on: opened, until: .now + self.requestTimeout) else { return }
            for summary in list.conversations {
                let after = await self.startFollowing(summary.conversation)
                _ = try await opened.request(.resume(.init(id: UUID().uuidString, conversation: summary.conversation, after: after)))
            }
        }
        for await frame in opened.frames {
            switch frame {
            case let .event(event): deliver(event)
            case let .error(error): updatesIn.yield(.error(error))
            case let .conversation(reply):
                // A conversation the server opened for this account (a seek paired): its events
                // came before it, live; anything missed comes with the next resume.
                updatesIn.yield(.conversation(reply.conversation))
                follow(reply.conversation.conversation)
            default: break
            }
        }
        throw opened.closedGoingAway ? ConnectionError.goingAway : ConnectionError.closed
    }

    private func startFollowing(_ conversation: ConversationID) -> Int {
        follow(conversation)
        return delivered[conversation] ?? 0
    }

    /// Hands out the next event of a conversation; anything else is a repeat or early, and the
    /// `resume` that follows every reconnect brings it in order.
    private func deliver(_ event: Event) {
        let last = delivered[event.conversation] ?? 0
        guard event.seq == last + 1 else { return }
        delivered[event.conversation] = event.seq
        updatesIn.yield(.event(event))
        if event.seq.isMultiple(of: 16) {
            connection?.send(.ack(.init(conversation: event.conversation, seq: event.seq)))
        }
    }
}

extension ClientFrame {
    /// Whether sending the frame again after a drop can do no harm: `send` carries its own id,
    /// joining or listing twice changes nothing. A second `create` would open a second
    /// conversation, so it is not repeated.
    var isSafeToRepeat: Bool {
        switch self {
        case .send, .join, .list, .resume, .rename, .ack: true
        // A seek sent twice is refused as `already-seeking`, which says it waits.
        case .seek, .unseek: true
        case .create, .leave, .authenticate, .resign, .chat: false
        }
    }
}
