import Foundation

/// A value the store's index keeps as JSON, its keys sorted (`StickerRecord`, `GameStart`).
public protocol IndexRecord: Codable {}

extension IndexRecord {
    /// The record an index value holds; `nil` for one that does not decode.
    public init?(json: String) {
        guard let record = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
        self = record
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
