import GamePresentation

/// One entry of the ice cream picker: a choice for the next part. The client keeps the
/// selected index; this turns it back into the ice cream to propose.
public struct IceCreamChoice: Hashable, Sendable {
    public let part: IceCream.Part
    /// The URL value, such as `scoops03`.
    public let value: String
    /// The name people read, such as "strawberry".
    public let name: String

    public init(part: IceCream.Part, value: String, name: String) {
        self.part = part
        self.value = value
        self.name = name
    }

    /// The choices for the part `iceCream` needs next, in the game's order; none when it is
    /// complete.
    public static func choices(for iceCream: IceCream) -> [IceCreamChoice] {
        switch iceCream.nextPart {
        case .base?: IceCream.Base.allCases.map { IceCreamChoice(part: .base, value: $0.rawValue, name: $0.displayName) }
        case .scoops?:
            IceCream.Scoops.allCases.map { IceCreamChoice(part: .scoops, value: $0.rawValue, name: $0.displayName) }
        case .topping?:
            IceCream.Topping.allCases.map { IceCreamChoice(part: .topping, value: $0.rawValue, name: $0.displayName) }
        case nil: []
        }
    }

    /// `iceCream` with this choice made: the state to propose.
    public func applied(to iceCream: IceCream) -> IceCream {
        IceCreamMove(part: part, value: value)?.applied(to: iceCream) ?? iceCream
    }
}
