/// The ice creams someone has finished, oldest first, as the original app kept them to offer
/// as stickers. A pure value: whoever owns it decides where it is stored.
public struct IceCreamHistory: Hashable, Sendable {
    /// The original kept at most 50; older ones fall off.
    public static let capacity = 50

    public private(set) var iceCreams: [IceCream]

    public init() { iceCreams = [] }

    /// A history with `iceCreams` recorded in order, so the same limits hold as for `record`.
    public init(_ iceCreams: some Sequence<IceCream>) {
        self.init()
        for iceCream in iceCreams { record(iceCream) }
    }

    public var count: Int { iceCreams.count }
    public var isEmpty: Bool { iceCreams.isEmpty }
    /// The newest ice cream, the first sticker to offer.
    public var mostRecent: IceCream? { iceCreams.last }

    /// Records a finished ice cream as the newest, moving it there if it was already kept, and
    /// drops the oldest beyond `capacity`. Returns `false`, changing nothing, for an ice cream
    /// that is not complete: a half-built one is no sticker.
    @discardableResult
    public mutating func record(_ iceCream: IceCream) -> Bool {
        guard iceCream.isComplete else { return false }
        iceCreams.removeAll { $0 == iceCream }
        iceCreams.append(iceCream)
        if iceCreams.count > Self.capacity {
            iceCreams.removeFirst(iceCreams.count - Self.capacity)
        }
        return true
    }
}
