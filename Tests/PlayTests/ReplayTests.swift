import Play
import Testing

/// A finished game stepped through move by move on its own screen: `r`, the arrows, Esc.
@Suite struct ReplayTests {
    /// Amber hides boats at 0 and 4; Ben misses once and finds both: four messages, Ben on the
    /// game's screen at its end.
    static func finishedSeedGame() -> PlayTable {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.hideSeedBoats(by: "Amber")
        table.press("Ben", .enter)
        for shot in ["1", "4", "0"] {
            table.type("Ben", shot)
            table.press("Ben", .enter, .enter)
        }
        return table
    }

    @Test func aFinishedGameIsSteppedThroughMoveByMove() {
        var table = Self.finishedSeedGame()
        let over = table.screen("Ben")
        #expect(over.contains("r: a replay"), "\(over)")

        table.press("Ben", .character("r"))
        let first = table.screen("Ben")
        #expect(first.contains("Replay: move 1 of 4"), "\(first)")
        #expect(first.contains("Amber placed their ships! Can you find them?"), "\(first)")
        #expect(first.contains("Left/Right: a move back or on"), "\(first)")

        table.press("Ben", .right)
        let second = table.screen("Ben")
        #expect(second.contains("Replay: move 2 of 4"), "\(second)")
        #expect(second.contains("You fired at 1: a miss."), "\(second)")

        // No further than the last, no further back than the first.
        table.press("Ben", .down, .right, .right)
        #expect(table.screen("Ben").contains("Replay: move 4 of 4"))
        table.press("Ben", .up, .left)
        #expect(table.screen("Ben").contains("Replay: move 1 of 4"))

        // Esc ends the replay, and the game is as it ended; nothing was sent.
        table.press("Ben", .escape)
        let after = table.screen("Ben")
        #expect(!after.contains("Replay:") && after.contains("r: a replay"), "\(after)")
        #expect(table.moves(by: "Ben") == 3)
    }

    @Test func eExportsAFinishedGameToAFileNamedForIt() throws {
        var table = Self.finishedSeedGame()
        #expect(table.screen("Ben").contains("e: export"))
        let effects = table.effects("Ben", pressing: .character("e"))
        guard case let .save(file, text)? = effects.first else { throw ExportMissing() }
        #expect(file.hasPrefix("parley-battleship-") && file.hasSuffix(".jsonl") && file.count == "parley-battleship-12345678.jsonl".count)
        let (summary, events) = try GameExport.read(text)
        #expect(events.count == 4 && summary.you == events.first.map { _ in summary.you })
        // The file lets nobody into the conversation: it holds neither invite.
        let invite = try #require(table.models["Ben"]!.book.summaries.values.first?.invite)
        #expect(!text.contains(invite) && summary.invite.isEmpty && summary.watchInvite == nil, "\(text)")
        table.saved("Ben", file: file, failure: nil)
        #expect(table.screen("Ben").contains("Exported to \(file)"))
        table.press("Ben", .left)
        #expect(!table.screen("Ben").contains("Exported to"), "the notice lasts until the next key")
        table.saved("Ben", file: file, failure: "Permission denied")
        #expect(table.screen("Ben").contains("Cannot write \(file): Permission denied"))
        // A game still played exports nothing.
        var running = PlayTable("Amber", "Ben")
        running.gather(host: "Amber", guests: "Ben")
        running.hideSeedBoats(by: "Amber")
        #expect(running.effects("Amber", pressing: .character("e")).isEmpty)
    }

    struct ExportMissing: Error {}

    @Test func aGameStillPlayedHasNoReplay() {
        var table = PlayTable("Amber", "Ben")
        table.gather(host: "Amber", guests: "Ben")
        table.hideSeedBoats(by: "Amber")
        table.press("Ben", .enter, .character("r"))
        #expect(!table.screen("Ben").contains("Replay:"))
    }
}

/// A game exported as a file of frames plays back without a server.
@Suite struct ExportedGameTests {
    @Test func anExportedGamePlaysBackOnItsOwn() throws {
        let table = ReplayTests.finishedSeedGame()
        let book = table.models["Ben"]!.book
        let conversation = try #require(book.order.first)
        let seq = try #require(book.events[conversation]?.last { $0.kind == .message }?.seq)
        let lines = try GameExport.lines(ofMessage: seq, in: conversation, book: book, reference: "1")
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix(#"{"conversation":{"#) && lines[0].contains(#""type":"conversation""#))

        let (summary, events) = try GameExport.read(lines.joined(separator: "\n"))
        var model = PlayModel.replaying(summary, events: events)
        let first = model.screen(width: 80, height: 24, mode: .plain).joined(separator: "\n")
        #expect(first.contains("Replay: move 1 of 4"), "\(first)")
        #expect(first.contains("Amber placed their ships! Can you find them?"), "\(first)")
        // No server is involved: the top line says neither online nor offline.
        #expect(!first.contains("[online]") && !first.contains("[offline]"), "\(first)")
        _ = model.press(.right)
        let second = model.screen(width: 80, height: 24, mode: .plain).joined(separator: "\n")
        #expect(second.contains("You fired at 1: a miss."), "\(second)")
        #expect(model.press(.escape) == [.quit])

        #expect(throws: LineError.self) { try GameExport.read(lines[0]) }
        #expect(throws: LineError.self) { try GameExport.read("not json") }
    }
}
