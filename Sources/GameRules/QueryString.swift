/// Reads and writes the query of a state URL. A game's state lives in the query alone, so the
/// codec takes any URL: `?Base=base01`, `https://host/g/icecream?Base=base01`, or the original
/// Battleship's scheme-less `www.shinobicontrols.com/battleship?Ship_Location=0`.
public enum QueryString {
    /// The query items of `url`: everything after the first `?` up to any `#`. A string with
    /// no `?` is read as a bare query when it holds an `=` (`Base=base01`), and otherwise as a
    /// URL without a query. `+` is kept as a plus sign, as `URLComponents` does.
    public static func items(in url: String) throws(RuleViolation) -> [QueryItem] {
        // Scanned by hand over the UTF-8 bytes, by offset: this runs on every move the server
        // receives and every one a bot answers, over states of a few thousand characters.
        var url = url
        return try url.withUTF8 { bytes in Result { () throws(RuleViolation) in try items(in: bytes) } }.get()
    }

    private static func items(in bytes: UnsafeBufferPointer<UInt8>) throws(RuleViolation) -> [QueryItem] {
        try items(inQuery: UnsafeBufferPointer(rebasing: bytes[queryBounds(in: bytes)]))
    }

    /// Where the query of a URL's bytes lies: after the first `?` up to any `#`; the whole of a
    /// bare query (no `?`, an `=`); nothing otherwise.
    static func queryBounds(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        if let mark = bytes.firstIndex(of: UInt8(ascii: "?")) {
            start = mark + 1
        } else if bytes.firstIndex(of: UInt8(ascii: "=")) == nil {
            return 0..<0
        }
        return start..<(bytes[start...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count)
    }

    /// The items of a query's bytes, without its `?` or `#`.
    static func items(inQuery query: UnsafeBufferPointer<UInt8>) throws(RuleViolation) -> [QueryItem] {
        var items: [QueryItem] = []
        items.reserveCapacity(query.reduce(1) { $1 == UInt8(ascii: "&") ? $0 + 1 : $0 })
        var pairStart = 0
        let end = query.count
        while pairStart < end {
            let pairEnd = query[pairStart..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
            if pairStart < pairEnd {
                let equals = query[pairStart..<pairEnd].firstIndex(of: UInt8(ascii: "="))
                let name = try percentDecoded(UnsafeBufferPointer(rebasing: query[pairStart..<(equals ?? pairEnd)]))
                let value: String? = if let equals {
                    try percentDecoded(UnsafeBufferPointer(rebasing: query[(equals + 1)..<pairEnd]))
                } else { nil }
                items.append(QueryItem(name, value))
            }
            pairStart = pairEnd < end ? pairEnd + 1 : end
        }
        return items
    }

    /// The query for `items`, starting with `?`, with every byte outside RFC 3986's
    /// unreserved set percent-encoded. An empty list gives an empty string.
    public static func format(_ items: [QueryItem]) -> String {
        guard !items.isEmpty else { return "" }
        // One pass into one buffer: the server formats a whole state on every move.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(items.reduce(1) { $0 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) + 2 })
        bytes.append(UInt8(ascii: "?"))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            appendEncoded(item.name, to: &bytes)
            if let value = item.value {
                bytes.append(UInt8(ascii: "="))
                appendEncoded(value, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` percent-encoded at the end of `bytes`; most names and values need no escape and
    /// are copied whole.
    private static func appendEncoded(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            guard !utf8.allSatisfy(isUnreserved) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                if isUnreserved(byte) {
                    bytes.append(byte)
                } else {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0xF)])
                }
            }
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `bytes` (a name or a value, cut from a valid string at ASCII delimiters) with its
    /// percent escapes decoded.
    static func percentDecoded(_ bytes: UnsafeBufferPointer<UInt8>) throws(RuleViolation) -> String {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .undecodable("The URL has a malformed percent escape in \"\(String(decoding: bytes, as: UTF8.self))\".")
            }
            decoded.append(high << 4 | low)
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw .undecodable("The URL's escapes in \"\(String(decoding: bytes, as: UTF8.self))\" are not UTF-8 text.")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
