import GameRules

/// An ice cream being built, one part per step, in the order base, scoops, topping. It is the
/// whole state of a session: nothing is hidden and nothing else is remembered, as in the
/// original app, whose URL carried only the parts.
public struct IceCream: Hashable, Sendable {
    public var base: Base?
    public var scoops: Scoops?
    public var topping: Topping?

    public init(base: Base? = nil, scoops: Scoops? = nil, topping: Topping? = nil) {
        self.base = base
        self.scoops = scoops
        self.topping = topping
    }

    /// The ice cream before its first step.
    public static let empty = IceCream()

    public var isComplete: Bool { base != nil && scoops != nil && topping != nil }

    public func has(_ part: Part) -> Bool { value(of: part) != nil }

    /// The first part in building order not chosen yet; `nil` when complete. A state from a
    /// URL may lack scoops yet have a topping (the original allowed it), so this is the first
    /// gap rather than the part after the last one chosen.
    public var nextPart: Part? { Part.allCases.first { !has($0) } }

    /// The URL value of `part` (`base01`), or `nil` when it is not chosen. Comparing these
    /// lets the rules treat the three part types alike.
    public func value(of part: Part) -> String? {
        switch part {
        case .base: base?.rawValue
        case .scoops: scoops?.rawValue
        case .topping: topping?.rawValue
        }
    }

    /// The name for people of `part`'s choice ("waffle cone"), or `nil` when it is not chosen.
    public func displayName(of part: Part) -> String? {
        switch part {
        case .base: base?.displayName
        case .scoops: scoops?.displayName
        case .topping: topping?.displayName
        }
    }

    /// The ice cream in words for people, such as "waffle cone with strawberry scoops and
    /// rainbow sprinkles on top".
    public var spokenDescription: String {
        let extras = [scoops.map { "\($0.displayName) scoops" }, topping.map { "\($0.displayName) on top" }]
            .compactMap { $0 }
        guard let base else {
            return extras.isEmpty ? "nothing chosen yet" : extras.joined(separator: " and ")
        }
        return extras.isEmpty ? base.displayName : "\(base.displayName) with \(extras.joined(separator: " and "))"
    }
}
