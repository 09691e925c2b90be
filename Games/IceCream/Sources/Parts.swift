/// The choices for each part. Raw values are the original app's URL values, so a URL from the
/// original decodes unchanged; display names are what people read.
extension IceCream {
    /// What holds the ice cream. The raw value is the original app's URL value.
    public enum Base: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case waffleCone = "base01"
        case sugarCone = "base02"
        case cakeCone = "base03"
        case cup = "base04"

        /// The base's name for people.
        public var displayName: String {
            switch self {
            case .waffleCone: "waffle cone"
            case .sugarCone: "sugar cone"
            case .cakeCone: "cake cone"
            case .cup: "cup"
            }
        }

        public var description: String { rawValue }
    }
}

extension IceCream {
    /// The flavour of the scoops. The raw value is the original app's URL value.
    public enum Scoops: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case vanilla = "scoops01"
        case chocolate = "scoops02"
        case strawberry = "scoops03"
        case mintChocolateChip = "scoops04"
        case pistachio = "scoops05"
        case cookiesAndCream = "scoops06"
        case saltedCaramel = "scoops07"
        case mango = "scoops08"
        case blueberry = "scoops09"
        case coffee = "scoops10"

        /// The flavour's name for people.
        public var displayName: String {
            switch self {
            case .vanilla: "vanilla"
            case .chocolate: "chocolate"
            case .strawberry: "strawberry"
            case .mintChocolateChip: "mint chocolate chip"
            case .pistachio: "pistachio"
            case .cookiesAndCream: "cookies and cream"
            case .saltedCaramel: "salted caramel"
            case .mango: "mango"
            case .blueberry: "blueberry"
            case .coffee: "coffee"
            }
        }

        public var description: String { rawValue }
    }
}

extension IceCream {
    /// What goes on top, the last part. The raw value is the original app's URL value.
    public enum Topping: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case rainbowSprinkles = "topping01"
        case hotFudge = "topping02"
        case whippedCream = "topping03"
        case cherries = "topping04"
        case caramelSauce = "topping05"
        case choppedNuts = "topping06"
        case chocolateChips = "topping07"
        case marshmallows = "topping08"
        case gummyBears = "topping09"
        case cookieCrumbs = "topping10"
        case toastedCoconut = "topping11"
        case freshBerries = "topping12"

        /// The topping's name for people; it reads well before "on top".
        public var displayName: String {
            switch self {
            case .rainbowSprinkles: "rainbow sprinkles"
            case .hotFudge: "hot fudge"
            case .whippedCream: "whipped cream"
            case .cherries: "cherries"
            case .caramelSauce: "caramel sauce"
            case .choppedNuts: "chopped nuts"
            case .chocolateChips: "chocolate chips"
            case .marshmallows: "marshmallows"
            case .gummyBears: "gummy bears"
            case .cookieCrumbs: "cookie crumbs"
            case .toastedCoconut: "toasted coconut"
            case .freshBerries: "fresh berries"
            }
        }

        public var description: String { rawValue }
    }
}
