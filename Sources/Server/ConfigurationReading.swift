import Admin
import Configuration
import Foundation
import GameCatalog
import Logging
import Pipelines
import Transport

/// Turns the layered settings into a checked `ServerConfiguration`, one `Setting` at a time, so
/// that a wrong type or an out-of-range value from any layer becomes a `ConfigurationError`
/// naming the key, instead of a silent fall back to the default (which is what
/// swift-configuration's non-throwing getters would do).
struct ConfigurationReading {
    private let reader: ConfigReader
    private let catalog: GameCatalog

    init(_ reader: ConfigReader, catalog: GameCatalog) {
        self.reader = reader
        self.catalog = catalog
    }

    func configuration() async throws(ConfigurationError) -> ServerConfiguration {
        var result = ServerConfiguration(catalog: catalog)
        let settings = Setting.all(for: catalog)
        for setting in settings {
            if let value = try await setting.read(from: reader) { setting.apply(&result, value) }
        }
        for setting in settings {
            if let problem = setting.conflict(result) { throw .invalid(setting.key, problem) }
        }
        return result
    }
}
