import GameRules
import Transcript
import Wire

/// The frames of Tests/WireTests/FrameGoldenTests.swift: an ice cream message event as a
/// member receives it, and a reply to it as a client sends it.
enum Frames {
    static let ben = ParticipantID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let conversation: ConversationID = "5D3C1A2B-0000-4000-8000-00000000C0DE"
    static let session = SessionID(uuidString: "9A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C2D3")!

    static let message = Event(
        conversation: conversation, seq: 6, kind: .message,
        message: Message(
            game: "icecream", url: "https://localhost:8443/g/icecream?Base=base01&Scoops=scoops02", session: session,
            layout: TemplateLayout(caption: "I added some scoops"),
            summaryText: "\(ben.token) added scoops", accessibilityLabel: "Ice cream: waffle cone with chocolate scoops.",
            sender: ben),
        status: GameStatus(
            session: session.uuidString, game: "icecream", variant: "group", moves: 2,
            turn: TurnInfo(kind: .anyoneExcept, participants: [ben]), outcome: OutcomeInfo(finished: false),
            prompt: "Finish with a topping"))

    static let send = ClientFrame.Send(
        id: "m2", conversation: conversation, game: "icecream", session: session.uuidString, basedOn: 6,
        url: "https://localhost:8443/g/icecream?Base=base01&Scoops=scoops02&Topping=topping07")
}
