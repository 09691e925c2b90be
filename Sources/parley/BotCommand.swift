import ArgumentParser
import Foundation
import Play

/// `parley bot`: a bot player, against people or other bots.
struct BotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bot",
        abstract: "Play one game as a bot: join a conversation by invite code, or open one and print its code.",
        discussion: """
            parley bot --server wss://localhost:8443 --invite CODE --game battleship --strategy hunter
            parley bot --server wss://localhost:8443 --game icecream --recipe classic --start
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "The invite code of the conversation to join; without it the bot opens one and prints its code.")
    var invite: String?

    @Option(help: "battleship or icecream.")
    var game: String = "battleship"

    @Option(help: "The variant, for a game the bot starts (seed, classic; group, solo).")
    var variant: String?

    @Option(help: "Battleship: hunter or random.")
    var strategy: String = "hunter"

    @Option(help: "Ice Cream: a named recipe (classic, berry, mocha) instead of random parts.")
    var recipe: String?

    @Flag(help: "Start the game as soon as someone else is in the conversation.")
    var start = false

    @Option(help: "The seed of the bot's choices, to repeat a game.")
    var seed: UInt64?

    func run() async throws {
        guard let strategy = BotPlayer.Strategy(rawValue: strategy) else {
            throw ValidationError("--strategy \(self.strategy): hunter or random.")
        }
        let player = try BotPlayer(game: game, variant: variant, strategy: strategy, recipe: recipe)
        let client = try await connection.client(defaultName: "Bot")
        var generator = SystemRandomNumberGenerator()
        let runner = BotRunner(client: client, player: player, seed: seed ?? generator.next()) { line in
            ConnectionOptions.write(line + "\n")
        }
        let status = try await runner.play(invite: invite, opens: start)
        ConnectionOptions.write("game over after \(status.moves) moves\n")
        await client.stop()
    }
}
