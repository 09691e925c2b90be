import Foundation
import Testing
import Transcript

@Suite struct TokenTranslationTests {
    let cast = Cast()

    /// Ben's message about Amber and Chris, in Ben's view, with a token in every text field.
    func bensMessage() -> Message {
        let amber = cast.id(cast.amber, cast.benPhone).token
        let chris = cast.id(cast.chris, cast.benPhone).token
        let ben = cast.id(cast.ben, cast.benPhone)
        return Message(
            game: "battleship",
            url: "https://parley.example/battleship?Ship_Location=0&Is_Complete=0",
            session: Sample.first,
            layout: TemplateLayout(
                caption: "\(ben.token) placed their ships! Can \(amber) find them?",
                subcaption: "for \(amber)",
                trailingCaption: "\(chris) watches",
                trailingSubcaption: "then \(chris)",
                imageTitle: "\(amber)'s board",
                imageSubtitle: "by \(ben.token)",
                image: "board-\(amber)"),
            summaryText: "\(ben.token) placed ships",
            accessibilityLabel: "A board from \(ben.token) for \(amber)",
            sender: ben)
    }

    @Test func everyTextFieldAndTheSenderAreTranslated() throws {
        let toAmber = try bensMessage().translated(
            from: cast.directory(cast.benPhone), to: cast.directory(cast.amberPhone))
        let amber = cast.id(cast.amber, cast.amberPhone).token
        let ben = cast.id(cast.ben, cast.amberPhone).token
        let chris = cast.id(cast.chris, cast.amberPhone).token
        #expect(toAmber.sender == cast.id(cast.ben, cast.amberPhone))
        #expect(toAmber.layout.caption == "\(ben) placed their ships! Can \(amber) find them?")
        #expect(toAmber.layout.subcaption == "for \(amber)")
        #expect(toAmber.layout.trailingCaption == "\(chris) watches")
        #expect(toAmber.layout.trailingSubcaption == "then \(chris)")
        #expect(toAmber.layout.imageTitle == "\(amber)'s board")
        #expect(toAmber.layout.imageSubtitle == "by \(ben)")
        #expect(toAmber.summaryText == "\(ben) placed ships")
        #expect(toAmber.accessibilityLabel == "A board from \(ben) for \(amber)")
    }

    /// The image names a picture and the URL carries game state; neither is a text for people.
    @Test func imageNameURLGameAndSessionAreKept() throws {
        let original = bensMessage()
        let toChris = try original.translated(from: cast.directory(cast.benPhone), to: cast.directory(cast.chrisLaptop))
        #expect(toChris.layout.image == original.layout.image)
        #expect(toChris.url == original.url)
        #expect(toChris.game == original.game)
        #expect(toChris.session == original.session)
    }

    @Test func roundTripGivesTheOriginal() throws {
        let original = bensMessage()
        let ben = cast.directory(cast.benPhone)
        for recipient in [cast.amberPhone, cast.chrisLaptop, cast.benPhone] {
            let there = try original.translated(from: ben, to: cast.directory(recipient))
            if recipient != cast.benPhone { #expect(there != original) }
            #expect(try there.translated(from: cast.directory(recipient), to: ben) == original)
        }
    }

    @Test func lowercaseTokensAreTranslated() throws {
        var message = bensMessage()
        message.summaryText = "hi " + cast.id(cast.amber, cast.benPhone).token.lowercased()
        let toChris = try message.translated(from: cast.directory(cast.benPhone), to: cast.directory(cast.chrisLaptop))
        #expect(toChris.summaryText == "hi " + cast.id(cast.amber, cast.chrisLaptop).token)
    }

    @Test func aDollarWithoutAUUIDIsUntouched() throws {
        var message = bensMessage()
        message.layout.caption = "A cone costs $5, or $ 3 with $$ off"
        let toAmber = try message.translated(from: cast.directory(cast.benPhone), to: cast.directory(cast.amberPhone))
        #expect(toAmber.layout.caption == "A cone costs $5, or $ 3 with $$ off")
    }

    /// Another viewer's id for a member is as unknown to Ben's directory as a stranger's.
    @Test(arguments: ["outsider", "chrisView", "random"])
    func aTokenNamingNoMemberIsRefused(_ kind: String) {
        let unknown = switch kind {
        case "outsider": cast.id(cast.outsider, cast.benPhone)
        case "chrisView": cast.id(cast.amber, cast.chrisLaptop)
        default: ParticipantID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        }
        var message = bensMessage()
        message.accessibilityLabel = "made for \(unknown.token)"
        #expect {
            try message.translated(from: cast.directory(cast.benPhone), to: cast.directory(cast.amberPhone))
        } throws: { error in
            let error = error as? TranscriptError
            return error?.code == .unknownParticipant && error?.reason.contains(unknown.token) == true
        }
    }

    @Test func aSenderWhoIsNoMemberIsRefused() {
        var message = bensMessage()
        message.sender = cast.id(cast.outsider, cast.benPhone)
        #expect(throws: TranscriptError.self) {
            try message.translated(from: cast.directory(cast.benPhone), to: cast.directory(cast.amberPhone))
        }
    }

    /// Directories built from different member lists: the recipient does not share Chris.
    @Test func aMemberTheRecipientDoesNotShareIsRefused() {
        let amberWithoutChris = cast.identifiers.directory(for: cast.amberPhone, members: [cast.amber, cast.ben])
        #expect {
            try bensMessage().translated(from: cast.directory(cast.benPhone), to: amberWithoutChris)
        } throws: { error in
            (error as? TranscriptError)?.code == .unknownParticipant
        }
    }
}
