import Benchmark
import Foundation
import GameRules
import Transcript
import Wire

/// The frames every move costs: the server writes an `event` for each member and reads a
/// `send` from the mover; a client reads the `event`. Each hand-written path is measured
/// beside the `JSONEncoder`/`JSONDecoder` one it replaces, on the same frame.
let benchmarks: @Sendable () -> Void = {
    // Each sample runs the code a thousand times; the table shows the time of one.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))

    let event = ServerFrame.event(Frames.message)
    let eventText = String(decoding: FrameWriter.json(event), as: UTF8.self)
    let send = ClientFrame.send(Frames.send)
    let sendText = String(decoding: FrameWriter.json(send), as: UTF8.self)
    // Measure the fast paths only while they are taken and agree with the encoder.
    precondition(FrameWriter.json(event) == Array(try! WireJSON.encode(event)))
    precondition(FrameReader.serverFrame(eventText) == event)
    precondition(FrameReader.clientFrame(sendText) == send)

    Benchmark("FrameWriter.json(event)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(FrameWriter.json(event)) }
    }
    Benchmark("WireJSON.encode(event)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try WireJSON.encode(event)) }
    }
    Benchmark("ServerFrame(json:) event") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ServerFrame(json: eventText)) }
    }
    Benchmark("WireJSON.decode(ServerFrame) event") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try WireJSON.decode(ServerFrame.self, from: Data(eventText.utf8)))
        }
    }
    Benchmark("ClientFrame(json:) send") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ClientFrame(json: sendText)) }
    }
    Benchmark("WireJSON.decode(ClientFrame) send") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try WireJSON.decode(ClientFrame.self, from: Data(sendText.utf8)))
        }
    }
}
