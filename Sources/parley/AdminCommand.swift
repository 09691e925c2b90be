import Transcript
import ArgumentParser
import Foundation
import GameCatalog
import GamePresentation
import GameRules
import TerminalUI
import Wire

/// `parley admin`: the operator's view of the games of a server's store, over its admin API.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Inspect the games of a server's store: list them, show one, watch one move by move, see the figures.",
        discussion: """
            The server must have an admin token (admin.token, or PARLEY_ADMIN_TOKEN) and answers \
            admin requests from its own machine only, unless admin.allowRemote is set. Game ids \
            may be shortened to their first characters.

              parley admin games
              parley admin show 3F2A
              parley admin watch 3F2A
              parley admin stats
              parley admin end 3F2A
              parley admin remove CONVERSATION ACCOUNT
              parley admin readmit CONVERSATION ACCOUNT
              parley admin backup /var/backups/parley-2026-11-24
              parley admin stickers
              parley admin remove-sticker ID
              parley admin ladder battleship classic
              parley admin reload
            """,
        subcommands: [
            Games.self, Show.self, Watch.self, Stats.self, End.self, Remove.self, Readmit.self, Backup.self, Stickers.self,
            RemoveSticker.self, LadderCommand.self, Reload.self,
        ]
    )

    struct Options: ParsableArguments {
        @Option(help: ArgumentHelp("The server.", valueName: "url"))
        var server = "https://127.0.0.1:8443"

        @Option(help: "The admin token; else $PARLEY_ADMIN_TOKEN.")
        var token: String?

        @Option(help: ArgumentHelp(
            "The server's certificate, or its CA's, trusted as its authority; 'system' for the system's authorities.",
            valueName: "pem"))
        var ca = "data/tls/certificate.pem"

        func client() throws -> AdminClient {
            guard let token = token ?? ProcessInfo.processInfo.environment["PARLEY_ADMIN_TOKEN"] else {
                throw ValidationError("Give the admin token with --token or PARLEY_ADMIN_TOKEN.")
            }
            guard ca == "system" || FileManager.default.fileExists(atPath: ca) else {
                throw ValidationError("No certificate at \(ca): pass --ca DATA/tls/certificate.pem of the server.")
            }
            return try AdminClient(server: server, token: token, certificateAuthority: ca)
        }
    }

    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy the running server's store into a new data folder that a server can start on.",
            discussion: "The folder is written by the server, on its machine; a relative path is taken from here.")
        @OptionGroup var options: Options
        @Argument(help: "A new or empty folder.") var folder: String

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
            let backup = try await client.backup(to: absolute)
            print("backed up \(backup.records) records (\(backup.bytes) bytes) to \(backup.folder)")
            print("start a server on it: parley serve --data \(backup.folder)")
        }
    }

    struct Stickers: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the stickers the store holds: who sent each where, and what it is.")
        @OptionGroup var options: Options

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let stickers = try await client.stickers()
            print(stickers.isEmpty ? "no stickers" : stickers.map { sticker in
                "\(sticker.id)  \(sticker.format) \(sticker.width)x\(sticker.height) \(sticker.bytes) bytes  "
                    + "#\(sticker.seq) of \(sticker.conversation) by \(sticker.account.prefix(12))  \(sticker.name)"
            }.joined(separator: "\n"))
        }
    }

    struct LadderCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ladder", abstract: "A game's ladder with each player's account: ratings, games won, lost and drawn.")
        @OptionGroup var options: Options
        @Argument(help: "The game, such as battleship.") var game: String
        @Argument(help: "The variant; the game's first when absent.") var variant: String?

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let ladder = try await client.ladder(game: game, variant: variant)
            func line(_ place: Ladder.Place) -> String {
                "\(place.place). \(place.rating)\(place.provisional ? "?" : "") ±\(place.deviation)  \(place.games) games: "
                    + "\(place.wins) won, \(place.losses) lost, \(place.draws) drawn  \(place.name ?? "(no name)")  \(place.account?.prefix(12) ?? "")"
            }
            print("\(ladder.game) (\(ladder.variant)): \(ladder.playerCount) established, \(ladder.provisionalCount) provisional")
            for place in ladder.players { print(line(place)) }
            if !ladder.provisional.isEmpty { print("provisional:") }
            for place in ladder.provisional { print(line(place)) }
        }
    }

    struct RemoveSticker: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-sticker", abstract: "Remove a sticker: its bytes leave the store, and its page and image answer 404.")
        @OptionGroup var options: Options
        @Argument(help: "The sticker's id, as `parley admin stickers` prints it.") var id: String

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            try await client.removeSticker(id)
            print("removed sticker \(id)")
        }
    }

    struct Games: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the store's games, the most recently begun first, a page at a time.")
        @OptionGroup var options: Options
        @Option(help: "Only games being played (running) or over (finished).") var state: String?
        @Option(help: "Only games of this kind: battleship, icecream, …") var game: String?
        @Option(help: "How many games a page holds (1 to 500).") var limit: Int = 50
        @Option(help: "Where the page begins: what the page before it printed after --before.") var before: String?

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let query = [("state", state), ("game", game), ("limit", String(limit)), ("before", before)].compactMap { name, value in
                value.map { (name, $0) }
            }
            let (games, next) = try await client.games(query)
            print(games.isEmpty ? "no games" : AdminText.table(games))
            if let next { print("more: parley admin games --before \(next)" + (state.map { " --state \($0)" } ?? "") + (game.map { " --game \($0)" } ?? "")) }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one game: its true state, hidden ships included, and its log.")
        @OptionGroup var options: Options
        @Argument(help: "The game's id (its session), or its first characters.") var id: String

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let detail = try await client.game(try await AdminText.session(id, in: client.games([("session", id)]).games))
            print(AdminText.detail(detail, mode: AdminText.colourMode))
        }
    }

    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one game, then each move as it is made, until the game is over (or Ctrl-C).")
        @OptionGroup var options: Options
        @Argument(help: "The game's id (its session), or its first characters.") var id: String

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let mode = AdminText.colourMode
            let session = try await AdminText.session(id, in: client.games([("session", id)]).games)
            let moves = try await client.watch(session)
            var detail = try await client.game(session)
            ConnectionOptions.write(AdminText.detail(detail, mode: mode) + "\n")
            for try await move in moves {
                detail.log.append(move)
                if !move.state.isEmpty { detail.state = move.state }
                // Unbuffered, so a watcher piped into another program sees each move as it comes.
                ConnectionOptions.write("\n#\(move.seq) \(move.caption)\n"
                    + AdminText.picture(game: detail.game.game, state: detail.state, mode: mode) + "\n")
            }
            // The server ends the stream with the game.
            ConnectionOptions.write("\nThe game is over.\n")
        }
    }

    struct End: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End a game where it stands, nobody winning. The server logs it.")
        @OptionGroup var options: Options
        @Argument(help: "The game's id (its session), or its first characters.") var id: String

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let game = try await client.end(try await AdminText.session(id, in: client.games([("session", id)]).games))
            print("ended \(game.game) \(game.variant) \(game.session) after \(counted(game.moves, "move"))")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take a participant out of a conversation; they are told, and may not join it again until readmitted.")
        @OptionGroup var options: Options
        @Argument(help: "The conversation's id, as `parley admin show` prints it.") var conversation: String
        @Argument(help: "The participant's account id, as `parley admin show` prints it.") var account: String

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            try await client.membership("remove", account: account, in: ConversationID(spelling: conversation))
            print("removed \(account) from \(conversation)")
        }
    }

    struct Readmit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a participant the operator removed join the conversation again.")
        @OptionGroup var options: Options
        @Argument(help: "The conversation's id.") var conversation: String
        @Argument(help: "The participant's account id.") var account: String

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            try await client.membership("readmit", account: account, in: ConversationID(spelling: conversation))
            print("readmitted \(account) to \(conversation)")
        }
    }

    struct Reload: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: """
            Have the server read its settings and its certificate again, as SIGHUP does: new \
            connections get the new certificate, open ones keep theirs.
            """)
        @OptionGroup var options: Options

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let report = try await client.reload()
            print("certificate SHA-256 \(report.certificate)\(report.certificateChanged ? " (new)" : " (the same)")")
            print("applied: \(report.applied.isEmpty ? "nothing changed" : report.applied.joined(separator: ", "))")
            if !report.atNextStart.isEmpty {
                print("changed, taking effect at the next start: \(report.atNextStart.joined(separator: ", "))")
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The server's figures.")
        @OptionGroup var options: Options

        func run() async throws {
            let client = try options.client()
            defer { Task { await client.shutdown() } }
            let stats = try await client.stats()
            print("""
                connections        \(stats.connections)
                conversations      \(stats.conversations)
                games in progress  \(stats.gamesInProgress)
                games finished     \(stats.gamesFinished)
                moves              \(stats.moves)
                moves per second   \(String(format: "%.1f", stats.movesPerSecond)) (last 10 s)
                store              \(stats.storeSummary)
                """)
        }
    }
}

/// The admin API's answers as terminal text.
enum AdminText {
    /// The full session id of the one game whose id starts with `prefix`.
    static func session(_ prefix: String, in games: [SessionSummary]) throws -> String {
        let matches = games.filter { $0.session.lowercased().hasPrefix(prefix.lowercased()) }
        guard matches.count == 1, let game = matches.first else {
            throw ValidationError(matches.isEmpty ? "No game \(prefix); parley admin games lists them."
                : "\(prefix) could be \(matches.count) games; give more of its id.")
        }
        return game.session
    }

    static func table(_ games: [SessionSummary]) -> String {
        let header = ["GAME", "KIND", "MOVES", "TURN", "PARTICIPANTS", "LAST MOVE"]
        let rows = games.map { game in
            [String(game.session.prefix(8)), "\(game.game) \(game.variant)", String(game.moves), game.turn,
             participants(game), game.lastMove?.formatted(.iso8601) ?? "-"]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func participants(_ game: SessionSummary) -> String {
        game.participants.map(\.words).joined(separator: ", ")
    }

    /// Colour only on a terminal: not into a pipe or a file, whatever `TERM` says.
    static var colourMode: ColourMode {
        isatty(STDOUT_FILENO) == 1 ? ColourMode(environment: ProcessInfo.processInfo.environment) : .plain
    }

    static func detail(_ detail: AdminGameDetail, mode: ColourMode) -> String {
        let game = detail.game
        var lines = [
            "\(game.game) \(game.variant) \(game.session)",
            "conversation \(game.conversation)",
            "participants: \(participants(game))",
            "accounts: " + game.participants.map { "\($0.name ?? "-") \($0.account)" }.joined(separator: ", "),
            "turn: \(game.turn), \(counted(game.moves, "move"))",
            "true state: \(detail.state)",
            "",
            picture(game: game.game, state: detail.state, mode: mode),
            "",
        ]
        lines += detail.log.map { "#\($0.seq) \($0.at?.formatted(.iso8601) ?? "-") \($0.caption)" }
        return lines.joined(separator: "\n")
    }

    /// The true state drawn by its game: every fleet with its ships (the operator is trusted),
    /// or the ice cream. A game this client was not built with (the server's package adds its
    /// own) is shown as its items, as a game without drawings is.
    static func picture(game: String, state: String, mode: ColourMode) -> String {
        do throws(RuleViolation) {
            let items = try QueryString.items(in: state)
            guard GameCatalog.standard.type(GameID(rawValue: game)) != nil else {
                return GameView.itemLines(items, width: 80).rendered(mode).joined(separator: "\n")
            }
            let presentation = try GameCatalog.standard.presentation(GameID(rawValue: game), for: items)
            return try presentation.trueLines(of: items, width: 80, mode: mode).rendered(mode).joined(separator: "\n")
        } catch {
            return "(cannot draw this state: \(error.reason))"
        }
    }
}
