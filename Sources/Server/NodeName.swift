import Admin
import Files
import Foundation
import Pipelines
import Transport

/// A server's name among the nodes sharing a store when `server.node` does not give one: made at
/// its first start and kept in its data folder (`node`), so that it outlives restarts.
enum NodeName {
    static func loadOrCreate(in dataDirectory: String) throws -> String {
        let path = (dataDirectory as NSString).appendingPathComponent("node")
        if let data = FileManager.default.contents(atPath: path) {
            let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.isEmpty { return name }
        }
        var generator = SystemRandomNumberGenerator()
        let name = "node-" + String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
        try PrivateFile.replace(path, contents: name + "\n", mode: 0o644)
        return name
    }
}
