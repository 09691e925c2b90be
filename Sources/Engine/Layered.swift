/// A dictionary whose changes can be held in a layer of their own over what it held: what a
/// batch decides goes into the layer (`Engine.beginBatch()`), which is taken out while the
/// store appends the batch (`Engine.setAside(_:since:)`), so that what is read meanwhile is
/// what is stored, and merged in once the store has kept it (`Engine.keep(_:)`); a batch the
/// store refuses is dropped with its layer. A layer holds only what the batch touched.
struct Layered<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private var base: [Key: Value] = [:]
    /// The changes over `base` while there is a layer: a new value, or `nil` for one removed.
    private var layer: [Key: Value?]?

    init() {}

    subscript(key: Key) -> Value? {
        get {
            if let layer, let changed = layer[key] { return changed }
            return base[key]
        }
        set {
            if layer != nil { layer![key] = .some(newValue) } else { base[key] = newValue }
        }
        _modify {
            if layer == nil {
                yield &base[key]
            } else {
                // Out of the layer while it changes, so that it is changed in place.
                var value: Value?
                if let changed = layer!.removeValue(forKey: key) { value = changed } else { value = base[key] }
                defer { layer![key] = .some(value) }
                yield &value
            }
        }
    }

    subscript(key: Key, default value: @autoclosure () -> Value) -> Value {
        get { self[key] ?? value() }
        _modify {
            var changed = self[key] ?? value()
            self[key] = nil
            defer { self[key] = changed }
            yield &changed
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        let old = self[key]
        if old != nil { self[key] = nil }
        return old
    }

    /// Every key and value, the layer's changes over what was there.
    var dictionary: [Key: Value] {
        guard let layer else { return base }
        var merged = base
        for (key, value) in layer { merged[key] = value }
        return merged
    }

    var keys: [Key] { Array(dictionary.keys) }

    /// Whether changes go into a layer of their own.
    var isLayered: Bool { layer != nil }

    /// From here on, changes go into a layer of their own.
    mutating func beginLayer() {
        precondition(layer == nil, "a layer over a layer")
        layer = [:]
    }

    /// The layer's changes, taken out: the dictionary holds what it held before the layer.
    mutating func takeLayer() -> [Key: Value?] {
        let taken = layer ?? [:]
        layer = nil
        return taken
    }

    /// Merges what a layer changed (`takeLayer()`).
    mutating func merge(_ changes: [Key: Value?]) {
        precondition(layer == nil, "a merge into a layer")
        for (key, value) in changes { base[key] = value }
    }
}

extension Layered: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (Key, Value)...) {
        base = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }
}

extension Layered: Equatable where Value: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.dictionary == rhs.dictionary }
}
