import Client
import Foundation
import Synchronization

/// Clients that fetch one state page over and over while the bench's games run, each on a
/// connection it keeps as a browser does (or, with `reconnecting`, a new HTTPS connection a
/// page, as many browsers opening a link would): what a public page costs the server and
/// whether the moves of other conversations feel it.
struct StatePageRun: Sendable {
    let endpoint: ServerEndpoint
    let clients: Int
    /// The page: a path and query.
    let path: String
    /// What every answer must say (a chain check that found the message before).
    let expected: String
    let reconnecting: Bool
    /// How long each client waits after a page before the next.
    var pause: Duration = .zero

    struct Figures: Sendable {
        var latencies: [Duration] = []
        var errors = 0
        var firstError: String?
        var elapsed: Duration = .zero

        var perSecond: Double {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return seconds > 0 ? Double(latencies.count) / seconds : 0
        }

        func percentile(_ fraction: Double) -> Duration {
            let sorted = latencies.sorted()
            guard !sorted.isEmpty else { return .zero }
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
    }

    /// Set once the games are over: the clients stop after their page in flight.
    final class Stop: Sendable {
        private let stopped = Atomic(false)
        var isSet: Bool { stopped.load(ordering: .relaxed) }
        func set() { stopped.store(true, ordering: .relaxed) }
    }

    /// Fetches until `stop` is set.
    func run(until stop: Stop) async -> Figures {
        let start = ContinuousClock.now
        var total = await withTaskGroup(of: Figures.self) { group in
            for _ in 0..<clients {
                group.addTask { [endpoint, path, expected, reconnecting, pause] in
                    var figures = Figures()
                    var kept: PageConnection?
                    defer { kept?.close() }
                    while !stop.isSet {
                        let began = ContinuousClock.now
                        do {
                            let page: ServerEndpoint.Page
                            if reconnecting {
                                page = try await endpoint.get(path)
                            } else {
                                let connection: PageConnection
                                if let kept { connection = kept } else { connection = try await PageConnection.open(to: endpoint) }
                                kept = connection
                                do { page = try await connection.get(path) } catch {
                                    kept = nil
                                    connection.close()
                                    throw error
                                }
                            }
                            let took = ContinuousClock.now - began
                            if page.status == 200, page.body.contains(expected) {
                                figures.latencies.append(took)
                            } else {
                                figures.errors += 1
                                figures.firstError = figures.firstError ?? "status \(page.status): \(page.body.prefix(300))"
                            }
                        } catch {
                            figures.errors += 1
                            figures.firstError = figures.firstError ?? "\(error)"
                        }
                        if pause > .zero { try? await Task.sleep(for: pause) }
                    }
                    return figures
                }
            }
            var total = Figures()
            for await figures in group {
                total.latencies += figures.latencies
                total.errors += figures.errors
                total.firstError = total.firstError ?? figures.firstError
            }
            return total
        }
        total.elapsed = ContinuousClock.now - start
        return total
    }
}
