import ArgumentParser
import Foundation
import GamePresentation
import Play
import TerminalUI

/// `parley replay FILE`: plays back a game exported by line mode's `export`, with no server.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play back an exported game in the terminal, move by move, without a server.",
        discussion: """
            FILE is what `export CONV SEQ FILE` wrote in `parley play --lines`. Left and Right step a move \
            back or on, Up and Down go to the first or the last, Esc or q ends. `parley verify FILE` checks \
            its signatures.
            """)

    @Argument(help: ArgumentHelp("An exported game.", valueName: "file"))
    var file: String

    func run() async throws {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw ValidationError("\(file): cannot read the file.")
        }
        let (summary, events) = try GameExport.read(text)
        guard RawTerminal.isTerminal else {
            throw ValidationError("The replay needs a terminal.")
        }
        let terminal = RawTerminal()
        terminal.enter()
        var session = ReplayScreen(
            model: PlayModel.replaying(summary, events: events), terminal: terminal,
            mode: ColourMode(environment: ProcessInfo.processInfo.environment))
        await session.run()
        terminal.restore()
    }
}
