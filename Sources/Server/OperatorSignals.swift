import Logging
import ServiceLifecycle
import UnixSignals

/// What `parley serve` does with the operator's signals besides stopping on SIGTERM and SIGINT
/// (which the service group handles): each `SIGHUP` (`systemctl reload parley`) reloads, as
/// `parley admin reload` does, and the start of a stop is logged. A reload that fails is logged;
/// the server goes on as it was.
struct OperatorSignals: Service {
    let reload: ServerReload
    let drainSeconds: Int
    let logger: Logger

    func run() async throws {
        // The service group traps SIGTERM and SIGINT too, and stops the server on them: both
        // hear each signal.
        let signals = await UnixSignalsSequence(trapping: .sighup, .sigterm, .sigint)
        for await signal in signals.cancelOnGracefulShutdown() {
            guard signal == .sighup else {
                logger.notice(
                    "Stopping: no new connections; each open one is closed (1001) once its frames are written",
                    metadata: ["signal": "\(signal)", "drainSeconds": "\(drainSeconds)"])
                continue
            }
            do {
                _ = try await reload.reload()
            } catch {
                logger.error("Reload on SIGHUP changed nothing", metadata: ["error": "\(error)"])
            }
        }
    }
}
