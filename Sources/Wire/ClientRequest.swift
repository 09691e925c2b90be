import Transcript

/// One request a client sends, described once, in its own file under Sources/Wire/Requests:
/// its fields, its `type` on the wire, the id its answer carries, where it goes, the texts
/// `limits.textLength` bounds, and its JSON both ways.
///
/// Two codecs read and write a request, and both stay. The Codable conformance, synthesized
/// from the fields, is what tools and tests use and what reads a text the fast reader declines;
/// `read` and `write` are the server's hot path, several times faster than `JSONDecoder` and
/// `JSONEncoder`. The golden files of Tests/WireTests and `FrameWriterTests` hold them to the
/// same bytes, so a field added to the struct and forgotten in `write` fails there.
protocol ClientRequest: Codable, Hashable, Sendable {
    /// Its `type` on the wire.
    static var type: StaticString { get }
    /// The id its answer carries; `nil` for a request nobody answers.
    var requestID: String? { get }
    /// Where it goes (see `ClientFrame.Target`).
    var target: ClientFrame.Target { get }
    /// Its text fields but a `send`'s `url` (which has a limit of its own), for `limits.textLength`.
    var texts: [String?] { get }
    /// It, as the frame that carries it.
    var frame: ClientFrame { get }
    /// Reads it from the scanner at its object's start; keys it does not know are skipped, and
    /// the scanner checks `type`.
    static func read(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Self
    /// Writes its members between the object's braces, keys in sorted order, `type` among them
    /// (`JSONOutput.type(_:)`).
    func write(to out: inout JSONOutput)
}

/// What is done alike with whichever request a frame carries: `ClientFrame.accept(_:)` hands
/// it the request with its type, so nothing is boxed on the way.
protocol ClientRequestVisitor {
    associatedtype Answer
    mutating func visit<Request: ClientRequest>(_ request: Request) -> Answer
}

extension ClientFrame {
    /// The request types by their `type` on the wire.
    static let requestTypes: [String: any ClientRequest.Type] = Dictionary(
        uniqueKeysWithValues: requests.map { ("\($0.type)", $0) })

    private struct TypeName: ClientRequestVisitor {
        func visit<Request: ClientRequest>(_: Request) -> StaticString { Request.type }
    }

    private struct RequestID: ClientRequestVisitor {
        func visit<Request: ClientRequest>(_ request: Request) -> String? { request.requestID }
    }

    private struct RequestTarget: ClientRequestVisitor {
        func visit<Request: ClientRequest>(_ request: Request) -> Target { request.target }
    }

    private struct LongestText: ClientRequestVisitor {
        func visit<Request: ClientRequest>(_ request: Request) -> Int {
            request.texts.map { $0?.utf8.count ?? 0 }.max() ?? 0
        }
    }

    struct Writing: ClientRequestVisitor {
        var out: JSONOutput
        mutating func visit<Request: ClientRequest>(_ request: Request) { request.write(to: &out) }
    }

    private struct Encoding: ClientRequestVisitor {
        let encoder: any Encoder
        func visit<Request: ClientRequest>(_ request: Request) -> (any Error)? {
            do {
                try request.encode(to: encoder)
                return nil
            } catch {
                return error
            }
        }
    }

    private func accept<Visitor: ClientRequestVisitor>(_ visitor: Visitor) -> Visitor.Answer {
        var visitor = visitor
        return accept(&visitor)
    }

    /// The frame's `type` on the wire.
    public var type: String { "\(accept(TypeName()))" }

    /// The request id, for frames that expect an answer.
    public var requestID: String? { accept(RequestID()) }

    /// Where the request goes, read from the frame alone and worked out once, here: the router
    /// hands the frame to the pipeline of its target, and the engine loads the conversations
    /// its target names.
    public var target: Target { accept(RequestTarget()) }

    /// The length in bytes of the longest text field other than a `send`'s `url` (which has a
    /// limit of its own), for the server's `limits.textLength`.
    public var longestText: Int { accept(LongestText()) }
}

extension ClientFrame: Codable {
    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)
        guard let request = Self.requestTypes[type] else {
            throw DecodingError.dataCorrupted(.init(codingPath: [TypeKey.type], debugDescription: "unknown frame type \"\(type)\""))
        }
        self = try request.init(from: decoder).frame
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
        if let error = accept(Encoding(encoder: encoder)) { throw error }
    }
}

extension JSONOutput {
    /// A request's `type` member, never its first.
    mutating func type(_ name: StaticString) {
        key("type")
        raw("\"")
        raw(name)
        raw("\"")
    }
}
