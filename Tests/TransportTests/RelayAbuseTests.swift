import Client
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import Server
import ServerTestSupport
import Testing
import Transport
import Wire

/// Bad input gets a typed error and changes nothing; one connection's trouble is its own.
@Suite struct RelayAbuseTests {

    @Test func aConnectionThatDoesNotAuthenticateIsRefusedAndClosed() async throws {
        try await LiveServer.with { server in
            try await RawSockets.raw(server) { messages, outbound in
                guard case .challenge? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("no challenge") }
                try await outbound.write(.text(#"{"type":"list","id":"1"}"#))
                #expect(try await RawSockets.frame(&messages) == .error(ErrorFrame(code: "unauthenticated",
                    reason: "The first frame must be an authenticate frame signing this connection's challenge.")))
                #expect(try await messages.next() == nil, "the server closes the connection")
            }
            // A signature over another nonce fails the same way.
            try await RawSockets.raw(server) { messages, outbound in
                guard case .challenge? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("no challenge") }
                let forged = try InstallKey().authenticate(.init(nonce: "not the nonce", server: "x"), name: nil)
                try await outbound.write(.text(String(decoding: try WireJSON.encode(ClientFrame.authenticate(forged)), as: UTF8.self)))
                guard case let .error(error)? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("no error") }
                #expect(error.code == "unauthenticated")
            }
        }
    }

    @Test func malformedFramesGetAnErrorAndTheConnectionGoesOn() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            try await RawSockets.raw(server) { messages, outbound in
                let challenge = try await RawSockets.challenge(&messages)
                let key = InstallKey()
                try await outbound.write(.text(String(decoding: try WireJSON.encode(
                    ClientFrame.authenticate(key.authenticate(challenge, name: nil))), as: UTF8.self)))
                guard case .welcome? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("no welcome") }
                for garbage in ["not json", #"{"type":"teleport","id":"1"}"#, #"{"type":"join"}"#, "[]"] {
                    try await outbound.write(.text(garbage))
                    guard case let .error(error)? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("no error") }
                    #expect(error.code == "malformed-frame")
                }
                try await outbound.write(.text(#"{"type":"list","id":"ok"}"#))
                #expect(try await RawSockets.frame(&messages) == .conversations(.init(id: "ok", conversations: [])))
            }
            // Another connection was never disturbed.
            guard case .conversation = try await amber.request(.create(.init(id: "c"))) else {
                throw ConnectionError.unexpected("amber's connection broke")
            }
        }
    }

    /// RFC 6455 8.1: a text frame that is not UTF-8 fails the connection with 1007, instead of
    /// being read with replacement characters.
    @Test func aTextFrameThatIsNotUTF8ClosesTheConnectionWith1007() async throws {
        try await LiveServer.with { server in
            let amber = try await Player.connect(to: server)
            let close = try await RawSockets.raw(server) { messages, outbound in
                let challenge = try await RawSockets.challenge(&messages)
                try await outbound.write(.text(String(decoding: try WireJSON.encode(
                    ClientFrame.authenticate(InstallKey().authenticate(challenge, name: nil))), as: UTF8.self)))
                guard case .welcome? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("no welcome") }
                let bytes: [UInt8] = Array(#"{"type":"list","id":""#.utf8) + [0xC3, 0x28, 0xFF] + Array(#""}"#.utf8)
                try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: bytes))))
                var answered: [ServerFrame] = []
                while let frame = try? await RawSockets.frame(&messages) { answered.append(frame) }
                #expect(answered.isEmpty, "nothing is answered to a frame that is not text: \(answered)")
            }
            #expect(close?.closeCode == .dataInconsistentWithMessage, "closed as PROTOCOL.md says: 1007")
            guard case .conversations = try await amber.request(.list(.init(id: "l"))) else {
                throw ConnectionError.unexpected("amber's connection broke")
            }
        }
    }

    @Test func aFloodIsRefusedThenClosedWithoutHarmingOthers() async throws {
        try await LiveServer.with(limits: ServerLimits(messagesPerSecond: 5, burst: 5)) { server in
            let amber = try await Player.connect(to: server)
            let close = try await RawSockets.raw(server) { messages, outbound in
                let challenge = try await RawSockets.challenge(&messages)
                try await outbound.write(.text(String(decoding: try WireJSON.encode(
                    ClientFrame.authenticate(InstallKey().authenticate(challenge, name: nil))), as: UTF8.self)))
                for index in 0..<40 { try? await outbound.write(.text(#"{"type":"list","id":"\#(index)"}"#)) }
                var codes: [String] = []
                var refusedRequests = 0
                while let frame = try? await RawSockets.frame(&messages) {
                    if case let .error(error) = frame { codes.append(error.code) }
                    if case let .rejected(rejected) = frame, rejected.error.code == "rate-limited" {
                        codes.append(rejected.error.code)
                        refusedRequests += 1
                    }
                }
                #expect(codes.contains("rate-limited"))
                #expect(refusedRequests > 0, "a refused request is answered by its id")
                #expect(codes.count < 40, "the connection was closed before answering every frame")
            }
            #expect(close?.closeCode == .policyViolation, "closed as PROTOCOL.md says: 1008")
            guard case .conversations = try await amber.request(.list(.init(id: "l"))) else {
                throw ConnectionError.unexpected("amber's connection broke")
            }
        }
    }
}

@Suite struct RelayLimitTests {
    @Test func oversizedFramesLongTextsAndLongURLsAreRefusedAndTheConnectionGoesOn() async throws {
        let limits = ServerLimits(frameBytes: 1024, urlLength: 200, textLength: 64)
        try await LiveServer.with(limits: limits) { server in
            try await RawSockets.raw(server) { messages, outbound in
                let challenge = try await RawSockets.challenge(&messages)
                try await outbound.write(.text(String(decoding: try WireJSON.encode(
                    ClientFrame.authenticate(InstallKey().authenticate(challenge, name: nil))), as: UTF8.self)))
                guard case .welcome? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("no welcome") }

                try await outbound.write(.text(#"{"type":"list","id":""# + String(repeating: "x", count: 2000) + #""}"#))
                guard case let .error(tooLarge)? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("") }
                #expect(tooLarge.code == "frame-too-large")

                try await outbound.write(.text(String(decoding: try WireJSON.encode(
                    ClientFrame.rename(.init(id: "n", name: String(repeating: "y", count: 100)))), as: UTF8.self)))
                guard case let .rejected(long)? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("") }
                #expect(long.id == "n" && long.error.code == "text-too-long")

                try await outbound.write(.text(#"{"type":"create","id":"c"}"#))
                guard case let .conversation(created)? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("") }
                guard case .event? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("") }
                let send = ClientFrame.send(.init(id: "s", conversation: created.conversation.conversation, game: "icecream",
                                                  url: "?Base=base01&pad=" + String(repeating: "z", count: 300)))
                try await outbound.write(.text(String(decoding: try WireJSON.encode(send), as: UTF8.self)))
                guard case let .rejected(url)? = try await RawSockets.frame(&messages) else { throw ConnectionError.unexpected("") }
                #expect(url.error == ErrorFrame(code: "url-too-long", reason: "The URL is longer than 200 bytes of UTF-8."))
            }
        }
    }
}
