import Histogram

/// What a load run measured, as `LoadMeter` hands it out at the end.
public struct LoadFigures: Sendable {
    /// Moves accepted (or, for the echo baseline, messages echoed) within the interval.
    public var accepted: Int
    public var elapsed: Duration
    /// Games that reached an outcome within the interval.
    public var games: Int
    public var refused: Int
    public var rateLimited: Int
    public var failed: Int
    /// Round trips in microseconds.
    public var latencies: Histogram<UInt64>
    /// The first few refusals and failures, word for word, to say what went wrong.
    public var firstFailures: [String]

    public var seconds: Double {
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    public var perSecond: Double { seconds > 0 ? Double(accepted) / seconds : 0 }

    /// Everything that should not happen in a clean run.
    public var errors: Int { refused + rateLimited + failed }

    /// A percentile of the round trip, in milliseconds.
    public func milliseconds(atPercentile percentile: Double) -> Double {
        Double(latencies.valueAtPercentile(percentile)) / 1000
    }
}
