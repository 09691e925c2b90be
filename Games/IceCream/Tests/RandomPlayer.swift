import GameRules
import IceCream

enum ProposalKind: CaseIterable, Hashable {
    case legal, unchanged, changed, removed, tooMany, outOfOrder, wrongSeat, beyondTable
}

/// One proposal a random player might send, with the code the server must answer (`nil` when
/// it must be accepted). The expectation comes from how the proposal was made, not from the
/// rules under test.
struct Candidate {
    let kind: ProposalKind
    let proposal: IceCream
    let seat: Seat
    let expected: RuleViolation.Code?
}

/// Makes random proposals, right and wrong, for an ice cream in progress.
struct RandomPlayer {
    let game: IceCreamGame
    let seats: Int

    /// One candidate of every kind that makes sense in `state`, each with random choices.
    func proposals(in state: IceCream, lastMover: Seat?, random: inout SeededRandom) -> [Candidate] {
        let missing = IceCream.Part.allCases.filter { !state.has($0) }
        let chosen = IceCream.Part.allCases.filter { state.has($0) }
        let allowed = (0..<seats).map(Seat.init).filter { game.variant.id == "solo" || $0 != lastMover }
        let mover = allowed.randomElement(using: &random)!
        let next = setting(missing[0], in: state, random: &random)

        // A proposal without a base never reaches the rules: it is not an ice cream.
        func judged(_ proposal: IceCream, _ code: RuleViolation.Code) -> RuleViolation.Code {
            proposal.base == nil ? .undecodableState : code
        }
        var candidates = [
            Candidate(kind: .legal, proposal: next, seat: mover, expected: nil),
            Candidate(kind: .unchanged, proposal: state, seat: mover, expected: judged(state, .notOneMove)),
            Candidate(kind: .beyondTable, proposal: next, seat: Seat(64), expected: .tableFull),
        ]
        if let lastMover, game.variant.id == "group" {
            candidates.append(Candidate(kind: .wrongSeat, proposal: next, seat: lastMover, expected: .notYourTurn))
        }
        if let part = chosen.randomElement(using: &random) {
            // Half the time the wrong proposal also adds the right next part, so that only the
            // touched part makes it wrong.
            var changed = setting(part, in: state, random: &random, avoiding: state.value(of: part))
            var removed = state
            clear(part, in: &removed)
            if Bool.random(using: &random) {
                changed = setting(missing[0], in: changed, random: &random)
                removed = setting(missing[0], in: removed, random: &random)
            }
            candidates.append(Candidate(kind: .changed, proposal: changed, seat: mover, expected: judged(changed, .notOneMove)))
            candidates.append(Candidate(kind: .removed, proposal: removed, seat: mover, expected: judged(removed, .notOneMove)))
        }
        if missing.count >= 2 {
            let count = Int.random(in: 2...missing.count, using: &random)
            var several = state
            for part in missing.shuffled(using: &random).prefix(count) {
                several = setting(part, in: several, random: &random)
            }
            candidates.append(Candidate(kind: .tooMany, proposal: several, seat: mover, expected: judged(several, .notOneMove)))
        }
        if let later = missing.dropFirst().randomElement(using: &random) {
            let skipping = setting(later, in: state, random: &random)
            candidates.append(Candidate(kind: .outOfOrder, proposal: skipping, seat: mover, expected: judged(skipping, .illegalMove)))
        }
        return candidates
    }

    /// Any ice cream with a base, complete or not.
    func anyIceCream(random: inout SeededRandom) -> IceCream {
        var iceCream = setting(.base, in: .empty, random: &random)
        for part in [IceCream.Part.scoops, .topping] where Bool.random(using: &random) {
            iceCream = setting(part, in: iceCream, random: &random)
        }
        return iceCream
    }

    /// `iceCream` with `part` set to a random choice other than `avoiding`.
    private func setting(
        _ part: IceCream.Part, in iceCream: IceCream, random: inout SeededRandom, avoiding: String? = nil
    ) -> IceCream {
        let values: [String] = switch part {
        case .base: IceCream.Base.allCases.map(\.rawValue)
        case .scoops: IceCream.Scoops.allCases.map(\.rawValue)
        case .topping: IceCream.Topping.allCases.map(\.rawValue)
        }
        let value = values.filter { $0 != avoiding }.randomElement(using: &random)!
        return IceCreamMove(part: part, value: value)!.applied(to: iceCream)
    }

    private func clear(_ part: IceCream.Part, in iceCream: inout IceCream) {
        switch part {
        case .base: iceCream.base = nil
        case .scoops: iceCream.scoops = nil
        case .topping: iceCream.topping = nil
        }
    }
}
