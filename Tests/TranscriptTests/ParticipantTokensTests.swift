import Foundation
import Testing
import Transcript

@Suite struct ParticipantTokensTests {
    let amber = ParticipantID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    let ben = ParticipantID(uuidString: "0E7B2C9A-3D4F-8A1B-9C2D-3E4F5A6B7C8D")!

    @Test func findsTokensInOrder() {
        let text = "\(amber.token) passed to \(ben.token), then \(amber.token) again"
        #expect(ParticipantTokens.ids(in: text) == [amber, ben, amber])
    }

    @Test func lowercaseTokensAreRecognised() {
        #expect(ParticipantTokens.ids(in: "hi " + amber.token.lowercased()) == [amber])
    }

    @Test(arguments: [
        "$5 for a cone",
        "costs $",
        "$$",
        "$6F9619FF-8B86-D011-B42D-00C04FC964F",  // one digit short
        "$6F9619FF8B86-D011-B42D-00C04FC964FFF",  // hyphen missing
        "$6F9619FF-8B86-D011-B42D-00C04FC964FG",  // not hexadecimal
        "$ 6F9619FF-8B86-D011-B42D-00C04FC964FF",  // space after the dollar
        "{6F9619FF-8B86-D011-B42D-00C04FC964FF}",  // a UUID without a dollar
    ])
    func textThatIsNoTokenIsUntouched(_ text: String) {
        #expect(ParticipantTokens.ids(in: text).isEmpty)
        #expect(ParticipantTokens.replacing(in: text) { _ in "X" } == text)
    }

    @Test func tokenEndsAfterItsUUID() {
        let text = "$\(amber.uuidString)'s turn, $\(ben.uuidString)00 next"
        #expect(ParticipantTokens.replacing(in: text) { $0 == amber ? "Amber" : "Ben" } == "Amber's turn, Ben00 next")
    }

    @Test func dollarBeforeATokenStays() {
        #expect(ParticipantTokens.replacing(in: "$$" + amber.uuidString) { _ in "Amber" } == "$Amber")
    }

    @Test func textAroundTokensKeepsEveryCharacter() {
        let text = "🍦 für \(amber.token) — 完成!"
        #expect(ParticipantTokens.replacing(in: text) { _ in "Amber" } == "🍦 für Amber — 完成!")
    }

    @Test func replacementsAreNotScannedAgain() {
        let result = ParticipantTokens.replacing(in: amber.token) { _ in ben.token }
        #expect(result == ben.token)
    }
}
