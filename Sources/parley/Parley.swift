import ArgumentParser
import GameCatalog
import Server

@main
struct Parley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "A multiplayer turn-based game server.",
        discussion: "Games hosted: " + GameCatalog.standard.ids.compactMap { id in
            (try? GameCatalog.standard.game(id)).map { "\(id) (\($0.variants.map(\.id).joined(separator: ", ")))" }
        }.joined(separator: "; ") + ".",
        version: ParleyVersion.current,
        subcommands: [Serve.self, PlayCommand.self, BotCommand.self, BenchCommand.self, AdminCommand.self, VerifyCommand.self, ReplayCommand.self, FloorCommand.self, SettingsCommand.self]
    )
}
