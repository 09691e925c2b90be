import ArgumentParser

@main
struct Parley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "A multiplayer turn-based game server.",
        version: "0.1.0"
    )
}
