import GamePresentation
import TerminalUI
import Testing
import Transcript
import Wire

@Suite("Transcripts")
struct TranscriptRendererTests {
    let renderer = TranscriptRenderer(names: Cast.names, viewer: Cast.amber, mode: .plain)

    static let base = Message(
        game: "icecream", url: "?Base=base02", session: Cast.iceCreamSession,
        layout: TemplateLayout(caption: "Let's build an ice cream"), summaryText: "\(Cast.amber.token) chose a base",
        sender: Cast.amber)
    static let scoops = Message(
        game: "icecream", url: "?Base=base02&Scoops=scoops01", session: Cast.iceCreamSession,
        layout: TemplateLayout(caption: "I added some scoops"), summaryText: "\(Cast.ben.token) added scoops",
        sender: Cast.ben)
    static let events = [
        Cast.event(1, .joined, Cast.ben),
        Cast.event(2, base),
        Cast.event(3, scoops),
        Cast.event(4, .timeout, Cast.amber, status: Cast.status(.anyone, game: "icecream")),
    ]

    /// Amber's base is the older message of the session, so it collapses to a line; Ben's
    /// scoops, the newest, show whole.
    @Test func anOlderMessageOfASessionCollapses() {
        #expect(renderer.lines(for: Self.events, width: 60).plain == [
            "                      -- Ben joined --",
            "                                            You chose a base",
            "",
            "Ben",
            ".------------------------------------.",
            "|    .--------.                      |",
            "|   (oooooooooo)    scoops: vanilla  |",
            "|   (oooooooooo)                     |",
            "|    '--------'                      |",
            "|   \\==========/                     |",
            "|    \\========/                      |",
            "|     \\======/      base: sugar cone |",
            "|      \\====/                        |",
            "|       \\==/                         |",
            "|        \\/                          |",
            "|------------------------------------|",
            "| I added some scoops                |",
            "'------------------------------------'",
            "",
            "          -- You ran out of time. Anyone's turn --",
        ])
    }

    @Test func theNewestLinesFitTheHeightAtTheBottom() {
        let all = renderer.lines(for: Self.events, width: 60).plain
        #expect(renderer.lines(for: Self.events, width: 60, height: 8).plain == Array(all.suffix(8)))
        let tall = renderer.lines(for: Self.events, width: 60, height: 30).plain
        #expect(tall.count == 30)
        #expect(Array(tall.suffix(all.count)) == all)
        #expect(tall.prefix(10).allSatisfy { $0.isEmpty })
        #expect(renderer.lines(for: [], width: 60, height: 3).plain == ["", "", ""])
        #expect(renderer.lines(for: Self.events, width: 60, height: 0).isEmpty)
    }

    /// Scrolled back to an older message, the newer ones wait below the screen: the last line
    /// says how many and how to reach them.
    @Test func newerMessagesBelowASelectionAreAnnounced() {
        var loose = Self.base
        loose.session = nil
        let events = (1...6).map { Cast.event($0, loose) }
        let lines = renderer.lines(for: events, width: 60, height: 12, selected: 2).plain
        #expect(lines.count == 12)
        #expect(lines.last?.contains("v 4 newer messages below: Down") == true, "\(lines)")
        #expect(lines.dropLast().contains { $0.contains("Let's build") }, "the selection is still on screen")
        // One newer message is said as one; none is said as nothing.
        let one = renderer.lines(for: Array(events.prefix(3)), width: 60, height: 12, selected: 2).plain
        #expect(one.last?.contains("v 1 newer message below: Down") == true, "\(one)")
        let newest = renderer.lines(for: events, width: 60, height: 12, selected: 6).plain
        #expect(!newest.contains { $0.contains("newer") })
        // Everything fits: nothing is below, so nothing is said.
        let tall = renderer.lines(for: events, width: 60, height: 200, selected: 1).plain
        #expect(!tall.contains { $0.contains("newer") })
    }

    @Test func noticesForJoinsDeparturesAndTimeouts() {
        let forfeit = Cast.status(.nobody, finished: true, winners: [Cast.amber], losers: [Cast.ben])
        let events = [
            Cast.event(1, .joined, Cast.chris),
            Cast.event(2, .left, Cast.chris),
            Cast.event(3, .timeout, Cast.ben, status: forfeit),
            Event(conversation: "C", seq: 4, kind: .timeout, status: Cast.status(.anyone)),
        ]
        #expect(renderer.lines(for: events, width: 50).plain == [
            "                -- Chris joined --",
            "                 -- Chris left --",
            "  -- Ben ran out of time. Game over: you won --",
            "        -- Time ran out. Anyone's turn --",
        ])
    }

    /// A rated pairing names both ratings, a rated game's end both changes; a line too long
    /// for the width goes on below.
    @Test func aRatedPairingAndItsRatingsAreToldInWords() {
        let pairing = PairingInfo(
            game: "battleship", variant: "classic", secondsPerMove: 300, rated: true, players: [Cast.ben, Cast.amber],
            ratings: [RatingValue(rating: 1662, deviation: 80, provisional: false), RatingValue(rating: 1500, deviation: 350, provisional: true)])
        let rated = [
            RatingInfo(
                participant: Cast.amber, game: "battleship", variant: "classic", result: .win,
                before: RatingValue(rating: 1500, deviation: 350, provisional: true), after: RatingValue(rating: 1700, deviation: 300, provisional: true)),
            RatingInfo(
                participant: Cast.ben, game: "battleship", variant: "classic", result: .loss,
                before: RatingValue(rating: 1662, deviation: 80, provisional: false), after: RatingValue(rating: 1640, deviation: 80, provisional: false)),
        ]
        let events = [
            Event(conversation: "C", seq: 3, kind: .paired, pairing: pairing),
            Event(conversation: "C", seq: 90, kind: .rated, ratings: rated),
        ]
        #expect(renderer.lines(for: events, width: 60).plain == [
            "-- Paired for battleship (classic), 5 minutes a move, rated",
            "         (Ben 1662 v you 1500?): Ben moves first --",
            "",
            "  -- Your rating: 1500? → 1700? (+200); Ben's: 1662 → 1640",
            "                          (-22) --",
        ])
    }

    @Test func messagesWithoutASessionNeverCollapse() {
        var loose = Self.base
        loose.session = nil
        let lines = renderer.lines(for: [Cast.event(1, loose), Cast.event(2, loose)], width: 80).plain
        #expect(lines.filter { $0.contains("Let's build an ice cream") }.count == 2)
    }

    @Test func everyLineFitsTheWidth() {
        for width in [0, 1, 10, 33, 80] {
            #expect(renderer.lines(for: Self.events, width: width, height: 40).allSatisfy { $0.width <= width })
        }
    }
}
