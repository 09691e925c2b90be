import Foundation
import Testing
import Transcript
import Wire

/// A conversation's id is spelt once, where a frame is read: a UUID in any case names the
/// conversation whose id is its upper-case form, by the hand-written reader and by `Codable`
/// alike; anything else is kept as sent (and refused as an unknown conversation by the server).
@Suite struct ConversationIDSpellingTests {
    static let upper = "5D3C1A2B-0000-4000-8000-00000000C0DE"

    @Test(arguments: [
        #"{"type":"resume","id":"r","conversation":"5d3c1a2b-0000-4000-8000-00000000c0de","after":0}"#,
        #"{"type":"send","id":"m","conversation":"5D3C1a2b-0000-4000-8000-00000000c0De","game":"icecream","url":"?Base=base01"}"#,
        #"{"type":"chat","id":"c","conversation":"5d3c1a2b-0000-4000-8000-00000000c0de","text":"hi"}"#,
        #"{"type":"list","id":"l","after":"5d3c1a2b-0000-4000-8000-00000000c0de"}"#,
    ])
    func aLowerCaseUUIDNamesTheSameConversation(text: String) throws {
        let read = try #require(FrameReader.clientFrame(text))
        let decoded = try WireJSON.decode(ClientFrame.self, from: Data(text.utf8))
        #expect(read == decoded)
        let named: ConversationID? = switch read {
        case let .resume(frame): frame.conversation
        case let .send(frame): frame.conversation
        case let .chat(frame): frame.conversation
        case let .list(frame): frame.after
        default: nil
        }
        #expect(named == ConversationID(rawValue: Self.upper))
    }

    @Test func anIdThatIsNoUUIDIsKeptAsSent() throws {
        let text = #"{"type":"resume","id":"r","conversation":"not-a-uuid","after":0}"#
        let conversation = try #require({ if case let .resume(frame)? = FrameReader.clientFrame(text) { frame.conversation } else { nil } }())
        #expect(conversation.rawValue == "not-a-uuid")
        #expect(ConversationID(spelling: "  \(Self.upper)") == ConversationID(rawValue: "  \(Self.upper)"))
    }
}
