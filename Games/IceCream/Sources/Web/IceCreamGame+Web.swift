import GamePresentation

extension IceCreamGame {
    /// Web/icecream.js: how the web client draws and plays the game.
    public static var webPresentation: [UInt8]? { PackageResources.icecream_js }
}
