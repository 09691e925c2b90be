import ArgumentParser
import Bench
import Logging
import Server

/// `parley floor`: the floor server `parley bench --floor` starts as a child process and
/// measures beside Parley (`FloorServer`). Not for players.
struct FloorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor",
        abstract: "Serve the benchmark's floor: store, sign and relay each move, and nothing else.",
        shouldDisplay: false)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port (0: any free one, printed when listening).")
    var port = 0

    @Option(help: ArgumentHelp("The folder for its event log and certificate.", valueName: "path"))
    var data: String

    func run() async throws {
        ServerLogHandler.bootstrap(format: .text, level: .info)
        try await FloorServer.run(host: host, port: port, dataDirectory: data, logger: Logger(label: "parley-floor"))
    }
}
