import ServerTestSupport
import Transcript
import Client
import Foundation
import NIOCore
import NIOWebSocket
import Server
import Testing
import Transport
import Wire

/// Hostile clients over real sockets, all at once, while a bystander pair plays in a
/// conversation of its own: every attack is refused or cut off, and the bystander's game never
/// notices. Its round trips are measured and printed; what is required of them is only that
/// none is lost and none waits seconds (a crash, a stalled pipeline or a lock-out would).
@Suite(.timeLimit(.minutes(2)))
struct HostileSuiteTests {
    @Test func aBystanderGamePlaysOnThroughEveryAttack() async throws {
        try await LiveServer.with(limits: ServerLimits(connectionsPerAddress: 400, handshakeSeconds: 5)) { server in
            let amber = try await Player.connect(to: server)
            let ben = try await Player.connect(to: server)
            let bystanders = try await Games.gather(amber, [ben])
            let stop = Recorded(false)
            let roundTrips = Recorded<[Duration]>([])

            // The bystander: a move every 100 ms (under the rate limit), each timed from send to accepted.
            let bystander = Task {
                var index = 0
                while !stop.value || index < 20 {
                    let sent = ContinuousClock.now
                    let answer = try await amber.request(.send(.init(
                        id: "b\(index)", conversation: bystanders, game: "icecream", variant: "solo",
                        url: "?Base=base0\(index % 4 + 1)")))
                    guard case .accepted = answer else { throw ConnectionError.unexpected("bystander move \(index): \(answer)") }
                    let elapsed = ContinuousClock.now - sent
                    roundTrips.update { $0.append(elapsed) }
                    index += 1
                    try await Task.sleep(for: .milliseconds(100))
                }
                return index
            }

            // Sockets that hold a place and say nothing, and half TLS handshakes.
            var idle: [any Channel] = []
            for index in 0..<150 {
                idle.append(try await RawSockets.tcp(
                    port: server.port, sending: index.isMultiple(of: 3) ? [0x16, 0x03, 0x01, 0x02, 0x00, 0x01] : []))
            }

            // A forged authentication.
            try await RawSockets.raw(server) { messages, outbound in
                _ = try await RawSockets.challenge(&messages)
                let forged = try InstallKey().authenticate(.init(nonce: "not the nonce", server: "x"), name: nil)
                try await outbound.write(.text(String(decoding: try WireJSON.encode(ClientFrame.authenticate(forged)), as: UTF8.self)))
                guard case let .error(error)? = try await RawSockets.frame(&messages) else {
                    throw ConnectionError.unexpected("no error for a forged authentication")
                }
                #expect(error.code == "unauthenticated")
            }

            // Mallory, authenticated, reaches for the bystanders' conversation and forges history in her own.
            let mallory = try await Player.connect(to: server)
            let session = try #require(try await ben.nextMessage().message?.session)
            for frame: ClientFrame in [
                .send(.init(id: "m1", conversation: bystanders, game: "icecream", session: session.uuidString, basedOn: 3,
                            url: "?Base=base01&Scoops=scoop01")),
                .resume(.init(id: "m2", conversation: bystanders, after: 0)),
                .leave(.init(id: "m3", conversation: bystanders)),
                .send(.init(id: "m4", conversation: ConversationID(rawValue: bystanders.rawValue.lowercased()), game: "icecream", variant: "solo", url: "?Base=base01")),
            ] {
                let answer = try await mallory.request(frame)
                #expect(answer.rejection?.code == "unknown-conversation", "\(frame): \(answer)")
            }
            guard case let .conversation(own) = try await mallory.request(.create(.init(id: "own"))) else {
                throw ConnectionError.unexpected("mallory could not create a conversation")
            }
            guard case let .accepted(started) = try await mallory.request(.send(.init(
                id: "g", conversation: own.conversation.conversation, game: "icecream", variant: "solo", url: "?Base=base01"))) else {
                throw ConnectionError.unexpected("mallory could not start a game")
            }
            for (index, basedOn) in [Int.max, Int.min, -1, 0, 999].enumerated() {
                let answer = try await mallory.request(.send(.init(
                    id: "f\(index)", conversation: own.conversation.conversation, game: "icecream", session: started.session,
                    basedOn: basedOn, url: "?Base=base01&Scoops=scoop01")))
                // Any number but the session's newest is an answer to another state: stale.
                #expect(answer.rejection?.code == "stale", "basedOn \(basedOn): \(answer)")
            }
            // A proposal that rewrites the game's past: another base under the same move count.
            let rewritten = try await mallory.request(.send(.init(
                id: "rw", conversation: own.conversation.conversation, game: "icecream", session: started.session,
                basedOn: started.seq, url: "?Base=base03&Scoops=scoop01")))
            #expect(rewritten.rejection?.code == "not-one-move", "\(rewritten)")

            // A reader that asks for replays and never reads, and a flood.
            try await RawSockets.raw(server) { messages, outbound in
                let challenge = try await RawSockets.challenge(&messages)
                try await outbound.write(.text(String(decoding: try WireJSON.encode(
                    ClientFrame.authenticate(mallory.key.authenticate(challenge, name: nil))), as: UTF8.self)))
                for index in 0..<16 {
                    try await outbound.write(.text(
                        #"{"type":"resume","id":"s\#(index)","conversation":"\#(own.conversation.conversation)","after":0}"#))
                }
                try await Task.sleep(for: .seconds(1))
            }
            let flood = try await RawSockets.raw(server) { messages, outbound in
                let challenge = try await RawSockets.challenge(&messages)
                try await outbound.write(.text(String(decoding: try WireJSON.encode(
                    ClientFrame.authenticate(InstallKey().authenticate(challenge, name: nil))), as: UTF8.self)))
                for index in 0..<400 { try? await outbound.write(.text(#"{"type":"list","id":"\#(index)"}"#)) }
                while (try? await RawSockets.frame(&messages)) != nil {}
            }
            #expect(flood?.closeCode == .policyViolation)

            // The silent sockets are closed at the deadlines, the bystander plays on meanwhile.
            for socket in idle {
                _ = try #require(try await RawSockets.closing(socket, within: .seconds(20)), "a silent socket is closed")
            }
            stop.update { $0 = true }
            let moves = try await bystander.value

            let times = roundTrips.value.sorted()
            #expect(times.count == moves && moves >= 20)
            let median = times[times.count / 2]
            let worst = try #require(times.last)
            print("HostileSuite: bystander made \(moves) moves; round trip median \(median), max \(worst)")
            // An attack that held the bystander's pipeline would hold it for a deadline (10 s or
            // more); on two cores shared with every other suite a move has waited up to 2.7 s.
            #expect(worst < .seconds(5), "the bystander waited \(worst) for one move")
            // Every bystander move arrived to Ben, in order, none twice.
            var seqs: [Int] = []
            while seqs.count < moves - 1 { seqs.append(try await ben.nextMessage().seq) }
            #expect(seqs == Array(seqs.sorted()) && Set(seqs).count == seqs.count)
        }
    }
}
