import GameRules
import Testing

/// Reading a proposal as the query shown with items put in at one place.
@Suite struct QueryInsertionTests {
    @Test func anItemAddedAfterTheLast() throws {
        let insertion = try #require(QueryString.insertion(
            into: "?Variant=classic&Hidden=1&Shot=B7-miss", giving: "https://h/g/battleship?Variant=classic&Hidden=1&Shot=B7-miss&Shot=C3"))
        #expect(insertion.inserted == [QueryItem("Shot", "C3")])
        #expect(insertion.following.isEmpty)
    }

    @Test func anItemAddedBeforeTheLast() throws {
        let insertion = try #require(QueryString.insertion(
            into: "?Hidden=0&Shot=4-hit&Is_Complete=0", giving: "?Hidden=0&Shot=4-hit&Shot=7&Is_Complete=0"))
        #expect(insertion.inserted == [QueryItem("Shot", "7")])
        #expect(insertion.following == [QueryItem("Is_Complete", "0")])
    }

    @Test func itemsAddedAtTheFrontOrIntoNothing() throws {
        let front = try #require(QueryString.insertion(into: "?a=1&b=2", giving: "?x=9&y&a=1&b=2"))
        #expect(front.inserted == [QueryItem("x", "9"), QueryItem("y", nil)])
        #expect(front.following == [QueryItem("a", "1"), QueryItem("b", "2")])
        let empty = try #require(QueryString.insertion(into: "", giving: "Base=base01"))
        #expect(empty.inserted == [QueryItem("Base", "base01")])
        #expect(empty.following.isEmpty)
    }

    @Test func escapesAreDecodedInTheItemsRead() throws {
        let insertion = try #require(QueryString.insertion(into: "?a=1", giving: "?a=1&Shot=A%31#top"))
        #expect(insertion.inserted == [QueryItem("Shot", "A1")])
    }

    @Test(arguments: [
        ("?a=1&b=2", "?a=1&b=2"),  // nothing added
        ("?a=1&b=2", "?a=1&b=3"),  // a value changed
        ("?a=1&b=2", "?a=12&b=2"),  // a value lengthened
        ("?a=1&b=2", "?b=2&a=1&c=3"),  // reordered
        ("?a=1&b=2", "?a=1&b=2&&c=3"),  // an empty item
        ("?a=1&b=2", "?a=1&b=2&c=3&"),  // an empty item at the end
        ("?a=1&b=2", "?a=1&c=%zz&b=2"),  // a malformed escape
        ("?a=1&b=2", "?a=1"),  // an item removed
        ("?a=1&b=2", "?a=1&b=2#&c=3"),  // the addition is in the fragment
    ])
    func anythingElseIsNotAnInsertion(shown: String, proposal: String) {
        #expect(QueryString.insertion(into: shown, giving: proposal) == nil)
    }

    /// Whatever a proposal is, an insertion read from it puts exactly the proposal's items
    /// back together: the shown items before `following`, `inserted`, then `following`.
    @Test func anInsertionAlwaysRebuildsTheProposal() throws {
        var random = SeededRandom(seed: 7)
        let names = ["Shot", "Hidden", "a", "b", "Is_Complete", "x%26y"]
        let values = ["1", "0", "B7", "B7-miss", "4", "", nil, "a%3Db", "%E2%9C%93"]
        var insertions = 0
        for _ in 0..<5_000 {
            let raw = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                item(names.randomElement(using: &random)!, values.randomElement(using: &random)!)
            }
            let shownItems = try QueryString.items(in: "?" + raw.joined(separator: "&"))
            let shown = QueryString.format(shownItems)
            var proposalRaw = shown.isEmpty ? [] : shown.dropFirst().split(separator: "&").map(String.init)
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1:
                let added = (1...Int.random(in: 1...2, using: &random)).map { _ in
                    item(names.randomElement(using: &random)!, values.randomElement(using: &random)!)
                }
                proposalRaw.insert(contentsOf: added, at: Int.random(in: 0...proposalRaw.count, using: &random))
            case 2 where !proposalRaw.isEmpty:
                proposalRaw[Int.random(in: 0..<proposalRaw.count, using: &random)] += "1"
            default:
                proposalRaw.shuffle(using: &random)
                proposalRaw.append("b=2")
            }
            let proposal = "https://h/g/x?" + proposalRaw.joined(separator: "&")
            guard let insertion = QueryString.insertion(into: shown, giving: proposal) else { continue }
            insertions += 1
            let before = shownItems.prefix(shownItems.count - insertion.following.count)
            #expect(Array(shownItems.suffix(insertion.following.count)) == insertion.following)
            #expect(try QueryString.items(in: proposal) == Array(before) + insertion.inserted + insertion.following)
        }
        #expect(insertions > 1_000)
    }

    private func item(_ name: String, _ value: String?) -> String {
        value.map { "\(name)=\($0)" } ?? name
    }
}
