import Transcript

/// The clients' frames, each read by its request's own `read` (Sources/Wire/Requests), key for
/// key as its `Decodable` conformance reads it; keys it does not know are skipped, and the
/// scanner checks `type`.
extension FrameReader {
    static func clientFrame(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame {
        let type = try guessedType(s)
        s.expectFrameType(type)
        guard let request = ClientFrame.requestTypes[type] else { throw JSONScanner.Declined() }
        let frame = try request.readFrame(&s)
        try s.end()
        return frame
    }
}

extension ClientRequest {
    /// It read, as the frame that carries it.
    static func readFrame(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ClientFrame {
        try read(&s).frame
    }
}
