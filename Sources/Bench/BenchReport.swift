import Foundation

/// The lines `parley bench` prints, one figure per line, in words and units.
enum BenchReport {
    static func load(_ result: LoadRun.Result, pairs: Int, inThisProcess: Bool) -> [String] {
        let figures = result.figures
        var lines = [
            "seating: \(result.seated) of \(pairs * 2) connections in \(seconds(result.seatingTime))",
            "accepted moves: \(figures.accepted) in \(format(figures.seconds, 1)) s = \(format(figures.perSecond, 0)) moves/s"
                + " (\(figures.games) games finished)",
            "move round trip (send to accepted): " + percentiles(figures),
            "connections held: \(result.held) of \(pairs * 2)",
        ]
        lines += memory(before: result.server[0], held: result.server[2], connections: result.held, inThisProcess: inThisProcess)
        lines += cpu(result, inThisProcess: inThisProcess)
        lines += errors(figures)
        return lines
    }

    static func echo(_ figures: LoadFigures, pairs: Int) -> [String] {
        ["echo baseline: \(figures.accepted) messages in \(format(figures.seconds, 1)) s = \(format(figures.perSecond, 0)) messages/s"
            + " over \(pairs * 2) connections",
         "echo round trip: " + percentiles(figures)] + errors(figures).map { "echo " + $0 }
    }

    /// The floor's lines, and its server's CPU seconds a move (`nil` when unknown).
    static func floor(_ figures: LoadFigures, samples: [ProcessSample?]) -> ([String], Double?) {
        var lines = [
            "floor moves: \(figures.accepted) in \(format(figures.seconds, 1)) s = \(format(figures.perSecond, 0)) moves/s",
            "floor round trip: " + percentiles(figures),
        ]
        var perMove: Double?
        if figures.seconds > 0, figures.accepted > 0, let start = samples[0], let end = samples[1] {
            let cpu = end.cpuSeconds - start.cpuSeconds
            perMove = cpu / Double(figures.accepted)
            lines.append("floor CPU: \(format(cpu / figures.seconds * 100, 0))% of one core (\(format(cpu / Double(figures.accepted) * 1_000_000, 0)) µs per move)")
        }
        return (lines + errors(figures).map { "floor " + $0 }, perMove)
    }

    static func idle(_ result: IdleRun.Result, asked: Int, inThisProcess: Bool) -> [String] {
        ["idle connections: \(result.held) of \(asked) authenticated in \(seconds(result.openingTime))",
         "as soon as all were open:"]
            + memory(before: result.server[0], held: result.server[1], connections: result.held, inThisProcess: inThisProcess)
            + ["after holding them \(seconds(result.settle)) more:"]
            + memory(before: result.server[0], held: result.server[2], connections: result.held, inThisProcess: inThisProcess)
            + (result.failures.isEmpty ? ["errors: 0"] : ["errors: \(asked - result.held)"] + result.failures.map { "  \($0)" })
    }

    static func queue(_ result: QueueRun.Result, asked: Int) -> [String] {
        func ms(_ duration: Duration) -> String {
            format((Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) * 1000, 1) + " ms"
        }
        return [
            "players: \(result.seeking) of \(asked) connected in \(seconds(result.openingTime)) and sought",
            "paired: \(result.paired) players in \(result.conversations) conversations (\(result.wellFormed) of two players of one pool),"
                + " \(result.pairedTwice) paired twice",
            "pairs: \(format(result.pairsPerSecond, 0))/s (the last \(seconds(result.elapsed)) after the first seek)",
            "wait from seek to pairing: p50 \(ms(result.wait(atFraction: 0.5))), p99 \(ms(result.wait(atFraction: 0.99))),"
                + " max \(ms(result.wait(atFraction: 1)))",
            result.failures.isEmpty ? "errors: 0" : "errors: " + result.failures.joined(separator: "; "),
        ]
    }

    static func pages(_ figures: StatePageRun.Figures, clients: Int, history: Int) -> [String] {
        func ms(_ duration: Duration) -> String {
            format((Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) * 1000, 2) + " ms"
        }
        return [
            "state pages: \(figures.latencies.count) answered (\(clients) clients, the newest of \(history) messages) in "
                + "\(seconds(figures.elapsed)) = \(format(figures.perSecond, 0)) pages/s",
            "state page round trip: p50 \(ms(figures.percentile(0.5))), p99 \(ms(figures.percentile(0.99))), "
                + "max \(ms(figures.percentile(1)))",
            "state page errors: \(figures.errors)" + (figures.firstError.map { " (first: \($0))" } ?? ""),
        ]
    }

    static func percentiles(_ figures: LoadFigures) -> String {
        ["p50", "p99", "p99.9"].enumerated().map { index, name in
            "\(name) \(format(figures.milliseconds(atPercentile: [50, 99, 99.9][index]), 2)) ms"
        }.joined(separator: ", ") + ", max \(format(Double(figures.latencies.max) / 1000, 1)) ms"
    }

    static func memory(before: ProcessSample?, held: ProcessSample?, connections: Int, inThisProcess: Bool) -> [String] {
        guard let before, let held else { return ["server memory: unknown (give --server-pid for a server on this machine)"] }
        let whose = inThisProcess ? " (this process: the server and all its clients)" : ""
        let grown = held.residentBytes - before.residentBytes
        return ["server memory: RSS \(megabytes(held.residentBytes)) MB\(whose), \(megabytes(before.residentBytes)) MB before connecting",
                "server memory per connection: \(kilobytes(grown / max(connections, 1))) KB more per connection; "
                    + "\(kilobytes(held.residentBytes / max(connections, 1))) KB of the whole RSS per connection"]
    }

    static func cpu(_ result: LoadRun.Result, inThisProcess: Bool) -> [String] {
        let wall = result.figures.seconds
        guard wall > 0, let start = result.client[1], let end = result.client[2] else { return [] }
        let clientCPU = end.cpuSeconds - start.cpuSeconds
        if inThisProcess {
            return ["CPU: this process (server and clients) used \(format(clientCPU, 1)) s in \(format(wall, 1)) s"
                + " = \(format(clientCPU / wall * 100, 0))% of one core"]
        }
        guard let serverStart = result.server[1], let serverEnd = result.server[2] else {
            return ["CPU: the clients used \(format(clientCPU / wall * 100, 0))% of one core"]
        }
        let serverCPU = serverEnd.cpuSeconds - serverStart.cpuSeconds
        return ["CPU: server \(format(serverCPU / wall * 100, 0))% of one core"
            + " (\(format((cpuPerMove(result) ?? 0) * 1_000_000, 0)) µs per move), clients \(format(clientCPU / wall * 100, 0))%"]
    }

    /// The server's CPU seconds a move over the run; `nil` when the server's CPU is unknown or mixed
    /// with the clients'.
    static func cpuPerMove(_ result: LoadRun.Result) -> Double? {
        guard result.figures.accepted > 0, let start = result.server[1], let end = result.server[2] else { return nil }
        return (end.cpuSeconds - start.cpuSeconds) / Double(result.figures.accepted)
    }

    static func errors(_ figures: LoadFigures) -> [String] {
        ["errors: \(figures.errors) (refused \(figures.refused), rate-limited \(figures.rateLimited), failed \(figures.failed))"]
            + figures.firstFailures.map { "  \($0)" }
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    static func seconds(_ duration: Duration) -> String {
        format(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18, 1) + " s"
    }

    static func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576, 1) }
    static func kilobytes(_ bytes: Int) -> String { format(Double(bytes) / 1024, 1) }
}
