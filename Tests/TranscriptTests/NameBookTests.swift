import Testing
import Transcript

@Suite struct NameBookTests {
    let cast = Cast()

    /// Amber's contacts: she knows Ben by name, and has no name for Chris.
    var amberBook: NameBook {
        NameBook([
            cast.id(cast.amber, cast.amberPhone): "Me",
            cast.id(cast.ben, cast.amberPhone): "Ben",
        ])
    }

    @Test func tokensBecomeNames() {
        let ben = cast.id(cast.ben, cast.amberPhone)
        #expect(amberBook.resolve("\(ben.token) placed their ships!") == "Ben placed their ships!")
        #expect(amberBook.resolve("\(ben.token.lowercased()) lost!") == "Ben lost!")
    }

    @Test func unknownIDsReadAsThePlaceholder() {
        let chris = cast.id(cast.chris, cast.amberPhone)
        #expect(amberBook.resolve("\(chris.token) destroyed all the ships!") == "someone destroyed all the ships!")
        let polite = NameBook(placeholder: "a friend")
        #expect(polite.resolve("\(chris.token) lost!") == "a friend lost!")
    }

    @Test func textWithoutTokensIsUntouched() {
        #expect(amberBook.resolve("Select a base, $5") == "Select a base, $5")
    }

    @Test func namesCanBeAddedAndLookedUp() {
        var book = amberBook
        let chris = cast.id(cast.chris, cast.amberPhone)
        #expect(book[chris] == nil)
        book[chris] = "Chris"
        #expect(book.name(of: chris) == "Chris")
        #expect(book.resolve("\(chris.token)!") == "Chris!")
    }

    /// A name that looks like a token stays a name instead of being resolved again.
    @Test func namesAreNotResolvedTwice() {
        let ben = cast.id(cast.ben, cast.amberPhone)
        let me = cast.id(cast.amber, cast.amberPhone)
        let book = NameBook([ben: me.token])
        #expect(book.resolve(ben.token) == me.token)
    }

    @Test func aWholeMessageResolvesEveryTextButKeepsTheSender() {
        let ben = cast.id(cast.ben, cast.amberPhone)
        let message = Message(
            game: "battleship", url: "?Is_Complete=1", session: Sample.first,
            layout: TemplateLayout(caption: "\(ben.token) lost!", imageTitle: ben.token),
            summaryText: "\(ben.token) lost", accessibilityLabel: "\(ben.token) lost the game", sender: ben)
        let resolved = amberBook.resolve(message)
        #expect(resolved.layout.caption == "Ben lost!")
        #expect(resolved.layout.imageTitle == "Ben")
        #expect(resolved.summaryText == "Ben lost")
        #expect(resolved.accessibilityLabel == "Ben lost the game")
        #expect(resolved.sender == ben)
    }
}
