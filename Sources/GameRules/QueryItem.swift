/// One `name=value` pair of a URL's query, as the original apps' `URLQueryItem`s.
public struct QueryItem: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let value: String?

    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    public var description: String { value.map { "\(name)=\($0)" } ?? name }
}

extension Array where Element == QueryItem {
    /// The values of every item with this name, in order; items without a value are skipped.
    public func values(named name: String) -> [String] {
        compactMap { $0.name == name ? $0.value : nil }
    }

    /// The value of the last item with this name, as `URLComponents`-based decoders that
    /// assign in a loop end up with.
    public func lastValue(named name: String) -> String? {
        last { $0.name == name && $0.value != nil }?.value
    }
}
