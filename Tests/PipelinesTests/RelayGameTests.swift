import Pipelines
import ServerTestSupport
import Transcript
import Client
import Foundation
import Server
import Testing
import Timekeeping
import Transport
import Wire

/// Whole games through a real server over TLS sockets, with real clients.
@Suite struct RelayGameTests {

    @Test func twoClientsPlayASeedGameAndTheGuesserNeverSeesTheShips() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            try await Games.playSeedGame(amber, ben, port: server.port)
        }
    }

    @Test func threeClientsBuildAnIceCreamAndSimultaneousRepliesDoNotBothWin() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let chris = try await Player.connect(to: server)
            try await Games.raceForTheScoops(amber, ben, chris)
        }
    }

    /// Chat over a real socket: every member hears it as written; too long or blank words are
    /// refused and change nothing.
    @Test func membersChatBesideTheirGames() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
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

    /// A member who floods a conversation with chat is refused past ten at once (`chat-rate`,
    /// with how long to wait), and not stored; the others chat on, and the member may again
    /// once the time has passed (the server's clock, moved by the test).
    @Test func aMemberChatsOnlySoFast() async throws {
        let clock = ManualClock()
        try await LiveServer.with(configure: { $0.clock = .init(clock) }) { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            for index in 0..<ConversationRouter.chatBurst {
                #expect(try await amber.request(.chat(.init(id: "a\(index)", conversation: conversation, text: "hello \(index)"))).rejection == nil)
            }
            let flooded = try await amber.request(.chat(.init(id: "a-over", conversation: conversation, text: "one too many")))
            #expect(flooded.rejection?.code == "chat-rate" && flooded.rejection?.reason.contains("wait 2 s") == true, "\(flooded)")
            #expect(try await ben.request(.chat(.init(id: "b1", conversation: conversation, text: "calm down"))).rejection == nil, "each member has their own")
            clock.advance(by: .seconds(2))
            #expect(try await amber.request(.chat(.init(id: "a-later", conversation: conversation, text: "sorry"))).rejection == nil)
            let listed = try await ben.request(.list(.init(id: "l")))
            guard case let .conversations(list) = listed else { throw ConnectionError.unexpected("\(listed)") }
            // Two joins, Amber's ten chats, Ben's and Amber's last: the refused one is not stored.
            #expect(list.conversations.first?.lastSeq == 14)
        }
    }

    /// Friends choose a game's time a move when they start it: a day a move for a Four in a Row
    /// (the game's own is two minutes), kept across a restart of the server; a time the server
    /// does not offer is refused and changes nothing.
    @Test func friendsChooseAGamesTimeAMove() async throws {
        let clock = ManualClock()
        let folder = LiveServer.temporaryDirectory()
        let keys = (amber: InstallKey(), ben: InstallKey())
        let started = clock.now
        let conversation = try await LiveServer.with(dataDirectory: folder, configure: { $0.clock = .init(clock) }) { server in
            let amber = try await Player.connect(to: server, key: keys.amber, name: "Amber")
            let ben = try await Player.connect(to: server, key: keys.ben, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let odd = try await amber.request(.send(.init(
                id: "f0", conversation: conversation, game: "fourinarow", url: "?Drop=4", secondsPerMove: 1234)))
            #expect(odd.rejection?.code == "time-control", "\(odd)")
            #expect(try await amber.request(.send(.init(
                id: "f1", conversation: conversation, game: "fourinarow", url: "?Drop=4", secondsPerMove: 86_400))).isAccepted)
            let first = try await ben.nextMessage()
            #expect(first.status?.deadline == Int64(((started.date.timeIntervalSince1970 + 86_400) * 1000).rounded()), "a day, not two minutes")
            return conversation
        }
        try await LiveServer.with(dataDirectory: folder, configure: { $0.clock = .init(clock) }) { server in
            let ben = try await Player.connect(to: server, key: keys.ben, name: "Ben")
            let resumed = try await ben.request(.resume(.init(id: "r", conversation: conversation, after: 0)))
            #expect(resumed.rejection == nil)
            let message = try await ben.next { $0.event?.kind == .message }
            #expect((message.event?.status?.deadline ?? 0) >= Int64((started.date.timeIntervalSince1970 + 86_400) * 1000), "still a day")
        }
    }

    /// A player gives up over a real socket: both hear it, the other wins, the game is over.
    @Test func aPlayerResignsAndBothHearIt() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server, name: "Amber")
            let ben = try await Player.connect(to: server, name: "Ben")
            let conversation = try await Games.gather(amber, [ben])
            let first = try await amber.request(.send(.init(id: "d1", conversation: conversation, game: "fourinarow", url: "?Drop=4")))
            guard case .accepted = first else { throw ConnectionError.unexpected("\(first)") }
            let shown = try await ben.nextMessage()
            let second = try await Games.send(ben, replyingTo: shown, adding: "Drop=3")
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
            let conversation = try await Games.gather(amber, [ben])
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
            let conversation = try await Games.gather(amber, [ben])
            _ = try await amber.request(.send(.init(id: "m1", conversation: conversation, game: "battleship", url: "?Ship_Location=0&Ship_Location=1")))
            let ambers = try await amber.nextMessage()
            let hider = try await Games.send(amber, replyingTo: ambers, adding: "Shot=4")
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

    @Test func twoClientsPlayAWholeClassicGame() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            try await Games.playWholeClassicGame(amber, ben)
        }
    }

}
