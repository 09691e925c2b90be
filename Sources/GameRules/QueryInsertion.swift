/// A proposal read as the query a player was shown with items put in at one place: what the
/// usual move is (one more shot, a topping added), and what a game can judge without decoding
/// the whole proposal (see `Game.move(inserting:before:in:by:)`).
public struct QueryInsertion: Hashable, Sendable {
    /// The items the proposal adds, in order.
    public let inserted: [QueryItem]
    /// The items of the shown query that come after them; the ones before are not read.
    public let following: [QueryItem]
}

extension QueryString {
    /// How `url` differs from `shown`, a query as `format` writes it, when it is `shown` with
    /// one or more whole items put in at one place; `nil` when it differs in any other way
    /// (an item changed or removed, items reordered, an empty item) or does not decode. Items
    /// compare as written, escapes and all, so a match means the proposal's decoded items are
    /// exactly the shown ones with `inserted` put in before `following`.
    public static func insertion(into shown: String, giving url: String) -> QueryInsertion? {
        var shown = shown
        var url = url
        return shown.withUTF8 { shownBytes in
            url.withUTF8 { urlBytes in insertion(into: shownBytes, giving: urlBytes) }
        }
    }

    private static func insertion(
        into shownBytes: UnsafeBufferPointer<UInt8>, giving urlBytes: UnsafeBufferPointer<UInt8>
    ) -> QueryInsertion? {
        let shownQuery = queryBounds(in: shownBytes)
        let query = queryBounds(in: urlBytes)
        let shown = UnsafeBufferPointer(rebasing: shownBytes[shownQuery])
        let proposal = UnsafeBufferPointer(rebasing: urlBytes[query])
        let ampersand = UInt8(ascii: "&")
        // Empty items are skipped by `items(in:)`; ruling them out keeps the two readings equal.
        guard proposal.count > shown.count, proposal.first != ampersand, proposal.last != ampersand,
            !hasEmptyItem(proposal)
        else { return nil }
        let raw: (inserted: Range<Int>, following: Range<Int>)
        if shown.isEmpty {
            raw = (0..<proposal.count, 0..<0)
        } else {
            var common = 0
            while common < shown.count, shown[common] == proposal[common] { common += 1 }
            if common == shown.count, proposal[common] == ampersand {
                // Items added after the last one.
                raw = (common + 1..<proposal.count, 0..<0)
            } else {
                // Items added before the item that the common part ends in (or right after it).
                var boundary = min(common, shown.count)
                while boundary > 0, shown[boundary - 1] != ampersand { boundary -= 1 }
                let rest = shown.count - boundary
                let end = proposal.count - rest
                guard end - 1 > boundary, proposal[end - 1] == ampersand,
                    proposal[end...].elementsEqual(shown[boundary...])
                else { return nil }
                raw = (boundary..<end - 1, boundary..<shown.count)
            }
        }
        do {
            let inserted = try items(inQuery: UnsafeBufferPointer(rebasing: proposal[raw.inserted]))
            let following = try items(inQuery: UnsafeBufferPointer(rebasing: shown[raw.following]))
            return QueryInsertion(inserted: inserted, following: following)
        } catch {
            return nil
        }
    }

    private static func hasEmptyItem(_ query: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in query {
            if byte == UInt8(ascii: "&"), previous == UInt8(ascii: "&") { return true }
            previous = byte
        }
        return false
    }
}
