/// A value kept in one box that copies share until one of them writes: a copy of the struct
/// that holds it is then one retain, where a struct of many fields costs a retain and a
/// release of each. `Conversation` and `Session` keep their fields this way: a move
/// reads its conversation and its session many times.
///
/// Reads borrow the boxed value (`_read`), so reading one field copies that field only;
/// writes copy the box first if another copy shares it.
@propertyWrapper
struct CopyOnWrite<Value: Sendable>: Sendable {
    /// Only ever written while not shared.
    private final class Box: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    var wrappedValue: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}
