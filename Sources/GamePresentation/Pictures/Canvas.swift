/// A picture in pixels, drawn with a few shapes, for a game's sticker (`GamePresentation.sticker`):
/// polygons, circles, ellipses and lines in colours `0xRRGGBB`, each as opaque as asked, on a
/// transparent ground. Each pixel is
/// sampled 4 times a side, so edges are smooth. Drawn in the game's own units, `scale` pixels
/// each.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    public let scale: Double
    /// Red, green, blue and alpha of each pixel, row by row from the top.
    public private(set) var pixels: [UInt8]

    static let samples = 4

    public init(width: Int, height: Int, scale: Double) {
        self.width = Int((Double(width) * scale).rounded())
        self.height = Int((Double(height) * scale).rounded())
        self.scale = scale
        pixels = Array(repeating: 0, count: self.width * self.height * 4)
    }

    /// Fills the polygon through `points` (in the game's units).
    public mutating func fill(polygon points: [(Double, Double)], colour: UInt32, opacity: Double = 1) {
        let scaled = points.map { ($0.0 * scale, $0.1 * scale) }
        let ys = scaled.map(\.1), xs = scaled.map(\.0)
        paint(xs: xs.min()!...xs.max()!, ys: ys.min()!...ys.max()!, colour: colour, opacity: opacity) { x, y in Self.contains(scaled, x, y) }
    }

    /// Fills the ellipse of centre (`x`, `y`) and radii `rx` across and `ry` down.
    public mutating func fill(ellipse x: Double, _ y: Double, rx: Double, ry: Double, colour: UInt32, opacity: Double = 1) {
        let (cx, cy, a, b) = (x * scale, y * scale, rx * scale, ry * scale)
        paint(xs: (cx - a)...(cx + a), ys: (cy - b)...(cy + b), colour: colour, opacity: opacity) { px, py in
            Self.within(px - cx, py - cy, a, b)
        }
    }

    /// The edge of that ellipse, `thickness` wide, half inside and half out (as SVG strokes it).
    public mutating func stroke(ellipse x: Double, _ y: Double, rx: Double, ry: Double, thickness: Double, colour: UInt32, opacity: Double = 1) {
        let (cx, cy, half) = (x * scale, y * scale, thickness * scale / 2)
        let (outerX, outerY, innerX, innerY) = (rx * scale + half, ry * scale + half, rx * scale - half, ry * scale - half)
        paint(xs: (cx - outerX)...(cx + outerX), ys: (cy - outerY)...(cy + outerY), colour: colour, opacity: opacity) { px, py in
            Self.within(px - cx, py - cy, outerX, outerY) && !Self.within(px - cx, py - cy, innerX, innerY)
        }
    }

    /// A line `thickness` wide through `points`, back to the first when `closed`, with round
    /// ends and joins.
    public mutating func stroke(path points: [(Double, Double)], closed: Bool, thickness: Double, colour: UInt32, opacity: Double = 1) {
        let scaled = points.map { ($0.0 * scale, $0.1 * scale) }, half = thickness * scale / 2
        guard let first = scaled.first else { return }
        let segments = Array(zip(scaled, scaled.dropFirst() + (closed ? [first] : []))) + (scaled.count == 1 ? [(first, first)] : [])
        let xs = scaled.map(\.0), ys = scaled.map(\.1)
        paint(xs: (xs.min()! - half)...(xs.max()! + half), ys: (ys.min()! - half)...(ys.max()! + half), colour: colour, opacity: opacity) { px, py in
            segments.contains { a, b in Self.distance(px, py, a, b) <= half }
        }
    }

    /// Fills the circle of centre (`x`, `y`) and `radius` (in the game's units).
    public mutating func fill(circle x: Double, _ y: Double, radius: Double, colour: UInt32, opacity: Double = 1) {
        let (cx, cy, r) = (x * scale, y * scale, radius * scale)
        paint(xs: (cx - r)...(cx + r), ys: (cy - r)...(cy + r), colour: colour, opacity: opacity) { px, py in
            (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r
        }
    }

    /// A straight line `thickness` wide from (`x1`, `y1`) to (`x2`, `y2`).
    public mutating func line(from x1: Double, _ y1: Double, to x2: Double, _ y2: Double, thickness: Double, colour: UInt32, opacity: Double = 1) {
        let (ax, ay, bx, by, half) = (x1 * scale, y1 * scale, x2 * scale, y2 * scale, thickness * scale / 2)
        let (dx, dy) = (bx - ax, by - ay)
        let length = max((dx * dx + dy * dy).squareRoot(), 0.0001)
        paint(xs: (min(ax, bx) - half)...(max(ax, bx) + half), ys: (min(ay, by) - half)...(max(ay, by) + half), colour: colour, opacity: opacity) { px, py in
            let along = ((px - ax) * dx + (py - ay) * dy) / length
            let across = abs((px - ax) * dy - (py - ay) * dx) / length
            return along >= 0 && along <= length && across <= half
        }
    }

    /// Blends `colour` into each pixel of the box by the share of its samples inside the shape,
    /// times `opacity`.
    private mutating func paint(
        xs: ClosedRange<Double>, ys: ClosedRange<Double>, colour: UInt32, opacity: Double, inside: (Double, Double) -> Bool
    ) {
        let (red, green, blue) = (Double(colour >> 16 & 255), Double(colour >> 8 & 255), Double(colour & 255))
        let samples = Self.samples
        for py in max(0, Int(ys.lowerBound))...min(height - 1, Int(ys.upperBound)) {
            for px in max(0, Int(xs.lowerBound))...min(width - 1, Int(xs.upperBound)) {
                var hits = 0
                for sy in 0..<samples {
                    for sx in 0..<samples where inside(Double(px) + (Double(sx) + 0.5) / Double(samples), Double(py) + (Double(sy) + 0.5) / Double(samples)) {
                        hits += 1
                    }
                }
                guard hits > 0 else { continue }
                let cover = Double(hits) / Double(samples * samples) * opacity
                let index = (py * width + px) * 4
                let below = Double(pixels[index + 3]) / 255
                let alpha = cover + below * (1 - cover)
                func mix(_ channel: Int, _ value: Double) {
                    let under = Double(pixels[index + channel])
                    pixels[index + channel] = UInt8(((value * cover + under * below * (1 - cover)) / alpha).rounded())
                }
                mix(0, red)
                mix(1, green)
                mix(2, blue)
                pixels[index + 3] = UInt8((alpha * 255).rounded())
            }
        }
    }

    /// Whether (dx, dy) from an ellipse's centre is inside it, of radii `a` and `b`.
    private static func within(_ dx: Double, _ dy: Double, _ a: Double, _ b: Double) -> Bool {
        a > 0 && b > 0 && (dx * dx) / (a * a) + (dy * dy) / (b * b) <= 1
    }

    /// How far (x, y) is from the segment from `a` to `b`.
    private static func distance(_ x: Double, _ y: Double, _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : max(0, min(1, ((x - a.0) * dx + (y - a.1) * dy) / length))
        let (nx, ny) = (a.0 + t * dx - x, a.1 + t * dy - y)
        return (nx * nx + ny * ny).squareRoot()
    }

    /// Whether (x, y) is inside the polygon, by the even-odd rule.
    private static func contains(_ polygon: [(Double, Double)], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let (xi, yi) = polygon[i], (xj, yj) = polygon[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }
}
