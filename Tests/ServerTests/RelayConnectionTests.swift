import Client
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket
import Server
import Testing
import Wire

/// The relay's WebSocket connections, served by channel handlers: one connection's frames keep
/// their order whichever pipelines answer them, and messages sent in fragments are read whole
/// and bounded.
@Suite(.timeLimit(.minutes(1)))
struct RelayConnectionTests {
    /// Authenticates a raw connection with a new key.
    static func authenticate(
        _ messages: inout WebSocketInboundMessageStream.AsyncIterator, _ outbound: WebSocketOutboundWriter
    ) async throws {
        let challenge = try await RelayAbuseTests.challenge(&messages)
        try await outbound.write(.text(String(decoding: try WireJSON.encode(
            ClientFrame.authenticate(InstallKey().authenticate(challenge, name: nil))), as: UTF8.self)))
        guard case .welcome? = try await RelayAbuseTests.frame(&messages) else { throw ConnectionError.unexpected("no welcome") }
    }

    /// A `list` waits for every pipeline, and the frames sent after it wait for it: each list
    /// sees the conversations created before it was sent and none created after. (Answers to
    /// requests about different conversations may come in either order, as PROTOCOL.md says.)
    @Test func framesAfterAListAreAnsweredAfterIt() async throws {
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            try await RelayAbuseTests.raw(server) { messages, outbound in
                try await Self.authenticate(&messages, outbound)
                for frame in [ClientFrame.list(.init(id: "l1")), .create(.init(id: "c")), .list(.init(id: "l2")),
                              .create(.init(id: "d")), .list(.init(id: "l3"))] {
                    try await outbound.write(.text(String(decoding: try WireJSON.encode(frame), as: UTF8.self)))
                }
                var answers: [String] = []
                var listed: [String: Int] = [:]
                while answers.count < 5, let frame = try await RelayAbuseTests.frame(&messages) {
                    switch frame {
                    case let .conversations(list):
                        answers.append(list.id)
                        listed[list.id] = list.conversations.count
                    case let .conversation(reply):
                        answers.append(reply.id)
                    default:
                        continue
                    }
                }
                #expect(answers.sorted() == ["c", "d", "l1", "l2", "l3"])
                #expect(listed == ["l1": 0, "l2": 1, "l3": 2])
            }
        }
    }

    /// A message in fragments is read whole; one whose fragments add up to more than four
    /// times `limits.frameBytes` closes the connection as too big (1009).
    @Test func fragmentsAreReadWholeAndBounded() async throws {
        try await LiveServer.with(limits: ServerLimits(frameBytes: 1024)) { server in
            try await RelayAbuseTests.raw(server) { messages, outbound in
                try await Self.authenticate(&messages, outbound)
                let text = String(decoding: try WireJSON.encode(ClientFrame.list(.init(id: "whole"))), as: UTF8.self)
                let cut = text.utf8.count / 2
                let bytes = Array(text.utf8)
                try await outbound.write(.custom(WebSocketFrame(fin: false, opcode: .text, data: ByteBuffer(bytes: bytes[..<cut]))))
                try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .continuation, data: ByteBuffer(bytes: bytes[cut...]))))
                guard case let .conversations(list)? = try await RelayAbuseTests.frame(&messages) else {
                    throw ConnectionError.unexpected("the message in two fragments was not answered")
                }
                #expect(list.id == "whole")
            }
            let close = try await RelayAbuseTests.raw(server) { messages, outbound in
                try await Self.authenticate(&messages, outbound)
                let part = ByteBuffer(repeating: UInt8(ascii: "x"), count: 1500)
                try await outbound.write(.custom(WebSocketFrame(fin: false, opcode: .text, data: part)))
                for index in 0..<3 {
                    try await outbound.write(.custom(WebSocketFrame(fin: index == 2, opcode: .continuation, data: part)))
                }
                while try await messages.next() != nil {}
            }
            #expect(close?.closeCode == .messageTooLarge)
        }
    }

    /// No extension is negotiated: a frame with a reserved bit set fails the connection (1002).
    @Test func aFrameWithAReservedBitSetIsAProtocolError() async throws {
        try await LiveServer.with { server in
            let close = try await RelayAbuseTests.raw(server) { messages, outbound in
                try await Self.authenticate(&messages, outbound)
                let text = String(decoding: try WireJSON.encode(ClientFrame.list(.init(id: "l"))), as: UTF8.self)
                try await outbound.write(.custom(WebSocketFrame(fin: true, rsv1: true, opcode: .text, data: ByteBuffer(string: text))))
                while try await messages.next() != nil {}
            }
            #expect(close?.closeCode == .protocolError)
        }
    }

    /// The server shutting down closes each connection with 1000, as PROTOCOL.md says.
    @Test func aServerShuttingDownClosesItsConnectionsNormally() async throws {
        let closed = try await LiveServer.with { server in
            let (connections, connected) = AsyncStream<Void>.makeStream()
            let closing = Task {
                try await RelayAbuseTests.raw(server) { messages, outbound in
                    try await Self.authenticate(&messages, outbound)
                    connected.yield()
                    while try await messages.next() != nil {}
                }
            }
            var waiting = connections.makeAsyncIterator()
            await waiting.next()
            return closing
        }
        let close = try await closed.value
        #expect(close?.closeCode == .normalClosure)
    }
}
