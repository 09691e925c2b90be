import Foundation
import Matchmaking
import Testing
import Transcript

/// The queue of seeks as a value: who is paired with whom, and when, as the time handed in moves.
@Suite struct MatchmakerTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let classic = Pool(game: "battleship", variant: "classic", secondsPerMove: 300, rated: true)
    let seed = Pool(game: "battleship", secondsPerMove: 300, rated: true)

    func seek(
        _ account: AccountID, _ rating: Double, in pool: Pool? = nil, from origin: String? = nil, after seconds: Double = 0,
        players: Int = 2, fewerAfter: Duration? = nil, botAfter: Duration? = nil
    ) -> Seek {
        Seek(
            id: "s-\(account)", account: account, origin: origin ?? "origin-\(account)", pool: pool ?? classic, rating: rating,
            players: players, startWithFewerAfter: fewerAfter, houseBotAfter: botAfter, since: start.addingTimeInterval(seconds))
    }

    @Test func twoSeeksOfAPoolArePairedAtOnceTheOlderFirstAndThePoolsApart() throws {
        var queue = Matchmaker()
        try queue.add(seek("amber", 1500))
        try queue.add(seek("chris", 1500, in: seed))
        #expect(queue.pair(at: start).isEmpty, "two pools: nobody to play")
        try queue.add(seek("ben", 1520, after: 2))
        let pairings = queue.pair(at: start.addingTimeInterval(2))
        #expect(pairings.map { $0.seeks.map(\.account) } == [["amber", "ben"]])
        #expect(pairings.first?.withHouseBot == false && pairings.first?.pool == classic)
        #expect(queue.waiting.map(\.account) == ["chris"])
    }

    @Test func theClosestRatingIsPreferred() throws {
        var queue = Matchmaker()
        try queue.add(seek("amber", 1500))
        try queue.add(seek("ben", 1590))
        try queue.add(seek("chris", 1480))
        #expect(queue.pair(at: start).map { $0.seeks.map(\.account) } == [["amber", "chris"]])
        #expect(queue.waiting.map(\.account) == ["ben"])
    }

    @Test func theWindowWidensTheLongerASeekWaits() throws {
        // 100 at once and 50 more a second: 400 apart are paired after 6 s, not before.
        var queue = Matchmaker()
        try queue.add(seek("amber", 1500))
        try queue.add(seek("ben", 1900))
        #expect(queue.pair(at: start).isEmpty)
        #expect(queue.pair(at: start.addingTimeInterval(5.9)).isEmpty)
        #expect(queue.pair(at: start.addingTimeInterval(6)).count == 1)
        // The wider window is the one that counts: a newcomer is taken by one who waited.
        var late = Matchmaker()
        try late.add(seek("amber", 1500))
        try late.add(seek("ben", 1900, after: 6))
        #expect(late.pair(at: start.addingTimeInterval(6)).count == 1)
        #expect(Matchmaker.Window().width(after: .seconds(3600)) == 1000, "up to its maximum")
    }

    @Test func nobodyIsPairedWithThemselvesOrTwice() throws {
        var queue = Matchmaker()
        try queue.add(seek("amber", 1500))
        #expect(throws: Matchmaker.Refusal.alreadySeeking) { try queue.add(seek("amber", 1500, after: 1)) }
        try queue.add(seek("amber", 1500, in: seed))
        #expect(queue.pair(at: start.addingTimeInterval(60)).isEmpty, "alone in two pools")
        try queue.add(seek("ben", 1500, in: seed, after: 61))
        try queue.add(seek("chris", 1500, after: 61))
        let pairings = queue.pair(at: start.addingTimeInterval(61))
        #expect(pairings.map { $0.seeks.map(\.account) } == [["amber", "chris"]], "one game for amber, her other seek gone")
        #expect(queue.waiting.map(\.account) == ["ben"])
        for pool in 0..<Matchmaker.seeksPerAccount {
            try queue.add(seek("dora", 1500, in: Pool(game: "icecream", secondsPerMove: 60 * (pool + 1), rated: false)))
        }
        #expect(throws: Matchmaker.Refusal.tooManySeeks(limit: Matchmaker.seeksPerAccount)) {
            try queue.add(seek("dora", 1500, in: seed))
        }
    }

    @Test func accountsOfOneOriginArePairedOnlyUnrated() throws {
        var rated = Matchmaker()
        try rated.add(seek("amber", 1500, from: "home"))
        try rated.add(seek("amber-2", 1500, from: "home"))
        #expect(rated.pair(at: start.addingTimeInterval(600)).isEmpty, "no rating farmed against a second install")
        var casual = Matchmaker()
        let unrated = Pool(game: "battleship", variant: "classic", secondsPerMove: 300, rated: false)
        try casual.add(seek("amber", 1500, in: unrated, from: "home"))
        try casual.add(seek("amber-2", 1500, in: unrated, from: "home"))
        #expect(casual.pair(at: start).count == 1)
    }

    @Test func seekingAndLeavingOverAndOverIsRefusedAfterTwentyAMinute() throws {
        var queue = Matchmaker()
        for second in 0..<Matchmaker.seeksPerMinute {
            try queue.add(seek("amber", 1500, after: Double(second)))
            queue.remove("amber")
        }
        #expect(throws: Matchmaker.Refusal.seekingTooOften(limit: 20)) { try queue.add(seek("amber", 1500, after: 30)) }
        #expect(queue.waiting.isEmpty, "the refused seek does not wait")
        // Others seek as they please, and a minute after her first, Amber may again.
        try queue.add(seek("ben", 1500, after: 30))
        try queue.add(seek("amber", 1500, after: 60))
        #expect(queue.waiting.map(\.account) == ["ben", "amber"])
    }

    @Test func aLeavingPlayerIsPairedWithNobody() throws {
        var queue = Matchmaker()
        try queue.add(seek("amber", 1500))
        try queue.add(seek("amber", 1500, in: seed))
        #expect(queue.remove("amber", in: seed).map(\.pool) == [seed])
        #expect(queue.remove("amber").map(\.pool) == [classic])
        try queue.add(seek("ben", 1500))
        #expect(queue.pair(at: start).isEmpty && queue.waiting.map(\.account) == ["ben"])
    }

    @Test func aGroupGathersUpToItsSizeOrStartsWithThosePresentAfterItsWait() throws {
        let icecream = Pool(game: "icecream", secondsPerMove: 60, rated: false)
        var queue = Matchmaker()
        try queue.add(seek("amber", 1500, in: icecream, players: 4, fewerAfter: .seconds(30)))
        try queue.add(seek("ben", 1500, in: icecream, after: 1, players: 4))
        try queue.add(seek("chris", 1500, in: icecream, after: 2, players: 4))
        #expect(queue.pair(at: start.addingTimeInterval(29)).isEmpty, "waiting for a fourth")
        let three = queue.pair(at: start.addingTimeInterval(30))
        #expect(three.map { $0.seeks.map(\.account) } == [["amber", "ben", "chris"]])

        var full = Matchmaker()
        for (index, account) in ["amber", "ben", "chris", "dora"].enumerated() {
            try full.add(seek(AccountID(rawValue: account), 1500, in: icecream, after: Double(index), players: 4))
        }
        #expect(full.pair(at: start.addingTimeInterval(3)).map(\.seeks.count) == [4])
        // A different group size is a different table.
        var sizes = Matchmaker()
        try sizes.add(seek("amber", 1500, in: icecream, players: 3))
        try sizes.add(seek("ben", 1500, in: icecream, players: 2))
        #expect(sizes.pair(at: start.addingTimeInterval(60)).isEmpty)
    }

    @Test func theHouseBotTakesASeekThatWaitedForItAndNoOther() throws {
        var queue = Matchmaker()
        try queue.add(seek("amber", 1500, botAfter: .seconds(20)))
        try queue.add(seek("ben", 1500, in: seed, botAfter: .zero))
        try queue.add(seek("chris", 1500, in: Pool(game: "battleship", secondsPerMove: 60, rated: true)))
        let now = queue.pair(at: start)
        #expect(now.map { $0.seeks.map(\.account) } == [["ben"]] && now.first?.withHouseBot == true)
        #expect(queue.pair(at: start.addingTimeInterval(19)).isEmpty)
        #expect(queue.pair(at: start.addingTimeInterval(20)).map(\.withHouseBot) == [true])
        #expect(queue.pair(at: start.addingTimeInterval(3600)).isEmpty, "chris waits for a person")
        #expect(queue.waiting.map(\.account) == ["chris"])
    }

    @Test func twoHundredSeekersOfTwoPoolsAreAllPairedWithinSecondsNoneTwice() throws {
        var random = SplitMix(seed: 37)
        var queue = Matchmaker()
        var seekers: [AccountID: Pool] = [:]
        for index in 0..<200 {
            let account = AccountID(rawValue: "bot-\(index)")
            let pool = index % 2 == 0 ? seed : classic
            seekers[account] = pool
            try queue.add(seek(account, 800 + Double(random.next() % 1400), in: pool, after: Double(index % 10) / 10))
        }
        var paired: [AccountID: Int] = [:]
        var seconds = 1.0
        while !queue.waiting.isEmpty, seconds <= 30 {
            for pairing in queue.pair(at: start.addingTimeInterval(seconds)) {
                #expect(pairing.seeks.count == 2 && !pairing.withHouseBot)
                #expect(pairing.seeks[0].account != pairing.seeks[1].account)
                #expect(pairing.seeks.allSatisfy { seekers[$0.account] == pairing.pool })
                for seek in pairing.seeks { paired[seek.account, default: 0] += 1 }
            }
            seconds += 1
        }
        #expect(paired.count == 200 && paired.values.allSatisfy { $0 == 1 }, "every seeker once")
        #expect(seconds <= 20, "all paired after \(seconds - 1) s")
    }
}

/// A small seeded generator, so the ratings are the same each run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
