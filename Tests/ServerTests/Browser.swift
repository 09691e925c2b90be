import Foundation

/// Headless Chromium (Debian's `chromium`), for loading the server's pages as a browser does.
enum Browser {
    /// The browser's name on this machine; fails with a message naming it when it is missing.
    static func require() throws -> String {
        for name in ["chromium", "chromium-browser"] where Spawn.exists(name) { return name }
        throw Spawn.Failure(description: "chromium is not installed; the page tests need it (apt-get install chromium, as .ci/run does)")
    }

    private static func arguments(_ extra: [String]) -> [String] {
        // The server's certificate is self-made; root in a container needs no sandbox.
        ["--headless", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors", "--hide-scrollbars"] + extra
    }

    /// The page's DOM after it loaded, as HTML.
    static func dom(of url: String) throws -> String {
        let browser = try require()
        let (status, output) = try Spawn.run(browser, arguments(["--dump-dom", url]))
        guard status == 0 else { throw Spawn.Failure(description: "\(browser) --dump-dom \(url) exited with \(status)") }
        return output
    }

    /// A PNG of the page as drawn, at `path`.
    static func screenshot(of url: String, to path: String, width: Int = 900, height: Int = 700) throws {
        let browser = try require()
        let (status, _) = try Spawn.run(
            browser, arguments(["--window-size=\(width),\(height)", "--screenshot=\(path)", url]), reading: false)
        guard status == 0 else { throw Spawn.Failure(description: "\(browser) --screenshot \(url) exited with \(status)") }
    }
}
