import Crypto
import Foundation
import GameRules

/// What the server signs for one message as one viewer receives it: the game, the state as that
/// viewer sees it, and the chain's items, which place the message in its session.
///
/// A signed URL is the statement's query followed by its signature, the last item:
///
///     https://HOST/g/GAME?VIEW&Chain_Session=UUID&Chain_Message=N&Chain_Previous=DIGEST&Chain_Signature=SIG
///
/// The signature is Ed25519 over `signedBytes`: `parley-chain-1`, a line feed, the game's id, a
/// line feed, and the URL's query from just after the `?` up to just before `&Chain_Signature=`,
/// byte for byte as written. The message's digest, which the session's next message names as
/// its `Chain_Previous`, is the SHA-256 of the same bytes. docs/FAIRNESS.md is the reference.
public struct ChainStatement: Sendable, Hashable {
    /// The game's id, the URL's last path component (`/g/battleship`).
    public let game: String
    /// The URL's query without its `?`, up to (not including) `&Chain_Signature=`.
    public let query: String

    /// The statement of a message: `view` is the state's query as the viewer sees it (with or
    /// without its `?`, empty for a state of no items); `message` counts the session's messages
    /// from 1; `previous` is the digest of the message before it as this viewer received it,
    /// `nil` for a message that begins its session's chain.
    public init(game: String, view: String, session: String, message: Int, previous: ChainDigest?) {
        self.init(game: game, view: view, fleet: nil, session: session, message: message, previous: previous)
    }

    /// The statement of a message whose copies carry `fleet`'s items after the view's own
    /// (`ProofItems.appending(fleet, to: view)`), written at once.
    public init(game: String, view: String, fleet: String?, session: String, message: Int, previous: ChainDigest?) {
        var query = ""
        Self.write(view: view, fleet: fleet, session: session, message: message, previous: previous, extra: 0, into: &query)
        self.init(game: game, query: query)
    }

    /// The URL's query of a message's copy, from its `?`, signed by `signature`: what
    /// `init(game:view:fleet:…)` and then `signedQuery(_:)` give, without the statement between.
    public static func signedQuery(
        view: String, fleet: String?, session: String, message: Int, previous: ChainDigest?, signature: ChainSignature
    ) -> String {
        let signed = signature.text
        var query = "?"
        write(view: view, fleet: fleet, session: session, message: message, previous: previous,
              extra: ChainItem.signature.utf8.count + signed.utf8.count + 3, into: &query)
        query += "&"
        query += ChainItem.signature
        query += "="
        query += signed
        return query
    }

    /// The statement's query, without its `?`, after what `query` holds: the view's items, the
    /// fleet's, then the chain's. Room for `extra` more bytes is kept.
    private static func write(
        view: String, fleet: String?, session: String, message: Int, previous: ChainDigest?, extra: Int, into query: inout String
    ) {
        // As `ProofItems.appending(fleet, to: view)` and then dropping its `?` would write it.
        let items = view.hasPrefix("?") ? view.dropFirst() : Substring(view)
        let fleet = fleet ?? ""
        let number = String(message), before = previous?.text ?? ChainItem.noPrevious
        query.reserveCapacity(
            query.utf8.count + items.utf8.count + fleet.utf8.count + session.utf8.count + number.utf8.count + before.utf8.count
                + ChainItem.session.utf8.count + ChainItem.message.utf8.count + ChainItem.previous.utf8.count + 8 + extra)
        query += items
        if !fleet.isEmpty {
            if !view.isEmpty { query += "&" }
            query += fleet
        }
        if !items.isEmpty || !fleet.isEmpty { query += "&" }
        query += ChainItem.session
        query += "="
        query += session
        query += "&"
        query += ChainItem.message
        query += "="
        query += number
        query += "&"
        query += ChainItem.previous
        query += "="
        query += before
    }

    /// A statement as read back from a URL (`ChainedURL`).
    init(game: String, query: String) {
        self.game = game
        self.query = query
    }

    public static let label = "parley-chain-1"

    /// The bytes signed and hashed.
    public var signedBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.label.utf8.count + game.utf8.count + query.utf8.count + 2)
        bytes += Self.label.utf8
        bytes.append(0x0A)
        bytes += game.utf8
        bytes.append(0x0A)
        bytes += query.utf8
        return bytes
    }

    /// What the session's next message names as its `Chain_Previous`.
    public var digest: ChainDigest { ChainDigest(SHA256.hash(data: signedBytes)) }

    /// The URL's query, from its `?`, with `signature` as its last item.
    public func signedQuery(_ signature: ChainSignature) -> String {
        let signed = signature.text
        var text = "?"
        text.reserveCapacity(query.utf8.count + ChainItem.signature.utf8.count + signed.utf8.count + 3)
        text += query
        text += "&"
        text += ChainItem.signature
        text += "="
        text += signed
        return text
    }
}

/// The names of the chain's query items, which the server adds after a state's own items.
public enum ChainItem {
    public static let session = "Chain_Session"
    public static let message = "Chain_Message"
    public static let previous = "Chain_Previous"
    public static let signature = "Chain_Signature"
    /// `Chain_Previous` of a message that begins its session's chain.
    public static let noPrevious = "none"
    /// Every chain item's name begins so; a game's own items never do.
    public static let prefix = "Chain_"
}

/// The items the server adds after a state's own: the fleet items (`FleetProofs`) and the
/// chain's (`ChainItem`).
public enum ProofItems {
    /// `url` without the server's items: a client builds its next proposal from the signed URL
    /// it was shown, and the proofs are the server's to write, not part of a state.
    public static func removed(from url: String) -> String {
        guard holds(ChainItem.prefix, in: url) || holds(FleetProofs.prefix, in: url), let mark = url.firstIndex(of: "?") else {
            return url
        }
        let head = url[...mark]
        let rest = url[url.index(after: mark)...]
        let fragment = rest.firstIndex(of: "#").map { rest[$0...] } ?? ""
        let kept = rest.prefix { $0 != "#" }.split(separator: "&", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix(ChainItem.prefix) && !$0.hasPrefix(FleetProofs.prefix) }
        return head + kept.joined(separator: "&") + fragment
    }

    /// A state's items without the server's: what a client shows of a game it has no rules for,
    /// and the state it adds a move's items to.
    public static func removed(from items: [QueryItem]) -> [QueryItem] {
        items.filter { !$0.name.hasPrefix(ChainItem.prefix) && !$0.name.hasPrefix(FleetProofs.prefix) }
    }

    /// Whether `text` holds `needle`, compared byte for byte (`String.contains` goes through
    /// Foundation's locale-aware search, and this runs on every proposal).
    static func holds(_ needle: String, in text: String) -> Bool {
        let needle = Array(needle.utf8)
        var text = text
        return text.withUTF8 { bytes in
            guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
            var index = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == first, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) { return true }
                index += 1
            }
            return false
        }
    }

    /// A state's query (`?…`, or empty) with the fleet items after its own.
    public static func appending(_ fleet: String?, to view: String) -> String {
        guard let fleet, !fleet.isEmpty else { return view }
        return view.isEmpty ? "?" + fleet : view + "&" + fleet
    }
}
