import IceCream
import Testing

@Suite("The history of finished ice creams")
struct IceCreamHistoryTests {
    /// 4 × 10 × 12 = 480 distinct finished ice creams, in a fixed order.
    let finished: [IceCream] = IceCream.Base.allCases.flatMap { base in
        IceCream.Scoops.allCases.flatMap { scoops in
            IceCream.Topping.allCases.map { IceCream(base: base, scoops: scoops, topping: $0) }
        }
    }

    @Test func keepsTheNewestFifty() {
        var history = IceCreamHistory()
        for iceCream in finished.prefix(60) {
            let recorded = history.record(iceCream)
            #expect(recorded)
        }
        #expect(history.count == IceCreamHistory.capacity)
        #expect(history.iceCreams == Array(finished[10..<60]))
        #expect(history.mostRecent == finished[59])
    }

    @Test func aRepeatMovesToTheEnd() {
        var history = IceCreamHistory(finished.prefix(3))
        let recorded = history.record(finished[0])
        #expect(recorded)
        #expect(history.iceCreams == [finished[1], finished[2], finished[0]])
    }

    @Test func aRepeatDoesNotPushOutTheOldest() {
        var history = IceCreamHistory(finished.prefix(50))
        history.record(finished[25])
        #expect(history.count == 50)
        #expect(history.iceCreams.first == finished[0])
        #expect(history.mostRecent == finished[25])
    }

    @Test(arguments: [IceCream.empty, IceCream(base: .cup), IceCream(base: .cup, scoops: .coffee), IceCream(base: .cup, topping: .cherries)])
    func anUnfinishedIceCreamIsIgnored(_ iceCream: IceCream) {
        var history = IceCreamHistory(finished.prefix(2))
        let before = history
        let recorded = history.record(iceCream)
        #expect(!recorded)
        #expect(history == before)
    }

    @Test func buildingFromAListAppliesTheSameLimits() {
        let history = IceCreamHistory(finished.prefix(70) + [IceCream(base: .cup), finished[69]])
        #expect(history.iceCreams == Array(finished[20..<70]))
        #expect(IceCreamHistory().isEmpty)
    }
}
