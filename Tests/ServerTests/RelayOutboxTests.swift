import Engine
import Foundation
import GameCatalog
import Logging
@testable import Server
import Storage
import Testing
import Transcript
import Wire

/// A reader too slow to take its frames is cut off at its outbox's bound, not held forever.
@Suite struct RelayOutboxTests {
    @Test(.timeLimit(.minutes(1)))
    func aFullOutboxEndsThatConnectionOnly() async throws {
        let secret = [UInt8](repeating: 7, count: 32)
        let relay = try await Relay.start(
            configuration: EngineConfiguration(publicURL: "https://x"), secret: secret, log: InMemoryEventLog(),
            logger: Logger(label: "relay"))
        let pipeline = Task { await relay.run() }
        defer { pipeline.cancel() }

        let (slow, slowIn) = Outbox.make(limit: 3)
        let (fast, fastIn) = Outbox.frames(limit: 100)
        let slowConnection = relay.connect("slow", outbox: slowIn)
        let fastConnection = relay.connect("fast", outbox: fastIn)
        for index in 0..<10 {
            await relay.submit(.list(.init(id: "s\(index)")), from: "slow", connection: slowConnection)
            await relay.submit(.list(.init(id: "f\(index)")), from: "fast", connection: fastConnection)
        }
        var fastAnswers: [String] = []
        for await frame in fast {
            fastAnswers.append(frame.requestID ?? "")
            if fastAnswers.count == 10 { break }
        }
        var slowAnswers: [String] = []
        for await item in slow {
            guard case let .frame(frame) = item else { Issue.record("a list is not a replay"); continue }
            slowAnswers.append(frame.requestID ?? "")
        }
        #expect(slowAnswers == ["s0", "s1", "s2"], "the slow reader's outbox ended when it was full")
        #expect(fastAnswers == (0..<10).map { "f\($0)" }, "the other connection got everything")
    }
}
