import Foundation

/// The one JSON configuration that the server and every client use, so that a frame is spelled
/// the same whoever writes it: sorted keys (the bytes of a value never vary, which is what lets
/// golden files freeze the wire), slashes unescaped (URLs stay readable), ISO-8601 dates.
///
/// Encoders are made per call rather than shared: a shared one would be global state, and
/// making one is cheap next to the I/O that follows.
public enum WireJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The compact JSON of `value`, with no trailing newline.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        try encoder().encode(value)
    }

    /// Reads a `T`; throws a `DecodingError` for malformed JSON or a value of the wrong shape.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder().decode(type, from: data)
    }
}
