import ArgumentParser
import Server

/// `parley settings`: every setting of `parley serve`, with its kind, range, default and
/// environment variable, as docs/SETTINGS.md holds it.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Print every setting of parley serve (docs/SETTINGS.md) as Markdown.")

    func run() {
        print(Setting.document(for: .standard), terminator: "")
    }
}
