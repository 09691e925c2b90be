import Benchmark
import Engine
import Foundation
import GameRules
import Transcript
import Wire

/// One move decided by the engine, as the server's pipeline asks for it: a shot late in a
/// classic Battleship game, which the engine checks against the session, decodes, plays
/// against the true state, encodes again and applies.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

    Benchmark("Engine.handle(send) classic shot 191") { benchmark, game in
        // Every sample decides the same move on its own copy of the engine; the copy shares
        // its storage until the move writes to it, so the first write's copying of the one
        // conversation's few small containers is in the measurement.
        var engine = game.engine
        var random = SeededRandom(seed: 7)
        benchmark.startMeasurement()
        blackHole(engine.handle(game.send, from: game.mover, now: game.now, random: &random))
        benchmark.stopMeasurement()
    } setup: { () -> LateGame in
        LateGame(shots: 190)
    }

    // The whole of a move's path through the engine on a server that signs, as the pipeline
    // takes it: the batch of one move decided, its records written as stored, the batch set
    // aside and kept, and the event rendered for each member.
    for shots in [20, 190] {
        wholeMove("Engine move signed, stored and rendered: classic shot \(shots + 1)") { LateGame(shots: shots, signed: true) }
    }
    wholeMove("Engine move signed, stored and rendered: ice cream scoops") { IceCreamGame() }
}

/// A move ready to be taken: the engine before it, the frame, who sends it and when.
protocol MoveToTake: Sendable {
    var engine: Engine { get }
    var send: ClientFrame { get }
    var mover: AccountID { get }
    var now: Date { get }
}

/// A benchmark of the move `setup` makes ready, taken whole (`takeWhole`) by each sample on its
/// own copy of the engine.
private func wholeMove<Move: MoveToTake>(_ name: String, setup: @escaping @Sendable () -> Move) {
    Benchmark(name) { benchmark, move in
        var engine = move.engine
        benchmark.startMeasurement()
        takeWhole(move.send, from: move.mover, at: move.now, in: &engine)
        benchmark.stopMeasurement()
    } setup: {
        setup()
    }
}

/// A move's whole path through the engine, as the pipeline takes it: decided in a batch of its
/// own, its records written as stored, the batch set aside and kept, and each entry it adds
/// rendered for each member.
private func takeWhole(_ send: ClientFrame, from mover: AccountID, at now: Date, in engine: inout Engine) {
    var random = SeededRandom(seed: 7)
    var writer = FrameWriter()
    let decided = engine.decide([.frame(send, from: mover)], at: now, random: &random, storedThrough: [:], snapshotSeq: [:])
    for record in decided.records { blackHole(try? record.storedJSON()) }
    engine.keep(engine.setAside(decided))
    for decision in decided.decisions {
        for reference in decision.notify {
            engine.render(reference) { _, write in
                writer.clear()
                blackHole(write(&writer))
            }
        }
    }
}
