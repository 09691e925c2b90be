import Foundation

/// A signed state URL read back: its statement, as the signed bytes are rebuilt from it, and
/// its chain's items. Reading checks the URL's shape; `verify(with:)` checks the signature.
public struct ChainedURL: Sendable, Hashable {
    public let url: String
    public let statement: ChainStatement
    public let session: String
    /// The message's number in its session, counted from 1.
    public let message: Int
    /// The digest of the message before it as the same viewer received it; `nil` when this one
    /// begins its session's chain.
    public let previous: ChainDigest?
    public let signature: ChainSignature

    public var digest: ChainDigest { statement.digest }

    public init(_ url: String) throws(ChainFailure) {
        self.url = url
        let game = try Self.game(of: url)
        let query = Self.query(of: url)
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false)
        let names = pairs.map { Self.name(of: $0) }
        let signatureAt = names.indices.filter { names[$0] == ChainItem.signature }
        guard let signatureIndex = signatureAt.first else { throw ChainFailure(.unsigned) }
        guard signatureAt.count == 1 else { throw ChainFailure(.duplicated(ChainItem.signature, signatureAt.count)) }
        guard signatureIndex == pairs.count - 1 else {
            throw ChainFailure(.notLast(Array(names[(signatureIndex + 1)...])))
        }
        let signed = pairs[..<signatureIndex]
        func value(_ name: String) throws(ChainFailure) -> String {
            let found = signed.indices.filter { names[$0] == name }
            guard let index = found.first else { throw ChainFailure(.missing(name)) }
            guard found.count == 1 else { throw ChainFailure(.duplicated(name, found.count)) }
            return Self.value(of: pairs[index])
        }
        session = try value(ChainItem.session)
        guard UUID(uuidString: session) != nil else { throw ChainFailure(.malformed(ChainItem.session, session, "a UUID")) }
        let number = try value(ChainItem.message)
        guard let message = Int(number), message >= 1 else {
            throw ChainFailure(.malformed(ChainItem.message, number, "a whole number from 1"))
        }
        self.message = message
        let previous = try value(ChainItem.previous)
        if previous == ChainItem.noPrevious {
            self.previous = nil
        } else if let digest = ChainDigest(text: previous) {
            self.previous = digest
        } else {
            throw ChainFailure(.malformed(ChainItem.previous, previous, "\(ChainItem.noPrevious) or 43 characters of base64url"))
        }
        let signatureText = Self.value(of: pairs[signatureIndex])
        guard let signature = ChainSignature(text: signatureText) else {
            throw ChainFailure(.malformed(ChainItem.signature, signatureText, "86 characters of base64url"))
        }
        self.signature = signature
        statement = ChainStatement(game: game, query: signed.joined(separator: "&"))
    }

    /// Throws unless `key` signed the URL exactly as written.
    public func verify(with key: ChainPublicKey) throws(ChainFailure) {
        guard key.isValid(signature, for: statement) else { throw ChainFailure(.badSignature(key.fingerprint)) }
    }

    /// The URL's game: the path component after `/g/`.
    private static func game(of url: String) throws(ChainFailure) -> String {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        guard let range = path.range(of: "/g/", options: .backwards) else { throw ChainFailure(.noGame) }
        let game = path[range.upperBound...]
        guard !game.isEmpty, !game.contains("/") else { throw ChainFailure(.noGame) }
        return String(game)
    }

    /// Everything after the first `?` up to any `#`.
    private static func query(of url: String) -> Substring {
        guard let mark = url.firstIndex(of: "?") else { return "" }
        let rest = url[url.index(after: mark)...]
        return rest.prefix { $0 != "#" }
    }

    private static func name(of pair: Substring) -> String {
        decoded(pair.prefix { $0 != "=" })
    }

    private static func value(of pair: Substring) -> String {
        guard let equals = pair.firstIndex(of: "=") else { return "" }
        return decoded(pair[pair.index(after: equals)...])
    }

    /// Percent-decoded; most names and values hold no escape, and are taken as they are.
    private static func decoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        return text.removingPercentEncoding ?? String(text)
    }
}
