import Fairness
import Testing
import WebPages

/// The page of a signed URL says whether this server signed it as it stands, and, when the
/// server was asked for the message before it, whether the chain is intact.
@Suite struct SignedStatePageTests {
    static let signer = ChainSigner.fresh()
    static let session = "9A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C2D3"

    static func query(message: Int, previous: ChainDigest?) -> (String, ChainStatement) {
        let statement = ChainStatement(
            game: "icecream", view: "?Base=base01&Scoops=scoops02", session: session, message: message, previous: previous)
        return (String(statement.signedQuery(signer.sign(statement)).dropFirst()), statement)
    }

    @Test func theChainIsIntactOnlyWhereTheServerHoldsTheMessageBefore() {
        let (_, first) = Self.query(message: 1, previous: nil)
        let (second, _) = Self.query(message: 2, previous: first.digest)
        let key = Self.signer.publicKey
        let intact = StatePage.page(path: "/g/icecream", query: second, key: key, held: [first.digest]).html
        #expect(intact.contains("message 2 of session \(Self.session); chain intact: it follows message 1 of its session as this server holds it."))
        let broken = StatePage.page(path: "/g/icecream", query: second, key: key, held: []).html
        #expect(broken.contains("but CHAIN BROKEN: this server holds no message 1 of its session whose digest it names."))
        let unasked = StatePage.page(path: "/g/icecream", query: second, key: key).html
        #expect(unasked.contains("it follows the message whose digest is \(first.digest.text)."))
        let other = StatePage.page(path: "/g/icecream", query: second, key: ChainSigner.fresh().publicKey).html
        #expect(other.contains(#"class="error">Not as this server signed it: The signature does not match"#))
        // A URL without any chain item says nothing of signatures.
        #expect(!StatePage.page(path: "/g/icecream", query: "Base=base01", key: key).html.contains("signature"))
    }
}
