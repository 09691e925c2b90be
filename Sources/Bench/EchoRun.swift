import Client

/// The baseline: as many echo tables as the load run has bot tables, for as long.
public struct EchoRun: Sendable {
    public var endpoint: ServerEndpoint
    public var tables: Int
    public var window = 32

    public init(endpoint: ServerEndpoint, tables: Int) {
        self.endpoint = endpoint
        self.tables = tables
    }

    public func run(limit: LoadMeter.Limit) async -> LoadFigures {
        let meter = LoadMeter(limit: limit)
        let (opened, refused) = await Staggered.open(tables, window: window) { [endpoint] _ in
            try await LoopEchoTable.open(at: endpoint)
        }
        for error in refused.prefix(3) { meter.failed("an echo table could not be opened: \(error)") }
        meter.start()
        for table in opened { table.play(meter: meter) }
        await meter.waitUntilStopped()
        for table in opened { table.close() }
        return meter.snapshot()
    }
}
