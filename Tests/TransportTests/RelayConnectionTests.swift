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

/// The relay's WebSocket connections, served by channel handlers: one connection's frames keep
/// their order whichever pipelines answer them, and messages sent in fragments are read whole
/// and bounded.
@Suite(.timeLimit(.minutes(1)))
struct RelayConnectionTests {
    /// Authenticates a raw connection with a new key.
    static func authenticate(
        _ messages: inout WebSocketInboundMessageStream.AsyncIterator, _ outbound: WebSocketOutboundWriter
    ) async throws {
        try await RawSockets.authenticate(&messages, outbound)
    }

    /// A `list` waits for every pipeline, and the frames sent after it wait for it: each list
    /// sees the conversations created before it was sent and none created after. (Answers to
    /// requests about different conversations may come in either order, as PROTOCOL.md says.)
    @Test func framesAfterAListAreAnsweredAfterIt() async throws {
        try await LiveServer.with(configure: { $0.pipelines = 2 }) { server in
            try await RawSockets.raw(server) { messages, outbound in
                try await Self.authenticate(&messages, outbound)
                for frame in [ClientFrame.list(.init(id: "l1")), .create(.init(id: "c")), .list(.init(id: "l2")),
                              .create(.init(id: "d")), .list(.init(id: "l3"))] {
                    try await outbound.write(.text(String(decoding: try WireJSON.encode(frame), as: UTF8.self)))
                }
                var answers: [String] = []
                var listed: [String: Int] = [:]
                while answers.count < 5, let frame = try await RawSockets.frame(&messages) {
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
            try await RawSockets.raw(server) { messages, outbound in
                try await Self.authenticate(&messages, outbound)
                let text = String(decoding: try WireJSON.encode(ClientFrame.list(.init(id: "whole"))), as: UTF8.self)
                let cut = text.utf8.count / 2
                let bytes = Array(text.utf8)
                try await outbound.write(.custom(WebSocketFrame(fin: false, opcode: .text, data: ByteBuffer(bytes: bytes[..<cut]))))
                try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .continuation, data: ByteBuffer(bytes: bytes[cut...]))))
                guard case let .conversations(list)? = try await RawSockets.frame(&messages) else {
                    throw ConnectionError.unexpected("the message in two fragments was not answered")
                }
                #expect(list.id == "whole")
            }
            let close = try await RawSockets.raw(server) { messages, outbound in
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
            let close = try await RawSockets.raw(server) { messages, outbound in
                try await Self.authenticate(&messages, outbound)
                let text = String(decoding: try WireJSON.encode(ClientFrame.list(.init(id: "l"))), as: UTF8.self)
                try await outbound.write(.custom(WebSocketFrame(fin: true, rsv1: true, opcode: .text, data: ByteBuffer(string: text))))
                while try await messages.next() != nil {}
            }
            #expect(close?.closeCode == .protocolError)
        }
    }

    /// A client masks every frame (RFC 6455 5.1) and uses no reserved opcode (5.2): a frame that
    /// does not fails the connection (1002), written as such a client would, byte by byte.
    @Test(arguments: [
        ("an unmasked text frame", [0x81, 0x02] + Array("{}".utf8)),
        ("opcode 0x3", [0x83, 0x80, 1, 2, 3, 4]),
        ("opcode 0xB", [0x8B, 0x80, 1, 2, 3, 4]),
    ] as [(String, [UInt8])])
    func aFrameBreakingTheClientsRulesIsAProtocolError(_ name: String, _ frame: [UInt8]) async throws {
        try await LiveServer.with { server in
            let upgrade = "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            let answer = try await RawTLS.exchange(port: server.port, sending: Array(upgrade.utf8) + frame, within: .seconds(20))
            #expect(answer.text.hasPrefix("HTTP/1.1 101 "), "\(name): \(answer.text)")
            // The server's close frame: FIN and close, two bytes of payload, 1002.
            let close: [UInt8] = [0x88, 0x02, 0x03, 0xEA]
            let found = (0...max(0, answer.bytes.count - close.count)).contains { Array(answer.bytes[$0..<min(answer.bytes.count, $0 + close.count)]) == close }
            #expect(found, "\(name): \(answer.bytes.suffix(16))")
            #expect(answer.closed, "\(name)")
        }
    }

    /// The server stopping closes each connection with 1001 and a reason that says to connect
    /// again, as PROTOCOL.md says.
    @Test func aServerStoppingClosesItsConnectionsSayingToComeBack() async throws {
        let closed = try await LiveServer.with { server in
            let (connections, connected) = AsyncStream<Void>.makeStream()
            let closing = Task {
                try await RawSockets.raw(server) { messages, outbound in
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
        #expect(close?.closeCode == .goingAway)
        #expect(close?.reason == "stopping: connect again")
    }
}
