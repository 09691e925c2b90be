extension IceCream {
    /// The three kinds of part, in the order an ice cream is built. The order is the rule, so
    /// the type is `Comparable` by it.
    public enum Part: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
        case base
        case scoops
        case topping

        public static func < (lhs: Part, rhs: Part) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The name of the part's query item, as the original app wrote it.
        public var queryName: String {
            switch self {
            case .base: "Base"
            case .scoops: "Scoops"
            case .topping: "Topping"
            }
        }

        /// The part's name in a sentence: "the base", "the scoops".
        public var name: String {
            switch self {
            case .base: "base"
            case .scoops: "scoops"
            case .topping: "topping"
            }
        }

        public var description: String { name }

        /// What a player is asked while this part is the next: "Select a base".
        public var prompt: String {
            switch self {
            case .base: "Select a base"
            case .scoops: "Add some scoops"
            case .topping: "Finish with a topping"
            }
        }

        /// Each choice of the part, as its URL value and its name for people, in the order offered.
        public var choices: [(value: String, name: String)] {
            switch self {
            case .base: IceCream.Base.allCases.map { ($0.rawValue, $0.displayName) }
            case .scoops: IceCream.Scoops.allCases.map { ($0.rawValue, $0.displayName) }
            case .topping: IceCream.Topping.allCases.map { ($0.rawValue, $0.displayName) }
            }
        }

        /// The part as something one adds: "a base", "scoops", "a topping".
        var withArticle: String {
            switch self {
            case .base: "a base"
            case .scoops: "scoops"
            case .topping: "a topping"
            }
        }

        /// "Scoops" is plural, so sentences about a part need its own verb.
        var was: String { self == .scoops ? "were" : "was" }
    }
}
