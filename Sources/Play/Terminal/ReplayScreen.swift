import Foundation
import GamePresentation
import TerminalUI

/// `parley replay FILE`: an exported game played back in the terminal, without a server. The
/// keys of a replay step through it; Esc or q ends it.
public struct ReplayScreen {
    private let terminal: RawTerminal
    private let mode: ColourMode
    private var model: PlayModel

    public init(model: PlayModel, terminal: RawTerminal, mode: ColourMode) {
        self.model = model
        self.terminal = terminal
        self.mode = mode
        self.model.glyphs = Glyphs(environment: ProcessInfo.processInfo.environment)
    }

    public mutating func run() async {
        var drawn: [String] = []
        func draw() {
            let (width, height) = terminal.size
            let lines = model.screen(width: width, height: height, mode: mode)
            guard lines != drawn else { return }
            drawn = lines
            terminal.draw(lines)
        }
        draw()
        for await input in terminal.inputs() {
            switch input {
            case let .key(key):
                if model.press(key).contains(.quit) { return }
            case .resized:
                drawn = []
            }
            draw()
        }
    }
}
