import GameRules

/// What clients send: the ice cream they want, never the step, as the original app did. It
/// travels as the original's query, `?Base=base01&Scoops=scoops03&Topping=topping07`, which is
/// also Parley's format, so an original URL and a Parley URL are the same thing; the server
/// then works out the one step that leads there.
extension IceCreamGame {
    /// Reads the items in order, as the original's loop did: a known name with a known value
    /// sets its part (a later item wins), anything else is passed over. Only a missing base
    /// makes it no ice cream at all.
    public func decode(_ items: [QueryItem]) throws(RuleViolation) -> IceCream {
        var iceCream = IceCream.empty
        for item in items {
            guard let part = IceCream.Part.allCases.first(where: { $0.queryName == item.name }),
                let value = item.value,
                let move = IceCreamMove(part: part, value: value)
            else { continue }
            iceCream = move.applied(to: iceCream)
        }
        guard iceCream.base != nil else { throw .noBase }
        return iceCream
    }

    /// Only the parts that are set, in building order. The empty ice cream encodes to no items,
    /// which `decode` refuses, as the original had no URL for it either.
    public func encode(_ state: IceCream) -> [QueryItem] {
        IceCream.Part.allCases.compactMap { part in
            state.value(of: part).map { QueryItem(part.queryName, $0) }
        }
    }

    /// The proposal must be the current ice cream plus exactly one part, the next in order.
    /// Checks run from the broadest mistake to the narrowest, so a proposal that is wrong in
    /// several ways is told the most basic one: nothing new, a part touched, too much at once,
    /// and only then the order.
    public func inferMove(from current: IceCream, to proposed: IceCream, by seat: Seat) throws(RuleViolation) -> IceCreamMove {
        let seen = view(of: current, for: seat)
        guard proposed != seen else { throw .unchangedIceCream }
        for part in IceCream.Part.allCases {
            guard let chosen = seen.value(of: part) else { continue }
            guard let proposedValue = proposed.value(of: part) else { throw .partRemoved(part) }
            guard proposedValue == chosen else { throw .partChanged(part) }
        }
        let added = IceCream.Part.allCases.filter { !seen.has($0) && proposed.has($0) }
        guard added.count == 1, let move = IceCreamMove(choosing: added[0], from: proposed) else {
            throw .partsAddedAtOnce(added)
        }
        try checkNext(move.part, in: seen)
        return move
    }
}
