/// Why a signed URL, or a run of them, does not check out; `reason` says so in words.
public struct ChainFailure: Error, Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case unsigned
        case noGame
        case notLast([String])
        case missing(String)
        case duplicated(String, Int)
        case malformed(String, String, String)
        case badSignature(String)
        case broken(message: Int, names: ChainDigest?, before: Int, digest: ChainDigest)
        case notAfter(message: Int, before: Int)
        case uncommitted(Int)
        case commitmentChanged(Int)
        case noOpening(board: Int, cell: String)
        case badOpening(board: Int, cell: String)
        case answerContradicted(board: Int, cell: String, hit: Bool)
        case notRevealed(Int)
        case revealMismatch(Int)
        case revealContradicts(board: Int, cell: String, hit: Bool)
        case undecodable(String)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// A short code, as the protocol's errors have.
    public var code: String {
        switch kind {
        case .unsigned: "unsigned"
        case .noGame: "no-game"
        case .notLast: "signature-not-last"
        case .missing: "missing-item"
        case .duplicated: "duplicated-item"
        case .malformed: "malformed-item"
        case .badSignature: "bad-signature"
        case .broken: "chain-broken"
        case .notAfter: "chain-out-of-order"
        case .uncommitted: "fleet-uncommitted"
        case .commitmentChanged: "fleet-commitment-changed"
        case .noOpening: "fleet-no-opening"
        case .badOpening: "fleet-bad-opening"
        case .answerContradicted: "fleet-answer-contradicted"
        case .notRevealed: "fleet-not-revealed"
        case .revealMismatch: "fleet-reveal-mismatch"
        case .revealContradicts: "fleet-reveal-contradicts"
        case .undecodable: "undecodable-state"
        }
    }

    public var reason: String {
        switch kind {
        case .unsigned:
            "It carries no \(ChainItem.signature): the server did not sign it, or the signature was removed."
        case .noGame:
            "Its path names no game (it should end in /g/GAME)."
        case let .notLast(names):
            "\(names.joined(separator: ", ")) come\(names.count == 1 ? "s" : "") after \(ChainItem.signature), which must be the last item: nothing after it is signed."
        case let .missing(name):
            "It has no \(name) item."
        case let .duplicated(name, count):
            "\(name) appears \(count) times; a signed URL has it once."
        case let .malformed(name, value, expected):
            "\(name)=\(value) is not \(expected)."
        case let .badSignature(fingerprint):
            "The signature does not match the URL as written: an item was changed, added, removed or reordered after signing, or another key than \(fingerprint.prefix(16)) signed it."
        case let .broken(message, names, before, digest):
            "Message \(message) names \(names.map { "the digest \($0.text)" } ?? "no message") as the one before it, but message \(before) before it has the digest \(digest.text): a message between them is missing, or one of them is from another history."
        case let .notAfter(message, before):
            "Message \(message) comes after message \(before) of the same session, but a chain only counts up."
        case let .uncommitted(board):
            "The fleet of seat \(board) is placed, but the message carries no commitment to it (\(FleetProofs.root)=\(board).…)."
        case let .commitmentChanged(board):
            "The server's commitment to the fleet of seat \(board) is not the one it gave before: the fleet was changed after it was placed."
        case let .noOpening(board, cell):
            "The shot at cell \(cell) of seat \(board)'s fleet comes without the opening of that cell (\(FleetProofs.opening)), so its answer cannot be checked."
        case let .badOpening(board, cell):
            "The opening of cell \(cell) of seat \(board)'s fleet does not lead to the root committed to: it is not the cell the server committed to."
        case let .answerContradicted(board, cell, hit):
            "The server answered \(hit ? "hit" : "miss") at cell \(cell) of seat \(board)'s fleet, but the cell it committed to says \(hit ? "nothing covers it" : "a ship covers it")."
        case let .notRevealed(board):
            "The game is over, but the fleet of seat \(board) is not revealed with its salts (\(FleetProofs.seed)=\(board).…)."
        case let .revealMismatch(board):
            "The fleet of seat \(board) revealed at the end is not the one committed to when it was placed."
        case let .undecodable(reason):
            "The server signed a state that does not decode: \(reason)"
        case let .revealContradicts(board, cell, hit):
            "The fleet of seat \(board) revealed at the end contradicts the answer \(hit ? "hit" : "miss") given at cell \(cell)."
        }
    }

    public var description: String { reason }
}
