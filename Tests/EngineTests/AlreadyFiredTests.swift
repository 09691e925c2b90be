import Engine
import Testing
import Transcript
import Wire

/// A shot at a cell already fired at is the rules' refusal, `battleship.already-fired`, however
/// the proposal is written: the usual way (the URL sent with the shot added at its end) and
/// with the shot before the URL's last item, as a client that keeps `Is_Complete` last writes it.
@Suite struct AlreadyFiredTests {
    @Test(arguments: ["end", "beforeIsComplete"])
    func aSecondShotAtACellIsRefusedAsAlreadyFired(place: String) throws {
        var (harness, conversation) = GameSessionTests.table(three: false)
        #expect(harness.start("battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", in: conversation, by: "amber")?
            .isAccepted == true)
        let placed = try #require(harness.lastMessage(in: conversation, for: "ben"))
        #expect(harness.reply(to: placed, with: "Shot=1", by: "ben")?.isAccepted == true)
        let missed = try #require(harness.lastMessage(in: conversation, for: "ben"))
        let url = try #require(missed.message?.url)
        let proposal = place == "end"
            ? url + "&Shot=1"
            : url.replacingOccurrences(of: "&Is_Complete=0", with: "&Shot=1&Is_Complete=0")
        let answer = harness.handle(.send(.init(
            id: "again", conversation: conversation, game: "battleship", session: missed.message?.session?.uuidString,
            basedOn: missed.seq, url: proposal)), from: "ben").first
        #expect(answer?.rejection?.code == "battleship.already-fired", "\(proposal): \(String(describing: answer))")
    }
}
