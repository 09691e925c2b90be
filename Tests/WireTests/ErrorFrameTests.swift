import Foundation
import GameRules
import Testing
import Transcript
import Wire

@Suite struct ErrorFrameTests {
    /// The value frozen in Golden/ErrorFrame.json.
    let notYourTurn = ErrorFrame(RuleViolation.notYourTurn)

    @Test func encodingGivesTheGoldenBytes() throws {
        let encoded = try WireJSON.encode(notYourTurn)
        #expect(encoded == (try GoldenFile.data("ErrorFrame")), "\(GoldenFile.text(encoded))")
    }

    @Test func decodingTheGoldenGivesTheValue() throws {
        let decoded = try WireJSON.decode(ErrorFrame.self, from: GoldenFile.data("ErrorFrame"))
        #expect(decoded == notYourTurn)
        #expect(decoded == ErrorFrame(code: "not-your-turn", reason: "It is not your turn."))
    }

    @Test func carriesARuleViolationsCodeAndReasonVerbatim() {
        let frame = ErrorFrame(RuleViolation.illegal("Cell 9 is off the board."))
        #expect(frame.code == RuleViolation.Code.illegalMove.rawValue)
        #expect(frame.reason == "Cell 9 is off the board.")
    }

    @Test func carriesATranscriptError() throws {
        let cast = ParticipantIdentifiers(secret: Array(repeating: 1, count: 32))
        let ben = cast.directory(for: "ben-phone", members: ["ben"])
        let stranger = ParticipantID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        let message = Message(
            game: "icecream", url: "?", layout: TemplateLayout(caption: stranger.token), sender: ben.id(for: "ben")!)
        #expect {
            try message.translated(from: ben, to: ben)
        } throws: { error in
            guard let error = error as? TranscriptError else { return false }
            let frame = ErrorFrame(error)
            return frame.code == "unknown-participant" && frame.reason.contains(stranger.token)
        }
    }

    @Test(arguments: ["{\"code\":\"x\"}", "{\"code\":1,\"reason\":\"r\"}", "[", ""])
    func malformedFramesFailToDecode(_ json: String) {
        #expect(throws: DecodingError.self) {
            try WireJSON.decode(ErrorFrame.self, from: Data(json.utf8))
        }
    }
}
