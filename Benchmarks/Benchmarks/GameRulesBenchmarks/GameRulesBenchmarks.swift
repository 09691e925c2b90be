import Battleship
import Benchmark
import ClassicPlayout
import GameRules

/// The query codec, which the server runs on every move: it reads the proposal's URL and
/// writes the new true state. The state is a late classic Battleship game's, both fleets and
/// 190 shots, the longest state a game of the catalog usually reaches.
let benchmarks: @Sendable () -> Void = {
    // Each sample runs the code a thousand times; the table shows the time of one.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))

    Benchmark("QueryString.items(in:) classic, 190 shots") { benchmark, url in
        for _ in benchmark.scaledIterations { blackHole(try QueryString.items(in: url)) }
    } setup: { () -> String in
        let playout = ClassicPlayout.late(shots: 190)
        return playout.game.query(for: playout.state)
    }

    Benchmark("QueryString.format(_:) classic, 190 shots") { benchmark, items in
        for _ in benchmark.scaledIterations { blackHole(QueryString.format(items)) }
    } setup: { () -> [QueryItem] in
        let playout = ClassicPlayout.late(shots: 190)
        return playout.game.encode(playout.state)
    }
}
