import Admin
import Pipelines
import ServiceLifecycle
import Storage
import Transport

/// Closes the store the server opened once everything that writes to it has stopped: SQLite then
/// folds its write-ahead log into the main file, so a data folder left by a clean stop is one
/// self-contained `events.sqlite`. Listed before the relay, it is shut down after it.
struct StoreCloser: Service {
    let log: any EventLog

    func run() async throws {
        try? await gracefulShutdown()
        await log.close()
    }
}
