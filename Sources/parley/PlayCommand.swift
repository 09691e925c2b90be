import ArgumentParser
import Foundation
import Play
import GamePresentation
import TerminalUI

/// `parley play`: the client with which people play over the network.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play over the network: connect to a Parley server, open or join conversations, play.",
        discussion: """
            The first connection to a server shows its certificate's SHA-256 fingerprint and asks \
            whether to trust it, as ssh does, and remembers the answer in HOME/known_servers; a \
            server whose certificate later changes is refused. The install's key is made on the \
            first run in HOME/install-key.pem. Defaults for --server, --fingerprint and --name \
            come from HOME/client.json when present. HOME is --home, else $PARLEY_HOME, else \
            ~/.config/parley.

            Full screen: n opens a conversation, j joins one by its invite code; in a \
            conversation typing writes a chat message (Enter sends it), Left/Right choose a game \
            to start and Up/Down a message to open; on a \
            game, arrows or a typed cell move the cursor, r turns a ship, Enter stages a move \
            and Enter again sends it, Esc cancels or goes back, Ctrl-R resigns, m on a finished \
            game starts a rematch, Ctrl-C quits.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Read commands from standard input and print events as plain lines (for scripts and screen readers).")
    var lines = false

    @Flag(name: .customLong("no-bell"), help: "Do not ring the terminal's bell when a turn becomes yours (also \"bell\": false in client.json).")
    var noBell = false

    @Option(help: ArgumentHelp(
        "A command to run (/bin/sh -c) when a turn becomes yours, with PARLEY_CONVERSATION, PARLEY_NUMBER, PARLEY_SESSION, PARLEY_GAME and PARLEY_TEXT set: notify-send \"$PARLEY_TEXT\", say.",
        valueName: "command"))
    var onTurn: String?

    func run() async throws {
        guard lines else { return try await fullScreen() }
        let client = try await connection.client()
        let session = LineMode(client: client, onTurn: onTurn.map(TurnHook.init)) { line in ConnectionOptions.write(line + "\n") }
        let untrusted = await session.run(input: Self.standardInput())
        await client.stop()
        try connection.stop(untrusted)
    }

    /// The full-screen client, in the terminal's alternate screen until the player quits.
    private func fullScreen() async throws {
        guard RawTerminal.isTerminal else {
            throw ValidationError("The full-screen client needs a terminal; use --lines for scripts.")
        }
        // Asking about an unknown server happens before the screen is taken over.
        let client = try await connection.client(quiet: true)
        let terminal = RawTerminal()
        terminal.enter()
        let untrusted = await FullScreenSession(
            client: client, terminal: terminal, mode: ColourMode(environment: ProcessInfo.processInfo.environment),
            bell: !noBell && connection.settings.bell != false, onTurn: onTurn.map(TurnHook.init)
        ).run()
        terminal.restore()
        await client.stop()
        try connection.stop(untrusted)
    }

    static func standardInput() -> AsyncStream<String> {
        let (lines, input) = AsyncStream<String>.makeStream()
        Thread.detachNewThread {
            while let line = readLine() { input.yield(line) }
            input.finish()
        }
        return lines
    }
}
