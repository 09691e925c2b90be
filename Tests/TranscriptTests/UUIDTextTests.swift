import Foundation
import GameRules
import Testing
@testable import Transcript

/// Identifiers read and written by hand agree with Foundation's UUID text.
@Suite struct UUIDTextTests {
    @Test func writingAndReadingAgreeWithFoundation() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<2_000 {
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                   bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
            let text = UUIDText.string(uuid)
            #expect(text == uuid.uuidString.uppercased())
            #expect(UUIDText.uuid(text) == uuid)
            #expect(UUIDText.uuid(text.lowercased()) == uuid)
            #expect(ParticipantID(uuidString: text.lowercased())?.uuidString == text)
            #expect(SessionID(uuidString: text)?.uuidString == text)
        }
    }

    @Test(arguments: [
        "", "6F9619FF-8B86-D011-B42D-00C04FC964F", "6F9619FF-8B86-D011-B42D-00C04FC964FFF",
        "6F9619FF8B86-D011-B42D-00C04FC964FF0", "6F9619FF-8B86-D011-B42D_00C04FC964FF", "6F9619FG-8B86-D011-B42D-00C04FC964FF",
        "{6F9619FF-8B86-D011-B42D-00C04FC964F}", "6F9619FF-8B86-D011-B42D-00C04FC964É",
    ])
    func malformedTextIsRefusedAsFoundationRefusesIt(_ text: String) {
        #expect(UUIDText.uuid(text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
