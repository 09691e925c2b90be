import GamePresentation
import GameRules

/// Draws an ice cream (`IceCreamDrawing`) with the name of each chosen part beside its
/// layer, and the picker for the next part.
public struct IceCreamRenderer: Sendable {
    public let mode: ColourMode

    /// Columns between the drawing and its labels, and between the drawing and the picker.
    static let gap = 2

    public init(mode: ColourMode) { self.mode = mode }

    /// The drawing, each part's name beside the middle of its layer when `width` allows,
    /// else the names listed below, top layer first.
    public func drawing(_ iceCream: IceCream, width: Int) -> [Styled] {
        let layers = Self.layers(of: iceCream)
        guard !layers.isEmpty else { return [Styled("(nothing chosen yet)", .dim)] }
        let picture = layers.flatMap { layer in layer.lines.map { Styled($0, layer.style) } }
        let labels = layers.map { Styled("\($0.part.name): ", .dim) + Styled($0.name, .bold) }
        let labelWidth = labels.width
        guard IceCreamDrawing.width + Self.gap + labelWidth <= width else { return picture + labels }
        var column: [Styled] = []
        for (layer, label) in zip(layers, labels) {
            let middle = (layer.lines.count - 1) / 2
            column += layer.lines.indices.map { $0 == middle ? label : Styled() }
        }
        return Styled.sideBySide(picture, column, gap: Self.gap)
    }

    /// The prompt for the next part and its choices, the one at `selection` marked with `>`
    /// (and reversed, in colour). A `selection` out of range is clamped. With a `height`, a
    /// long list shows the window of choices around the selection; a complete ice cream has
    /// nothing to pick.
    public func picker(for iceCream: IceCream, selection: Int, height: Int? = nil) -> [Styled] {
        let choices = IceCreamChoice.choices(for: iceCream)
        guard !choices.isEmpty else { return [] }
        let selected = min(max(0, selection), choices.count - 1)
        let prompt = IceCreamGame().prompt(in: iceCream) ?? "Choose"
        let rows = max(1, (height ?? choices.count + 1) - 1)
        let first = min(max(0, selected - rows / 2), max(0, choices.count - rows))
        let shown = choices.indices.dropFirst(first).prefix(rows).map { index in
            index == selected
                ? Styled("> ", .bold) + Styled(choices[index].name, mode.usesColour ? .reverse : .bold)
                : Styled("  " + choices[index].name)
        }
        return [Styled(prompt + ":", .bold)] + shown
    }

    /// The drawing with the picker to its right when both fit in `width`, else the picker
    /// below; no picker when `selection` is `nil` (not this viewer's turn).
    public func builder(_ iceCream: IceCream, selection: Int?, width: Int, height: Int? = nil) -> [Styled] {
        guard let selection, !iceCream.isComplete else { return drawing(iceCream, width: width) }
        let picker = picker(for: iceCream, selection: selection, height: height)
        let beside = drawing(iceCream, width: width - Self.gap * 2 - picker.width)
        if beside.width + Self.gap * 2 + picker.width <= width {
            return Styled.sideBySide(beside, picker, gap: Self.gap * 2)
        }
        let drawn = drawing(iceCream, width: width)
        return drawn + [Styled()] + self.picker(for: iceCream, selection: selection, height: height.map { $0 - drawn.count - 1 })
    }

    private struct Layer {
        let part: IceCream.Part
        let name: String
        let lines: [String]
        let style: Style
    }

    /// The drawing split into its parts, top first. Each part is drawn alone to learn which
    /// lines are its own, so the labels follow the drawing if its shapes change.
    private static func layers(of iceCream: IceCream) -> [Layer] {
        var layers: [Layer] = []
        if let topping = iceCream.topping {
            layers.append(Layer(
                part: .topping, name: topping.displayName, lines: IceCreamDrawing(IceCream(topping: topping)).lines,
                style: Style(foreground: .magenta, rgb: IceCreamPalette.toppings[topping])))
        }
        if let scoops = iceCream.scoops {
            layers.append(Layer(
                part: .scoops, name: scoops.displayName, lines: IceCreamDrawing(IceCream(scoops: scoops)).lines,
                style: Style(foreground: .cyan, rgb: IceCreamPalette.scoops[scoops])))
        }
        if let base = iceCream.base {
            layers.append(Layer(
                part: .base, name: base.displayName, lines: IceCreamDrawing(IceCream(base: base)).lines,
                style: Style(foreground: .yellow, rgb: IceCreamPalette.bases[base])))
        }
        return layers
    }
}
