import Engine
import Foundation
import Reads
import Storage
import Testing
import TestSupport
import Transcript
import Wire

/// The operator's reads answer from the store what the engine that decided the games holds of
/// them: every game of the store, a page at a time, the most recently begun first.
@Suite struct AdminReadsTests {
    @Test func aGameReadFromTheStoreIsWhatTheEngineHoldsOfIt() async throws {
        var table = try StoringTable()
        _ = try await table.handle(.rename(.init(id: table.nextID(), name: "Amber")), from: "amber")
        let (conversation, session) = try await table.seedGame(shots: [1], spectator: "chris")
        let reads = table.reads

        // Being played: the summary and the log, hidden ships included, as the engine has them.
        let held = try #require(table.engine.adminGame(session, in: conversation))
        #expect(try await reads.game(session.uuidString) == held)
        #expect(held.participants.map(\.name) == ["Amber", nil, nil] && held.moves == 2 && !held.finished)
        let detail = try #require(try await reads.gameDetail(session.uuidString))
        #expect(detail == (try table.engine.adminGame(session, in: conversation, from: table.records)))
        #expect(detail.state.contains("Ship_Location=0") && detail.log.map(\.kind) == ["move", "move"])
        #expect(detail.log.first?.caption.hasPrefix("Amber placed their ships") == true, "\(detail.log)")

        // Over, and no longer held by its conversation once four newer games have finished.
        for cell in [4, 0] { try await table.shoot(cell, in: conversation, session: session) }
        for _ in 0..<4 { _ = try await table.soloIceCream(in: conversation, by: "ben") }
        #expect(table.engine.adminGame(session, in: conversation) == nil, "the conversation keeps the newest four")
        let over = try #require(try await reads.game(session.uuidString))
        let worked = try #require(try table.engine.adminGame(session, in: conversation, from: table.records))
        #expect(over == worked.game)
        #expect(over.finished && over.moves == 4 && over.winners == ["ben"] && over.turn == "nobody (finished)")
        #expect(try await reads.gameDetail(session.uuidString) == worked)

        #expect(try await reads.game(UUID().uuidString) == nil)
        #expect(try await reads.gameDetail("not a session") == nil)
    }

    @Test func theListPagesEveryGameOfTheStoreTheNewestFirstAndFilters() async throws {
        var table = try StoringTable()
        let (first, battleship) = try await table.seedGame(shots: [1], spectator: nil)
        var begun = [battleship]
        for _ in 0..<3 { begun.append(try await table.soloIceCream(in: first, by: "amber")) }
        let (second, finished) = try await table.seedGame(shots: [1, 4, 0], spectator: nil)
        begun.append(finished)
        begun.append(try await table.soloIceCream(in: second, by: "ben", moves: 1))
        let newestFirst = begun.reversed().map(\.uuidString)
        let reads = table.reads

        var seen: [String] = []
        var before: String?
        repeat {
            let page = try await reads.games(.init(before: before, limit: 2))
            #expect(page.games.count <= 2)
            seen += page.games.map(\.session)
            before = page.next
        } while before != nil
        #expect(seen == newestFirst)

        let running = try await reads.games(.init(state: .running))
        #expect(running.games.map(\.session) == [begun[5], begun[0]].map(\.uuidString) && running.next == nil)
        #expect(running.games.allSatisfy { !$0.finished })
        let finishedBattleships = try await reads.games(.init(state: .finished, game: "battleship"))
        #expect(finishedBattleships.games.map(\.session) == [finished.uuidString])
        let iceCreams = try await reads.games(.init(game: "icecream", limit: 10))
        #expect(iceCreams.games.map(\.session) == [begun[5], begun[3], begun[2], begun[1]].map(\.uuidString))

        let prefix = String(begun[2].uuidString.prefix(8)).lowercased()
        #expect(try await reads.games(.init(sessionPrefix: prefix)).games.map(\.session) == [begun[2].uuidString])
        #expect(try await reads.games(.init(limit: 0)).games.isEmpty)
    }
}

extension StoringTable {
    /// Ben fires at `cell` in a seed Battleship, answering the newest message he was shown.
    mutating func shoot(_ cell: Int, in conversation: ConversationID, session: SessionID) async throws {
        let shown = try #require(newestMessage(in: conversation, for: "ben", session: session))
        let answer = try await handle(.send(.init(
            id: nextID(), conversation: conversation, game: "battleship", session: session.uuidString, basedOn: shown.seq,
            url: try #require(shown.message?.url) + "&Shot=\(cell)")), from: "ben")
        #expect(answer.first?.isAccepted == true, "\(answer)")
    }

    /// A solo ice cream of `moves` messages (three finish it) by `account`; its session.
    mutating func soloIceCream(in conversation: ConversationID, by account: AccountID, moves: Int = 3) async throws -> SessionID {
        _ = try await handle(.send(.init(
            id: nextID(), conversation: conversation, game: "icecream", variant: "solo", url: "?Base=base01")), from: account)
        for part in ["Scoops=scoops01", "Topping=topping01"].prefix(moves - 1) {
            let shown = try #require(newestMessage(in: conversation, for: account))
            _ = try await handle(.send(.init(
                id: nextID(), conversation: conversation, game: "icecream", session: shown.message?.session?.uuidString,
                basedOn: shown.seq, url: try #require(shown.message?.url) + "&" + part)), from: account)
        }
        return try #require(newestMessage(in: conversation, for: account)?.message?.session)
    }
}
