import Client
import Foundation
import Server
import Testing
import Transcript
import Transport
import Wire

package extension ServerFrame {
    var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }

    var conversationList: [ConversationSummary]? {
        if case let .conversations(list) = self { return list.conversations }
        return nil
    }

    var acceptedSession: String? {
        if case let .accepted(accepted) = self { return accepted.session }
        return nil
    }

    var conversationSummary: ConversationSummary? {
        if case let .conversation(reply) = self { return reply.conversation }
        return nil
    }
}

package extension ServerFrame {
    var event: Event? {
        if case let .event(event) = self { return event }
        return nil
    }
}

package extension ServerFrame {
    var rejection: ErrorFrame? {
        if case let .rejected(rejected) = self { return rejected.error }
        return nil
    }
}

/// Games played through a live server by `Player`s, which the suites of several targets share.
package enum Games {
    /// Creates a conversation for `first` and has the others join it; returns its id.
    package static func gather(_ first: Player, _ others: [Player]) async throws -> ConversationID {
        guard case let .conversation(created) = try await first.request(.create(.init(id: "c"))) else {
            throw ConnectionError.unexpected("no conversation")
        }
        for player in others {
            let joined = try await player.request(.join(.init(id: "j", invite: created.conversation.invite)))
            guard case .conversation = joined else { throw ConnectionError.unexpected("\(joined)") }
        }
        return created.conversation.conversation
    }

    package static func send(_ player: Player, replyingTo event: Event, adding extra: String) async throws -> ServerFrame {
        let message = try #require(event.message)
        return try await player.request(.send(.init(
            id: UUID().uuidString, conversation: event.conversation, game: message.game.rawValue,
            session: message.session?.uuidString, basedOn: event.seq, url: message.url + "&" + extra)))
    }

    /// Amber hides two ships, Ben sinks them in three shots; each sees the whole game, and Ben
    /// never a ship. `port` is the port of Ben's server, which the URLs he receives name.
    package static func playSeedGame(_ amber: Player, _ ben: Player, port: Int) async throws {
        let conversation = try await Games.gather(amber, [ben])
        let placed = try await amber.request(.send(.init(
            id: "m1", conversation: conversation, game: "battleship",
            url: "www.shinobicontrols.com/battleship?Ship_Location=2&Ship_Location=6&Is_Complete=0")))
        guard case .accepted = placed else { throw ConnectionError.unexpected("\(placed)") }

        var seen: [Event] = []
        var current = try await ben.nextMessage()
        seen.append(current)
        for cell in ["0", "2", "6"] {
            let answer = try await Games.send(ben, replyingTo: current, adding: "Shot=\(cell)")
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

    /// Amber starts an ice cream; Ben and Chris reply to it at the same moment: one is accepted,
    /// the other is `stale` with the winner's message, replies to that and finishes it.
    @discardableResult
    package static func raceForTheScoops(_ amber: Player, _ ben: Player, _ chris: Player) async throws -> ConversationID {
        let conversation = try await Games.gather(amber, [ben, chris])
        _ = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "icecream", url: "?Base=base01")))
        let bens = try await ben.nextMessage()
        let chriss = try await chris.nextMessage()
        async let first = Games.send(ben, replyingTo: bens, adding: "Scoops=scoops02")
        async let second = Games.send(chris, replyingTo: chriss, adding: "Scoops=scoops07")
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
        let finished = try await Games.send(loser, replyingTo: current, adding: "Topping=topping04")
        guard case .accepted = finished else { throw ConnectionError.unexpected("\(finished)") }
        var last = try await amber.nextMessage()
        while last.status?.outcome.finished != true { last = try await amber.nextMessage() }
        #expect(last.message?.layout.caption == "Our finished ice cream")
        #expect(last.status?.moves == 3)
        return conversation
    }

    /// A classic game from both fleets to the last ship: Amber wins it.
    package static func playWholeClassicGame(_ amber: Player, _ ben: Player) async throws {
        let conversation = try await Games.gather(amber, [ben])
        let opened = try await amber.request(.send(.init(
            id: "p0", conversation: conversation, game: "battleship", variant: "classic",
            url: "?Variant=classic&" + Games.classicFleet(seat: 0, firstRow: 0))))
        guard case .accepted = opened else { throw ConnectionError.unexpected("\(opened)") }
        let shown = try await ben.nextMessage()
        #expect(shown.message?.url.contains("Ship=0") == false, "Ben saw Amber's fleet")
        _ = try await Games.send(ben, replyingTo: shown, adding: Games.classicFleet(seat: 1, firstRow: 5))

        // Amber fires across rows 6-10 (Ben's fleet lies in their first columns); Ben fires
        // at rows 6-10 of Amber's board, where nothing lies.
        var amberTargets = (50..<100).map(Games.cellName).makeIterator()
        var benTargets = (50..<100).map(Games.cellName).makeIterator()
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
            let answer = try await Games.send(player, replyingTo: view, adding: "Shot=\(target)")
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

    package static func classicFleet(seat: Int, firstRow: Int) -> String {
        let ships = ["carrier", "battleship", "cruiser", "submarine", "destroyer"]
        return ships.enumerated().map { "Ship=\(seat)-\($1)-A\(firstRow + $0 + 1)-h" }.joined(separator: "&")
    }

    package static func cellName(_ index: Int) -> String {
        "\(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(index % 10))))\(index / 10 + 1)"
    }

    /// Amber hides two ships and Ben fires once, and then neither moves; returns the conversation.
    /// `others` join it too (after Ben), and play no part.
    @discardableResult
    package static func shootOnceAndGoQuiet(_ amber: Player, _ ben: Player, others: [Player] = []) async throws -> ConversationID {
        let conversation = try await Games.gather(amber, [ben] + others)
        _ = try await amber.request(.send(.init(id: "p", conversation: conversation, game: "battleship",
                                                url: "?Ship_Location=0&Ship_Location=1")))
        let shown = try await ben.nextMessage()
        let shot = try await Games.send(ben, replyingTo: shown, adding: "Shot=5")
        #expect(shot.isAccepted, "\(shot)")
        return conversation
    }

    /// Amber and Ben in a conversation, Amber's boats hidden at 2 and 6, and the message Ben got.
    package static func seedGame(
        on server: RunningServer
    ) async throws -> (Player, Player, ConversationID, ServerFrame.Accepted, Event) {
        let amber = try await Player.connect(to: server, name: "Amber")
        let ben = try await Player.connect(to: server, name: "Ben")
        let conversation = try await Games.gather(amber, [ben])
        let placed = try await amber.request(.send(.init(
            id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=2&Ship_Location=6")))
        guard case let .accepted(accepted) = placed else { throw ConnectionError.unexpected("\(placed)") }
        return (amber, ben, conversation, accepted, try await ben.nextMessage())
    }
}

/// Finding a game and rated games, for the tests of pairing, ratings and the ladder.
package extension Games {
    /// A seek of a rated classic Battleship at five minutes a move.
    static func ratedSeek(_ id: String) -> ClientFrame {
        .seek(.init(id: id, game: "battleship", variant: "classic", secondsPerMove: 300, rated: true))
    }

    /// The `conversation` frame that answers the seek `id` once it is paired.
    static func pairing(of player: Player, seek id: String) async throws -> ConversationSummary {
        let frame = try await player.next {
            if case let .conversation(reply) = $0 { reply.id == id } else { false }
        }
        return try #require(frame.conversationSummary)
    }

    /// Amber (here) and Ben (from 127.0.0.2) paired for a rated classic game that Amber starts
    /// and gives up; `body` gets them once Ben has heard that the game was rated.
    static func ratedGame(
        on server: RunningServer, _ body: @Sendable (Player, Player, Event) async throws -> Void
    ) async throws {
        try await TCPForwarder.with(forwardingTo: server.port, from: "127.0.0.2") { forwarder in
            let amber = try await Player.connect(to: server, name: "Amber")
            let elsewhere = RunningServer(host: "127.0.0.1", port: forwarder.port, fingerprint: server.fingerprint)
            let ben = try await Player.connect(to: elsewhere, name: "Ben")
            #expect(try await amber.request(ratedSeek("a1")) == .done(.init(id: "a1")))
            #expect(try await ben.request(ratedSeek("b1")) == .done(.init(id: "b1")))
            let forAmber = try await pairing(of: amber, seek: "a1")
            let paired = try await amber.next { $0.event?.kind == .paired }
            #expect(try #require(paired.event?.pairing).rated, "two addresses: rated")
            let placed = "?Variant=classic&Ship=0-carrier-A1-h&Ship=0-battleship-A2-h&Ship=0-cruiser-A3-h&Ship=0-submarine-A4-h&Ship=0-destroyer-A5-h"
            let started = try await amber.request(.send(.init(
                id: "m1", conversation: forAmber.conversation, game: "battleship", variant: "classic", url: placed)))
            guard case let .accepted(accepted) = started else { Issue.record("not accepted: \(started)"); throw CancellationError() }
            let resigned = try await amber.request(.resign(.init(id: "r1", conversation: forAmber.conversation, session: accepted.session)))
            #expect(resigned.rejection == nil, "\(resigned)")
            // Rated once stored, and every member told.
            let rated = try await ben.next { $0.event?.kind == .rated }
            try await body(amber, ben, try #require(rated.event))
        }
    }

}
