import Foundation

/// How long `parley serve` takes to listen, and what it holds once it does, over stores of
/// different sizes: each store is written by ``StoreGenerator`` into a new folder, then the
/// server is started on it as a child process, timed from launch to its "listening" line.
public struct StartupRun {
    public let executable: String
    public let sizes: [Int]
    public let clocks: Int

    public init(executable: String, sizes: [Int], clocks: Int = 100) {
        self.executable = executable
        self.sizes = sizes
        self.clocks = clocks
    }

    public func run(print: (String) -> Void) async throws {
        print("start-up of parley serve over stores of \(sizes.map { $0.formatted() }.joined(separator: ", ")) moves;")
        print("conversations of 300 moves, the last \(clocks) (or all) with a turn clock running, which a start loads")
        print("moves       conversations  clocks  records     store      written   listening  RSS then   RSS +2 s")
        for size in sizes {
            let folder = BackgroundServer.temporaryFolder("parley-bench-startup")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let writing = ContinuousClock.now
            let summary = try await StoreGenerator(moves: size, clocks: clocks).write(into: folder)
            let written = ContinuousClock.now - writing
            let launch = ContinuousClock.now
            let server = try await SpawnedServer.start(executable: executable, settings: [], dataDirectory: folder)
            let listening = ContinuousClock.now - launch
            let then = ProcessSample.read(pid: server.pid)?.residentBytes ?? 0
            try await Task.sleep(for: .seconds(2))
            let later = ProcessSample.read(pid: server.pid)?.residentBytes ?? 0
            server.stop()
            let columns = [
                summary.moves.formatted().padding(toLength: 12, withPad: " ", startingAt: 0),
                summary.conversations.formatted().padding(toLength: 15, withPad: " ", startingAt: 0),
                summary.clocks.formatted().padding(toLength: 8, withPad: " ", startingAt: 0),
                summary.records.formatted().padding(toLength: 12, withPad: " ", startingAt: 0),
                "\(summary.bytes / 1_000_000) MB".padding(toLength: 11, withPad: " ", startingAt: 0),
                Self.seconds(written).padding(toLength: 10, withPad: " ", startingAt: 0),
                Self.seconds(listening).padding(toLength: 11, withPad: " ", startingAt: 0),
                "\(then / 1_048_576) MB".padding(toLength: 11, withPad: " ", startingAt: 0),
                "\(later / 1_048_576) MB",
            ]
            print(columns.joined())
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.2f s", seconds)
    }
}
