import Client
import Logging

/// The baseline's counterpart of a `BotTable`: two connections taking turns, one message in
/// flight at a time, so that the echo sees the same concurrency as the games. The message is
/// about as long as a Parley move: in a mixed run the proposed states average about 420
/// characters (seed 66, ice cream 28, classic 1,170), so a `send` frame averages about 600
/// bytes, with a median near 250.
struct EchoTable: Sendable {
    let first: EchoConnection
    let second: EchoConnection

    static let message = String(repeating: "x", count: 400)

    static func open(at endpoint: ServerEndpoint, logger: Logger) async throws -> EchoTable {
        let first = try await EchoConnection.open(to: endpoint, logger: logger)
        do {
            return EchoTable(first: first, second: try await EchoConnection.open(to: endpoint, logger: logger))
        } catch {
            first.close()
            throw error
        }
    }

    /// Echoes on each connection in turn until the meter stops.
    func play(meter: LoadMeter) async {
        var turn = 0
        while !meter.isStopped {
            let connection = turn % 2 == 0 ? first : second
            turn += 1
            let start = ContinuousClock.now
            do {
                let reply = try await connection.echo(Self.message)
                if reply.utf8.count == Self.message.utf8.count {
                    meter.echoed(roundTrip: .now - start)
                } else {
                    meter.failed("the echo came back changed")
                }
            } catch {
                meter.failed("\(error)")
                return
            }
        }
    }

    func close() {
        first.close()
        second.close()
    }
}
