import Foundation
import GameRules
import Testing

@Suite struct QueryStringTests {
    @Test(arguments: [
        ("?Base=base01&Scoops=scoops03&Topping=topping07",
         [QueryItem("Base", "base01"), QueryItem("Scoops", "scoops03"), QueryItem("Topping", "topping07")]),
        ("www.shinobicontrols.com/battleship?Ship_Location=0&Ship_Location=1&Is_Complete=0",
         [QueryItem("Ship_Location", "0"), QueryItem("Ship_Location", "1"), QueryItem("Is_Complete", "0")]),
        ("https://parley.example:8443/g/icecream?Base=base02#top", [QueryItem("Base", "base02")]),
        ("Base=base01", [QueryItem("Base", "base01")]),
        ("https://parley.example/g/icecream", []),
        ("?", []),
        ("?a&b=&=c&&d=e=f", [QueryItem("a", nil), QueryItem("b", ""), QueryItem("", "c"), QueryItem("d", "e=f")]),
        ("?name=Amber%20%26%20Ben&plus=a+b&snow=%E2%98%83",
         [QueryItem("name", "Amber & Ben"), QueryItem("plus", "a+b"), QueryItem("snow", "☃")]),
    ])
    func itemsAreReadFromAnyURL(url: String, items: [QueryItem]) throws {
        #expect(try QueryString.items(in: url) == items)
    }

    @Test(arguments: [
        ("?a=%", "The URL has a malformed percent escape in \"%\"."),
        ("?a=%4", "The URL has a malformed percent escape in \"%4\"."),
        ("?a=%GG", "The URL has a malformed percent escape in \"%GG\"."),
        ("?a=%FF", "The URL's escapes in \"%FF\" are not UTF-8 text."),
    ])
    func badEscapesAreRefused(url: String, reason: String) {
        #expect(throws: RuleViolation(.undecodableState, reason)) { try QueryString.items(in: url) }
    }

    @Test func formattingEscapesWhatIsNotUnreservedAndRoundTrips() throws {
        let items = [QueryItem("Base", "base01"), QueryItem("note", "a&b=c d/☃"), QueryItem("flag", nil)]
        let query = QueryString.format(items)
        #expect(query == "?Base=base01&note=a%26b%3Dc%20d%2F%E2%98%83&flag")
        #expect(try QueryString.items(in: query) == items)
        #expect(QueryString.format([]) == "")
    }

    @Test func seededRandomRepeats() {
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        var other = SeededRandom(seed: 43)
        let a = (0..<5).map { _ in first.next() }
        #expect(a == (0..<5).map { _ in second.next() })
        #expect(a != (0..<5).map { _ in other.next() })
    }
}

@Suite struct IdentifierCodingTests {
    @Test func namesAreCodedAsPlainStrings() throws {
        let json = try JSONEncoder().encode([GameID("battleship"), GameID("x")])
        #expect(String(decoding: json, as: UTF8.self) == #"["battleship","x"]"#)
        let codes = try JSONDecoder().decode([RuleViolation.Code].self, from: Data(#"["not-your-turn"]"#.utf8))
        #expect(codes == [.notYourTurn])
        let seats = try JSONDecoder().decode([Seat].self, from: Data("[0,3]".utf8))
        #expect(seats == [Seat(0), Seat(3)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Seat].self, from: Data("[-1]".utf8)) }
    }
}
