import Benchmark
import Engine
import GameRules

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
}
