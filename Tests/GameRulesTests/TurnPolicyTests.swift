import GameRules
import Testing

@Suite struct TurnPolicyTests {
    @Test(arguments: [
        (TurnPolicy.alternate(Seat(0), Seat(1)), nil, Turn.seat(Seat(0))),
        (.alternate(Seat(0), Seat(1)), Seat(0), .seat(Seat(1))),
        (.alternate(Seat(0), Seat(1)), Seat(1), .seat(Seat(0))),
        (.alternate(Seat(2), Seat(1)), nil, .seat(Seat(2))),
        (.roundRobin(seats: 3), nil, .seat(Seat(0))),
        (.roundRobin(seats: 3), Seat(0), .seat(Seat(1))),
        (.roundRobin(seats: 3), Seat(1), .seat(Seat(2))),
        (.roundRobin(seats: 3), Seat(2), .seat(Seat(0))),
        (.anyoneButLastMover, nil, .anyone),
        (.anyoneButLastMover, Seat(4), .anyoneExcept(Seat(4))),
        (.anyone, Seat(4), .anyone),
        (.only(Seat(1)), Seat(1), .seat(Seat(1))),
        (.nobody, Seat(0), .nobody),
    ] as [(TurnPolicy, Seat?, Turn)])
    func policiesResolveToTurns(policy: TurnPolicy, lastMover: Seat?, turn: Turn) {
        #expect(policy.turn(after: lastMover) == turn)
    }

    @Test func turnsAllowTheRightSeats() {
        let seats = (0..<5).map(Seat.init)
        #expect(seats.filter(Turn.seat(Seat(2)).allows) == [Seat(2)])
        #expect(seats.filter(Turn.anyoneExcept(Seat(2)).allows) == [Seat(0), Seat(1), Seat(3), Seat(4)])
        #expect(seats.filter(Turn.anyone.allows) == seats)
        #expect(seats.filter(Turn.nobody.allows).isEmpty)
    }

    @Test func aRoundRobinVisitsEverySeatInOrder() {
        var last: Seat? = nil
        var order: [Seat] = []
        for _ in 0..<8 {
            guard case let .seat(next) = TurnPolicy.roundRobin(seats: 4).turn(after: last) else {
                Issue.record("a round robin names one seat")
                return
            }
            order.append(next)
            last = next
        }
        #expect(order.map(\.index) == [0, 1, 2, 3, 0, 1, 2, 3])
    }
}
