import Engine
import Foundation
import GameCatalog
import Logging
import Pipelines
@testable import Server
import ServerTestSupport
import Storage
import Testing
import Transcript
import Transport
import Wire

/// A reader too slow to take its frames is cut off at its outbox's bound, not held forever.
@Suite struct RelayOutboxTests {
    @Test(.timeLimit(.minutes(1)))
    func aFullOutboxEndsThatConnectionOnly() async throws {
        let secret = [UInt8](repeating: 7, count: 32)
        let relay = try await ConversationRouter.start(
            configuration: EngineConfiguration(publicURL: "https://x"), secret: secret, log: InMemoryEventLog(),
            logger: Logger(label: "relay"))
        let pipeline = Task { await relay.run() }
        defer { pipeline.cancel() }

        let (slow, slowIn) = Outbox.make(limit: 3)
        let (fast, fastIn) = Outbox.frames(limit: 100)
        let slowConnection = try #require(relay.connect("slow", outbox: slowIn))
        let fastConnection = try #require(relay.connect("fast", outbox: fastIn))
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

/// The bound counts frames, not items: a batch's frames, queued as one encoded item, count as
/// many as they are.
@Suite struct OutboxBoundTests {
    @Test func encodedFramesCountTowardTheBoundEachAndAFullOutboxEnds() throws {
        let (items, outbox) = Outbox.make(limit: 3)
        _ = items
        var two = WebSocketTextFrames(maxFrameBytes: 1 << 20)
        two.append(.error(ErrorFrame(code: "a", reason: "1")))
        two.append(.error(ErrorFrame(code: "a", reason: "2")))
        outbox.deliver(encoded: two.buffer, count: two.count)
        // Two of three places are taken: two more frames do not fit, and end the outbox.
        outbox.deliver(encoded: two.buffer, count: two.count)
        outbox.deliver(.error(ErrorFrame(code: "a", reason: "3")))
        let taken = try #require(outbox.take())
        #expect(taken.map(\.frameCount) == [2], "only the first two frames were queued")
        #expect(outbox.take() == nil, "the outbox is finished")
    }

    /// An outbox slot holds a frame written already (a buffer and a count) or a box: a
    /// `ServerFrame` inline made every slot of every outbox as long as the longest frame.
    @Test func anOutboxSlotIsSmall() {
        #expect(MemoryLayout<ServerFrame>.size > 200, "the frame a slot no longer holds inline")
        #expect(MemoryLayout<Outgoing>.stride <= 48)
    }
}

/// The queue in front of a pipeline is bounded: a frame beyond it is refused, typed, at once.
@Suite struct PipelineQueueTests {
    @Test(.timeLimit(.minutes(1)))
    func aFrameBeyondTheQueuesBoundIsRefusedAsBusy() async throws {
        let relay = try await ConversationRouter.start(
            configuration: EngineConfiguration(publicURL: "https://x"), secret: [UInt8](repeating: 7, count: 32),
            log: InMemoryEventLog(), logger: Logger(label: "relay"))
        // The pipelines do not run: whatever is submitted waits.
        let (frames, outbox) = Outbox.frames()
        let connection = try #require(relay.connect("amber", outbox: outbox))
        let pipeline = relay.pipeline(of: "c")
        for index in 0..<Pipeline.maxPending {
            await pipeline.submit(.frame(.resume(.init(id: "r\(index)", conversation: "c", after: 0)),
                                         account: "amber", connection: connection, received: relay.clock.now))
        }
        await pipeline.submit(.frame(.resume(.init(id: "over", conversation: "c", after: 0)),
                                     account: "amber", connection: connection, received: relay.clock.now))
        var iterator = frames.makeAsyncIterator()
        let refused = try #require(await iterator.next())
        guard case let .rejected(rejected) = refused else { Issue.record("\(refused)"); return }
        #expect(rejected.id == "over" && rejected.error.code == "rate-limited")
    }
}
