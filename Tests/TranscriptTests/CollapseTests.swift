import Testing
import Transcript

@Suite struct CollapseTests {
    @Test func onlyTheNewestOfEachSessionShowsWhole() {
        let messages = [
            Sample.message("Let's build an ice cream", session: Sample.first, summary: "base"),
            Sample.message("placed ships", session: Sample.second, summary: "ships placed"),
            Sample.message("I added some scoops", session: Sample.first, summary: "scoops"),
            Sample.message("a hit", session: Sample.second, summary: "hit"),
            Sample.message("Our finished ice cream", session: Sample.first, summary: "topping"),
        ]
        #expect(TranscriptEntry.collapse(messages) == [
            .collapsed(messages[0], summary: "base"),
            .collapsed(messages[1], summary: "ships placed"),
            .collapsed(messages[2], summary: "scoops"),
            .whole(messages[3]),
            .whole(messages[4]),
        ])
    }

    @Test func messagesWithoutASessionAlwaysShowWhole() {
        let messages = [
            Sample.message("hello", session: nil),
            Sample.message("start", session: Sample.first, summary: "started"),
            Sample.message("hello again", session: nil),
            Sample.message("move", session: Sample.first, summary: "moved"),
            Sample.message("bye", session: nil),
        ]
        #expect(TranscriptEntry.collapse(messages) == [
            .whole(messages[0]),
            .collapsed(messages[1], summary: "started"),
            .whole(messages[2]),
            .whole(messages[3]),
            .whole(messages[4]),
        ])
    }

    @Test func theSummaryFallsBackToTheCaptionThenTheGame() {
        let messages = [
            Sample.message("I added some scoops", session: Sample.first),
            Sample.message(nil, session: Sample.first, game: "icecream"),
            Sample.message("Our finished ice cream", session: Sample.first),
        ]
        let summaries = TranscriptEntry.collapse(messages).map { entry -> String? in
            if case .collapsed(_, let summary) = entry { summary } else { nil }
        }
        #expect(summaries == ["I added some scoops", "icecream", nil])
    }

    @Test func orderIsKeptAndEveryMessageAppearsOnce() {
        let sessions = [Sample.first, Sample.second, nil]
        let messages = (0..<30).map { Sample.message("step \($0)", session: sessions[$0 % 3]) }
        let entries = TranscriptEntry.collapse(messages)
        #expect(entries.map(\.message) == messages)
        #expect(entries.filter { if case .whole = $0 { true } else { false } }.count == 12)
    }

    @Test func emptyAndSingleTranscripts() {
        #expect(TranscriptEntry.collapse([]).isEmpty)
        let one = Sample.message("only", session: Sample.first)
        #expect(TranscriptEntry.collapse([one]) == [.whole(one)])
    }
}
