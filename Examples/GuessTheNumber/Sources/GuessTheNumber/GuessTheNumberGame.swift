import GamePresentation
import GameRules

/// Guess the Number: the first player chooses a number from 1 to 100 in secret; the second
/// guesses, and each guess is answered "higher" or "lower". Seven guesses find any number by
/// halving; the guesser wins by finding it within seven, the chooser otherwise.
///
/// The state in a URL: `?Secret=42&Guess=50-lower&Guess=25-higher`. The guesser is never shown
/// the number while the game goes on: their URL has `Secret=hidden`.
public struct GuessTheNumberGame: Game, GamePresentation {
    public static let id: GameID = "guessthenumber"
    public static let name = "Guess the Number"
    public static let defaultTurnTimeout: Duration = .seconds(60)
    public static let variants = [
        Variant(id: "hundred", name: "1 to 100", summary: "A number from 1 to 100, seven guesses.", seats: 2...2)
    ]
    public static let range = 1...100
    public static let guessesAllowed = 7

    public let variant: Variant

    public init(variant: String) throws(RuleViolation) {
        self.variant = try Self.variant(named: variant)
    }

    public var initialState: GuessState { GuessState() }

    public func turnPolicy(in state: GuessState) -> TurnPolicy {
        if outcome(of: state).isFinished { return .nobody }
        return state.secret == nil && !state.hidden ? .only(Seat(0)) : .only(Seat(1))
    }

    public func apply(_ move: GuessMove, by seat: Seat, to state: GuessState) throws(RuleViolation) -> GuessState {
        guard !outcome(of: state).isFinished else { throw .gameOver }
        var next = state
        switch move {
        case let .choose(number):
            guard state.secret == nil, seat == Seat(0) else { throw .illegal("The number is chosen already.") }
            guard Self.range.contains(number) else { throw .illegal("\(number) is not from 1 to 100.") }
            next.secret = number
        case let .guess(number):
            guard let secret = state.secret, seat == Seat(1) else { throw .notYourTurn }
            guard Self.range.contains(number) else { throw .illegal("\(number) is not from 1 to 100.") }
            next.guesses.append(Guess(number: number, answer: number == secret ? .right : number < secret ? .higher : .lower))
        }
        return next
    }

    public func inferMove(from current: GuessState, to proposed: GuessState, by seat: Seat) throws(RuleViolation) -> GuessMove {
        if current.secret == nil, !current.hidden {
            guard let secret = proposed.secret, proposed.guesses.isEmpty else { throw .notOneMove("Choose a number first.") }
            return .choose(secret)
        }
        let shown = view(of: current, for: seat)
        guard proposed.guesses.count == shown.guesses.count + 1, Array(proposed.guesses.dropLast()) == shown.guesses,
            let guess = proposed.guesses.last, guess.answer == nil
        else { throw .notOneMove("A proposal adds one guess, without its answer.") }
        return .guess(guess.number)
    }

    public func outcome(of state: GuessState) -> Outcome {
        if state.guesses.last?.answer == .right { return .finished(winners: [Seat(1)], losers: [Seat(0)]) }
        if state.guesses.count >= Self.guessesAllowed { return .finished(winners: [Seat(0)], losers: [Seat(1)]) }
        return .inProgress
    }

    /// The guesser, and anyone else, sees the number only once the game is over.
    public func view(of state: GuessState, for viewer: Seat?) -> GuessState {
        guard viewer != Seat(0), state.secret != nil, !outcome(of: state).isFinished else { return state }
        var view = state
        view.secret = nil
        view.hidden = true
        return view
    }

    public func texts(for move: GuessMove, by seat: Seat, mover: String, from before: GuessState, to after: GuessState) -> StepTexts {
        switch move {
        case .choose:
            return StepTexts(caption: "\(mover) chose a number.", subcaption: "From 1 to 100", summary: "\(mover) chose a number",
                             accessibilityLabel: "Guess the Number. \(mover) chose a number from 1 to 100.")
        case let .guess(number):
            let answer = switch after.guesses.last?.answer {
            case .right?: "right!"
            case .higher?: "the number is higher."
            case .lower?: "the number is lower."
            case nil: "no answer."
            }
            return StepTexts(caption: "\(mover) guessed \(number): \(answer)", trailingCaption: "Guess \(after.guesses.count) of 7",
                             summary: "\(mover) guessed \(number)", accessibilityLabel: "Guess the Number. \(mover) guessed \(number): \(answer)")
        }
    }

    public func prompt(in state: GuessState) -> String? {
        if outcome(of: state).isFinished { return nil }
        return state.secret == nil && !state.hidden ? "Choose a number from 1 to 100" : "Guess the number"
    }

    public static var strategies: [String] { ["halving", "random"] }

    public func strategy(named name: String) -> (any GameStrategy)? {
        switch name {
        case "halving": GuessStrategy(game: self, halving: true)
        case "random": GuessStrategy(game: self, halving: false)
        default: nil
        }
    }

    /// The line-mode command `guess CONV SEQ NUMBER`.
    public static var lineVerbs: [LineVerb] {
        [LineVerb(verb: "guess", argument: "NUMBER", help: "Guess the Number: move CONV SEQ Guess=NUMBER") { word throws(RuleViolation) in
            guard let number = Int(word), range.contains(number) else { throw .illegal("\(word) is not a number from 1 to 100.") }
            return "Guess=\(number)"
        }]
    }
}

public enum GuessMove: Hashable, Sendable, CustomStringConvertible {
    case choose(Int)
    case guess(Int)

    public var description: String {
        switch self {
        case let .choose(number): "choose \(number)"
        case let .guess(number): "guess \(number)"
        }
    }
}

public struct Guess: Hashable, Sendable {
    public enum Answer: String, Hashable, Sendable { case higher, lower, right }
    public var number: Int
    /// `nil` in a proposal: the server answers.
    public var answer: Answer?

    public init(number: Int, answer: Answer?) {
        self.number = number
        self.answer = answer
    }
}

public struct GuessState: Hashable, Sendable {
    public var secret: Int?
    /// The number is chosen but not shown to this viewer.
    public var hidden = false
    public var guesses: [Guess] = []

    public init() {}
}

extension GuessTheNumberGame {
    public func decode(_ items: [QueryItem]) throws(RuleViolation) -> GuessState {
        var state = GuessState()
        for item in items {
            switch item.name {
            case "Secret":
                if item.value == "hidden" {
                    state.hidden = true
                } else if let number = item.value.flatMap(Int.init), Self.range.contains(number) {
                    state.secret = number
                } else {
                    throw .undecodable("Secret=\(item.value ?? "") is not a number from 1 to 100.")
                }
            case "Guess":
                let parts = (item.value ?? "").split(separator: "-", maxSplits: 1).map(String.init)
                guard let number = parts.first.flatMap(Int.init), Self.range.contains(number) else {
                    throw .undecodable("Guess=\(item.value ?? "") is not a guess from 1 to 100.")
                }
                let answer = parts.count > 1 ? Guess.Answer(rawValue: parts[1]) : nil
                guard parts.count == 1 || answer != nil else { throw .undecodable("Guess=\(item.value ?? "") has no answer such as higher.") }
                state.guesses.append(Guess(number: number, answer: answer))
            default:
                continue
            }
        }
        return state
    }

    public func encode(_ state: GuessState) -> [QueryItem] {
        var items: [QueryItem] = []
        if let secret = state.secret { items.append(QueryItem("Secret", String(secret))) }
        if state.hidden { items.append(QueryItem("Secret", "hidden")) }
        for guess in state.guesses {
            items.append(QueryItem("Guess", guess.answer.map { "\(guess.number)-\($0.rawValue)" } ?? String(guess.number)))
        }
        return items
    }
}

/// A bot: the chooser picks at random; the guesser halves what the answers leave (`halving`)
/// or guesses anywhere in it (`random`).
struct GuessStrategy: GameStrategy {
    let game: GuessTheNumberGame
    let halving: Bool

    func proposal<R: RandomNumberGenerator>(after state: [QueryItem]?, using generator: inout R) throws(RuleViolation)
        -> [QueryItem]?
    {
        var current = try state.map { items throws(RuleViolation) in try game.decode(items) } ?? game.initialState
        guard !game.outcome(of: current).isFinished else { return nil }
        if current.secret == nil, !current.hidden {
            current.secret = Int.random(in: GuessTheNumberGame.range, using: &generator)
            return game.encode(current)
        }
        var low = GuessTheNumberGame.range.lowerBound, high = GuessTheNumberGame.range.upperBound
        for guess in current.guesses {
            if guess.answer == .higher { low = max(low, guess.number + 1) }
            if guess.answer == .lower { high = min(high, guess.number - 1) }
        }
        guard low <= high else { return nil }
        current.guesses.append(Guess(number: halving ? (low + high) / 2 : Int.random(in: low...high, using: &generator), answer: nil))
        return game.encode(current)
    }
}
