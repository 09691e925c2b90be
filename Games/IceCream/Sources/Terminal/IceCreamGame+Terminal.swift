import GamePresentation
import GameRules

/// Ice Cream in the terminal: the ice cream drawn in layers with a picker for its next part,
/// the drawer's line of recent ice creams, and `add CONV SEQ PART` in line mode.
extension IceCreamGame {
    /// Ice Cream is one game whichever variant is played: its titles do not name them.
    public var title: String { Self.name }

    public func bubblePicture(of iceCream: IceCream, seat: Seat?, width: Int, mode: ColourMode) -> [Styled] {
        IceCreamRenderer(mode: mode).builder(iceCream, selection: nil, width: width)
    }

    public func trueLines(of iceCream: IceCream, width: Int, mode: ColourMode) -> [Styled] {
        IceCreamRenderer(mode: mode).drawing(iceCream, width: width)
    }

    public func newDraft() -> IceCreamDraft { IceCreamDraft() }

    /// The ice cream, or the one staged, with the picker beside it while a part is missing and
    /// nothing is staged.
    public func expandedLines(
        of iceCream: IceCream, seat: Seat?, draft: IceCreamDraft, staged: IceCream?, width: Int, height: Int, mode: ColourMode
    ) -> [Styled] {
        let selection = staged == nil && !iceCream.isComplete ? draft.picker : nil
        return IceCreamRenderer(mode: mode).builder(staged ?? iceCream, selection: selection, width: width, height: height)
    }

    public func hint(for iceCream: IceCream, draft: IceCreamDraft) -> String {
        "Up/Down choose, Enter adds it, Esc back"
    }

    public func press(_ key: Key, draft: inout IceCreamDraft, in iceCream: IceCream) -> DraftChange<IceCream> {
        let choices = IceCreamChoice.choices(for: iceCream)
        switch key {
        case .up: draft.picker = max(0, draft.picker - 1)
        case .down: draft.picker = min(max(0, choices.count - 1), draft.picker + 1)
        case .enter:
            guard choices.indices.contains(draft.picker) else { return .none }
            let choice = choices[draft.picker]
            return DraftChange(staged: (choice.applied(to: iceCream), "Add \(choice.name)? Enter sends it, Esc cancels."))
        default: break
        }
        return .none
    }

    public func discard(_ draft: inout IceCreamDraft) {
        draft.picker = 0
    }

    public func banner(of iceCream: IceCream) -> String? {
        "*** The ice cream is ready! ***"
    }

    /// "Recent ice creams: …", newest first, as far as the line goes.
    public static func drawerLine(finished: [IceCream], width: Int) -> Styled? {
        let history = IceCreamHistory(finished)
        let label = Styled("Recent ice creams: ", .bold)
        guard !history.isEmpty else { return label + Styled("none yet", .dim) }
        let names = history.iceCreams.reversed().map(\.spokenDescription)
        return (label + Styled(names.joined(separator: "; "))).truncated(to: width)
    }

    public static var lineVerbs: [LineVerb] {
        [LineVerb(verb: "add", argument: "PART", help: "Ice Cream: base03, scoops07 or topping12") { word throws(RuleViolation) in
            // `base03` → `Base=base03`: a part is named by its value's prefix.
            let value = word.lowercased()
            for (prefix, item) in [("base", "Base"), ("scoops", "Scoops"), ("topping", "Topping")] where value.hasPrefix(prefix) {
                return "\(item)=\(value)"
            }
            throw RuleViolation(.illegalMove, "\(word) is not an ice cream part such as base01, scoops03 or topping07.")
        }]
    }
}

/// The move an Ice Cream player is making: the choice the picker has selected.
public struct IceCreamDraft: Hashable, Sendable {
    public var picker = 0

    public init() {}
}
