import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads on every `SIGHUP` (`systemctl reload parley`), as `parley admin reload` does, for as
/// long as the server runs. A reload that fails is logged; the server goes on as it was.
struct HangupReload: Service {
    let reload: ServerReload
    let logger: Logger

    func run() async throws {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        for await _ in hangups.cancelOnGracefulShutdown() {
            do {
                _ = try await reload.reload()
            } catch {
                logger.error("Reload on SIGHUP changed nothing", metadata: ["error": "\(error)"])
            }
        }
    }
}
