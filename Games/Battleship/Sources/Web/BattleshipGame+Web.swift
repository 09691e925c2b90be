import GamePresentation

extension BattleshipGame {
    /// Web/battleship.js: how the web client draws and plays the game.
    public static var webPresentation: [UInt8]? { PackageResources.battleship_js }
}
