import GameRules

/// Every refusal the Ice Cream rules give, worded in one place because clients show them
/// verbatim and the tests freeze them.
extension RuleViolation {
    static func partAlreadyChosen(_ part: IceCream.Part) -> Self {
        .illegal("The ice cream already has \(part.withArticle).")
    }

    /// A part that comes after `missing`, the first part not chosen yet.
    static func partOutOfOrder(_ part: IceCream.Part, missing: IceCream.Part) -> Self {
        let instruction = missing == .base ? "Select a base" : "Add scoops"
        return .illegal("\(instruction) before adding \(part.withArticle).")
    }

    static let unchangedIceCream = notOneMove(
        "The proposed ice cream is the same as the current one; a step adds one part.")

    static func partChanged(_ part: IceCream.Part) -> Self {
        .notOneMove("The \(part.name) \(part.was) already chosen and can't be changed.")
    }

    static func partRemoved(_ part: IceCream.Part) -> Self {
        .notOneMove("The \(part.name) \(part.was) already chosen and can't be taken away.")
    }

    static func partsAddedAtOnce(_ parts: [IceCream.Part]) -> Self {
        let names = parts.map(\.withArticle)
        let list = names.count > 1
            ? names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            : names.joined()
        return .notOneMove("The proposal adds \(list) at once; a step adds one part.")
    }

    static var noBase: Self {
        let bases = IceCream.Base.allCases
        let range = "\(bases[0].rawValue)–\(bases[bases.count - 1].rawValue)"
        return .undecodable("The URL holds no ice cream: it has no valid Base (\(range)).")
    }

    /// In a group only the previous step's maker is out of turn, so the refusal can say so.
    static let stepTwice = Self(
        .notYourTurn, "You made the previous step; someone else makes the next one.")
}
