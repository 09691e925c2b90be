import ArgumentParser
import Foundation
import GameCatalog
import GamePresentation
import Play

/// `parley bot`: a bot player, against people or other bots.
struct BotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bot",
        abstract: "Play one game as a bot: join a conversation by invite code, or open one and print its code.",
        discussion: """
            parley bot --server wss://localhost:8443 --invite CODE --game battleship --strategy hunter
            parley bot --server wss://localhost:8443 --game icecream --strategy berry --start
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "The invite code of the conversation to join; without it the bot opens one and prints its code.")
    var invite: String?

    @Option(help: ArgumentHelp("The game: \(GameCatalog.standard.ids.map(\.rawValue).joined(separator: ", ")).", valueName: "game"))
    var game: String = GameCatalog.standard.ids[0].rawValue

    @Option(help: "The variant, for a game the bot starts (its first when not given).")
    var variant: String?

    @Option(help: ArgumentHelp(
        "How the bot plays: \(Self.strategies) (each game's first when not given).", valueName: "strategy"))
    var strategy: String?

    @Flag(help: "Start the game as soon as someone else is in the conversation.")
    var start = false

    @Option(help: "The seed of the bot's choices, to repeat a game.")
    var seed: UInt64?

    @Option(help: ArgumentHelp(
        "Seek this many games with whoever else seeks the same, one after another, instead of using an invite.",
        valueName: "games"))
    var seek: Int?

    @Option(help: "With --seek: the seconds each player has for a move (one the server allows).")
    var secondsPerMove = 300

    @Flag(help: "With --seek: rated games.")
    var rated = false

    /// Each game's strategies, for the help: "battleship: hunter, random; icecream: …".
    static var strategies: String {
        GameCatalog.standard.games.map { "\($0.id): \($0.strategies.joined(separator: ", "))" }.joined(separator: "; ")
    }

    func run() async throws {
        let player = try BotPlayer(game: game, variant: variant, strategy: strategy)
        let client = try await connection.client(defaultName: "Bot")
        var generator = SystemRandomNumberGenerator()
        let runner = BotRunner(client: client, player: player, seed: seed ?? generator.next()) { line in
            ConnectionOptions.write(line + "\n")
        }
        if let seek {
            _ = try await runner.seek(secondsPerMove: secondsPerMove, rated: rated, games: seek)
        } else {
            // Each game's end is said as it comes; the bot stays for rematches until everyone else left.
            _ = try await runner.play(invite: invite, opens: start, rematches: true)
        }
        await client.stop()
    }
}
