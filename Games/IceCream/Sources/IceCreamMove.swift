import GameRules

/// One step of building: choosing the next part.
public enum IceCreamMove: Hashable, Sendable, CustomStringConvertible {
    case base(IceCream.Base)
    case scoops(IceCream.Scoops)
    case topping(IceCream.Topping)

    /// The move that sets `part` to the URL value `value` (`base01`); `nil` for a value that
    /// is not one of that part's.
    public init?(part: IceCream.Part, value: String) {
        switch part {
        case .base:
            guard let base = IceCream.Base(rawValue: value) else { return nil }
            self = .base(base)
        case .scoops:
            guard let scoops = IceCream.Scoops(rawValue: value) else { return nil }
            self = .scoops(scoops)
        case .topping:
            guard let topping = IceCream.Topping(rawValue: value) else { return nil }
            self = .topping(topping)
        }
    }

    /// The move that chooses `part` as `iceCream` has it; `nil` when `iceCream` lacks it.
    /// Inference reads a proposal's new part this way.
    public init?(choosing part: IceCream.Part, from iceCream: IceCream) {
        guard let value = iceCream.value(of: part) else { return nil }
        self.init(part: part, value: value)
    }

    public var part: IceCream.Part {
        switch self {
        case .base: .base
        case .scoops: .scoops
        case .topping: .topping
        }
    }

    /// The part's URL value, such as `base01`.
    public var value: String {
        switch self {
        case let .base(base): base.rawValue
        case let .scoops(scoops): scoops.rawValue
        case let .topping(topping): topping.rawValue
        }
    }

    /// The ice cream with this move's part set.
    public func applied(to iceCream: IceCream) -> IceCream {
        var next = iceCream
        switch self {
        case let .base(base): next.base = base
        case let .scoops(scoops): next.scoops = scoops
        case let .topping(topping): next.topping = topping
        }
        return next
    }

    /// Such as `base base01`, the way transcripts and logs show a move.
    public var description: String { "\(part.name) \(value)" }
}
