import Foundation
import Testing

/// Reads the frozen wire examples in `Golden/`. They hold compact JSON with no trailing newline,
/// byte for byte what `WireJSON.encode` writes; an editor that adds a newline breaks the test
/// on purpose, since the files are the wire's contract and not for tidying.
enum GoldenFile {
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "no golden file Golden/\(name).json in the test bundle" }
    }

    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden") else {
            throw Missing(name: name)
        }
        return try Data(contentsOf: url)
    }

    /// Text for readable failure messages; the comparisons themselves are on bytes.
    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
}
