@testable import Server
import Testing

/// The connection guard finds where a request head ends, however the bytes are split.
@Suite struct EndOfHeadTests {
    @Test func theEndIsFoundWhereverTheReadsSplitIt() {
        let head = Array("GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n".utf8)
        let body = Array("{}".utf8)
        let whole = head + body
        for split in 0...whole.count {
            var tail: [UInt8] = []
            let first = ConnectionGuardHandler.endOfHead(in: whole[..<split], after: &tail)
            if split >= head.count {
                #expect(first == head.count, "split at \(split)")
            } else {
                #expect(first == nil, "split at \(split)")
                #expect(ConnectionGuardHandler.endOfHead(in: whole[split...], after: &tail) == head.count - split, "split at \(split)")
            }
        }
    }

    @Test func aHeadWithoutItsEmptyLineHasNoEnd() {
        var tail: [UInt8] = []
        #expect(ConnectionGuardHandler.endOfHead(in: Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8), after: &tail) == nil)
        #expect(ConnectionGuardHandler.endOfHead(in: Array("X-Drip: 1\r\n".utf8), after: &tail) == nil)
        #expect(ConnectionGuardHandler.endOfHead(in: Array("\r\n".utf8), after: &tail) == 2)
        var lenient: [UInt8] = []
        #expect(ConnectionGuardHandler.endOfHead(in: Array("GET / HTTP/1.1\nHost: x\n\n".utf8), after: &lenient) == 24)
    }
}
