import GamePresentation

extension FourInARowGame {
    /// Web/fourinarow.js: how the web client draws and plays the game.
    public static var webPresentation: [UInt8]? { PackageResources.fourinarow_js }
}
