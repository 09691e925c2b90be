import Transcript
import Client
import Foundation
import Server
import Testing
import Wire

extension ServerFrame {
    var rejection: ErrorFrame? {
        if case let .rejected(rejected) = self { return rejected.error }
        return nil
    }
}

/// Whole games through a real server over TLS sockets, with real clients.
@Suite struct RelayGameTests {
    /// Creates a conversation for `first` and has the others join it; returns its id.
    static func gather(_ first: Player, _ others: [Player]) async throws -> ConversationID {
        guard case let .conversation(created) = try await first.request(.create(.init(id: "c"))) else {
            throw ConnectionError.unexpected("no conversation")
        }
        for player in others {
            let joined = try await player.request(.join(.init(id: "j", invite: created.conversation.invite)))
            guard case .conversation = joined else { throw ConnectionError.unexpected("\(joined)") }
        }
        return created.conversation.conversation
    }

    static func send(_ player: Player, replyingTo event: Event, adding extra: String) async throws -> ServerFrame {
        let message = try #require(event.message)
        return try await player.request(.send(.init(
            id: UUID().uuidString, conversation: event.conversation, game: message.game.rawValue,
            session: message.session?.uuidString, basedOn: event.seq, url: message.url + "&" + extra)))
    }

    @Test func twoClientsPlayASeedGameAndTheGuesserNeverSeesTheShips() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            try await Self.playSeedGame(amber, ben, port: server.port)
        }
    }

    /// Amber hides two ships, Ben sinks them in three shots; each sees the whole game, and Ben
    /// never a ship. `port` is the port of Ben's server, which the URLs he receives name.
    static func playSeedGame(_ amber: Player, _ ben: Player, port: Int) async throws {
        let conversation = try await Self.gather(amber, [ben])
        let placed = try await amber.request(.send(.init(
            id: "m1", conversation: conversation, game: "battleship",
            url: "www.shinobicontrols.com/battleship?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
        guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }

        var seen: [Event] = []
        var current = try await ben.nextMessage()
        seen.append(current)
        for cell in ["0", "2", "6"] {
            let answer = try await Self.send(ben, replyingTo: current, adding: "Shot=\(cell)")
            guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            current = try await ben.nextMessage()
            seen.append(current)
        }
        #expect(current.status?.outcome.finished == true)
        #expect(current.message?.layout.caption?.hasSuffix("destroyed all the ships!") == true)
        #expect(current.message?.url.hasPrefix("https://localhost:\(port)/g/battleship?") == true)
        for event in seen.dropLast() {
            #expect(event.message?.url.contains("Ship_Location") == false, "Ben saw the ships: \(event.message?.url ?? "")")
        }
        #expect(current.message?.url.contains("Ship_Location=2&Ship_Location=6") == true, "revealed once the game is over")
        // Amber sees her own ships, and the same end.
        var ambers = try await amber.nextMessage()
        #expect(ambers.message?.url.contains("Ship_Location=2&Ship_Location=6") == true)
        for _ in 0..<3 { ambers = try await amber.nextMessage() }
        #expect(ambers.seq == current.seq && ambers.status?.outcome.finished == true)
    }

    @Test func threeClientsBuildAnIceCreamAndSimultaneousRepliesDoNotBothWin() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let chris = try await Player.connect(to: server)
            try await Self.raceForTheScoops(amber, ben, chris)
        }
    }

    /// Amber starts an ice cream; Ben and Chris reply to it at the same moment: one is accepted,
    /// the other is `stale` with the winner's message, replies to that and finishes it.
    @discardableResult
    static func raceForTheScoops(_ amber: Player, _ ben: Player, _ chris: Player) async throws -> ConversationID {
        let conversation = try await Self.gather(amber, [ben, chris])
        _ = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "icecream", url: "?Base=base01")))
        let bens = try await ben.nextMessage()
        let chriss = try await chris.nextMessage()
        async let first = Self.send(ben, replyingTo: bens, adding: "Scoops=scoops02")
        async let second = Self.send(chris, replyingTo: chriss, adding: "Scoops=scoops07")
        let answers = try await [first, second]
        let accepted = answers.filter { if case .accepted = $0 { true } else { false } }
        let stale = answers.compactMap { if case let .rejected(rejected) = $0 { rejected } else { nil } }
        #expect(accepted.count == 1 && stale.count == 1)
        let refusal = try #require(stale.first)
        #expect(refusal.error.code == "stale")
        let current = try #require(refusal.current)
        let winner = try #require(answers.compactMap { if case let .accepted(accepted) = $0 { accepted } else { nil } }.first)
        #expect(current.seq == winner.seq)
        let loser = answers[0].rejection == nil ? chris : ben
        let finished = try await Self.send(loser, replyingTo: current, adding: "Topping=topping04")
        guard case .accepted = finished else { throw ConnectionError.unexpected("\(finished)") }
        var last = try await amber.nextMessage()
        while last.status?.outcome.finished != true { last = try await amber.nextMessage() }
        #expect(last.message?.layout.caption == "Our finished ice cream")
        #expect(last.status?.moves == 3)
        return conversation
    }

    /// Chat over a real socket: every member hears it as written; too long or blank words are
    /// refused and change nothing.
    @Test func membersChatBesideTheirGames() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Self.gather(amber, [ben])
            let said = try await amber.request(.chat(.init(id: "c1", conversation: conversation, text: "Fancy a game? <b>")))
            #expect(said == .done(.init(id: "c1")))
            let frame = try await ben.next { if case let .event(event) = $0 { event.kind == .chat } else { false } }
            guard case let .event(event) = frame else { throw ConnectionError.unexpected("\(frame)") }
            #expect(event.text == "Fancy a game? <b>" && event.participant?.name == "Amber")
            let long = try await amber.request(.chat(.init(id: "c2", conversation: conversation, text: String(repeating: "a", count: 5000))))
            #expect(long.rejection?.code == "text-too-long")
            let blank = try await amber.request(.chat(.init(id: "c3", conversation: conversation, text: "   ")))
            #expect(blank.rejection?.code == "empty-text")
            let summary = try await ben.request(.list(.init(id: "l")))
            guard case let .conversations(list) = summary else { throw ConnectionError.unexpected("\(summary)") }
            #expect(list.conversations.first?.lastSeq == event.seq, "nothing more was stored")
        }
    }

    /// A player gives up over a real socket: both hear it, the other wins, the game is over.
    @Test func aPlayerResignsAndBothHearIt() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Self.gather(amber, [ben])
            let first = try await amber.request(.send(.init(id: "d1", conversation: conversation, game: "fourinarow", url: "?Drop=4")))
            guard case .accepted = first else { throw ConnectionError.unexpected("\(first)") }
            let shown = try await ben.nextMessage()
            let second = try await Self.send(ben, replyingTo: shown, adding: "Drop=3")
            guard case let .accepted(accepted) = second else { throw ConnectionError.unexpected("\(second)") }
            let resigned = try await ben.request(.resign(.init(id: "give-up", conversation: conversation, session: accepted.session)))
            #expect(resigned == .done(.init(id: "give-up")))
            for (player, name) in [(amber, "Amber"), (ben, "Ben")] {
                let frame = try await player.next { if case let .event(event) = $0 { event.kind == .resigned } else { false } }
                guard case let .event(event) = frame else { throw ConnectionError.unexpected("\(frame)") }
                let status = try #require(event.status, "\(name)")
                #expect(status.outcome.finished && status.outcome.winners.count == 1 && status.outcome.losers.count == 1)
                #expect(status.outcome.losers == [try #require(event.participant?.id)], "Ben resigned and lost, as \(name) sees it")
            }
            let late = try await amber.request(.send(.init(
                id: "d3", conversation: conversation, game: "fourinarow", session: accepted.session, basedOn: accepted.seq,
                url: "?Drop=4&Drop=3&Drop=4")))
            #expect(late.rejection?.code == "game-over")
        }
    }

    /// A disc into a column that does not exist, or into a full one, is a move the player can
    /// change: `illegal-move`, with the reason, not a state that cannot be.
    @Test func aDiscOutsideTheBoardOrIntoAFullColumnIsAnIllegalMove() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Self.gather(amber, [ben])
            let first = try await amber.request(.send(.init(id: "d1", conversation: conversation, game: "fourinarow", url: "?Drop=1")))
            guard case let .accepted(opened) = first else { throw ConnectionError.unexpected("\(first)") }
            var (state, seq) = ("?Drop=1", opened.seq)
            func drop(_ column: Int, by player: Player) async throws -> ServerFrame {
                try await player.request(.send(.init(
                    id: UUID().uuidString, conversation: conversation, game: "fourinarow", session: opened.session, basedOn: seq,
                    url: state + "&Drop=\(column)")))
            }
            let outside = try await drop(8, by: ben)
            #expect(outside.rejection == ErrorFrame(code: "illegal-move", reason: "There is no column 8: the columns are 1 to 7."))
            // Five more discs fill column 1, in turn.
            for player in [ben, amber, ben, amber, ben] {
                guard case let .accepted(accepted) = try await drop(1, by: player) else { throw ConnectionError.unexpected("refused") }
                (state, seq) = (state + "&Drop=1", accepted.seq)
            }
            let full = try await drop(1, by: amber)
            #expect(full.rejection == ErrorFrame(code: "illegal-move", reason: "Column 1 is full: choose another."))
        }
    }

    @Test func outOfTurnAndStrangersAreRefused() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let stranger = try await Player.connect(to: server)
            let conversation = try await Self.gather(amber, [ben])
            _ = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=1")))
            let ambers = try await amber.nextMessage()
            let hider = try await Self.send(amber, replyingTo: ambers, adding: "Shot=4")
            #expect(hider == .rejected(.init(id: hider.requestID ?? "", error: ErrorFrame(
                code: "battleship.hider-may-not-guess", reason: "You hid the ships, so you may not guess."))))
            let intruder = try await stranger.request(.send(.init(id: "x", conversation: conversation, game: "icecream", url: "?Base=base01")))
            guard case let .rejected(rejected) = intruder else { throw ConnectionError.unexpected("\(intruder)") }
            #expect(rejected.error.code == "unknown-conversation")
            let peek = try await stranger.request(.resume(.init(id: "p", conversation: conversation, after: 0)))
            guard case let .rejected(refused) = peek else { throw ConnectionError.unexpected("\(peek)") }
            #expect(refused.error.code == "unknown-conversation")
        }
    }
}

@Suite struct RelayClassicTests {
    static func cellName(_ index: Int) -> String {
        "\(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(index % 10))))\(index / 10 + 1)"
    }

    static func fleet(seat: Int, firstRow: Int) -> String {
        let ships = ["carrier", "battleship", "cruiser", "submarine", "destroyer"]
        return ships.enumerated().map { "Ship=\(seat)-\($1)-A\(firstRow + $0 + 1)-h" }.joined(separator: "&")
    }

    @Test func twoClientsPlayAWholeClassicGame() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            try await Self.playWholeGame(amber, ben)
        }
    }

    /// A classic game from both fleets to the last ship: Amber wins it.
    static func playWholeGame(_ amber: Player, _ ben: Player) async throws {
        let conversation = try await RelayGameTests.gather(amber, [ben])
        let opened = try await amber.request(.send(.init(
            id: "p0", conversation: conversation, game: "battleship", variant: "classic",
            url: "?Variant=classic&" + Self.fleet(seat: 0, firstRow: 0))))
        guard case .accepted = opened else { throw ConnectionError.unexpected("\(opened)") }
        let shown = try await ben.nextMessage()
        #expect(shown.message?.url.contains("Ship=0") == false, "Ben saw Amber's fleet")
        _ = try await RelayGameTests.send(ben, replyingTo: shown, adding: Self.fleet(seat: 1, firstRow: 5))

        // Amber fires across rows 6-10 (Ben's fleet lies in their first columns); Ben fires
        // at rows 6-10 of Amber's board, where nothing lies.
        var amberTargets = (50..<100).map(Self.cellName).makeIterator()
        var benTargets = (50..<100).map(Self.cellName).makeIterator()
        var shots = 0
        var ambers = try await amber.nextMessage()
        while ambers.seq < 4 { ambers = try await amber.nextMessage() }
        var bens = try await ben.nextMessage()
        while bens.seq < 4 { bens = try await ben.nextMessage() }
        while ambers.status?.outcome.finished != true {
            // Each fires from their own view: it shows their own fleet and hides the other.
            let amberToMove = ambers.status?.moves.isMultiple(of: 2) == true
            let (player, view, target) = amberToMove
                ? (amber, ambers, amberTargets.next()!) : (ben, bens, benTargets.next()!)
            let answer = try await RelayGameTests.send(player, replyingTo: view, adding: "Shot=\(target)")
            guard case .accepted = answer else { throw ConnectionError.unexpected("\(answer)") }
            shots += 1
            ambers = try await amber.nextMessage()
            bens = try await ben.nextMessage()
            #expect(ambers.seq == bens.seq)
        }
        let last = ambers
        #expect(last.status?.outcome.winners.count == 1 && bens.status?.outcome.losers.count == 1)
        #expect(last.status?.outcome.winners == [try #require(ambers.message?.sender)])
        #expect(last.message?.layout.caption?.hasSuffix("destroyed all the ships!") == true)
        #expect(last.message?.url.contains("Ship=0-carrier") == true, "Amber always sees her own fleet")
        #expect(last.message?.url.contains("Ship=1-") == true, "once the game is over, Ben's fleet is no secret")
        #expect(bens.message?.url.contains("Ship=0-carrier") == true, "nor Amber's to Ben")
        #expect(shots >= 33)
    }
}
