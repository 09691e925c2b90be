import TestSupport
import Foundation
import Transport

/// Headless Chromium (Debian's `chromium`), for loading the server's pages as a browser does.
package enum Browser {
    /// The browser's name on this machine; fails with a message naming it when it is missing.
    package static func require() throws -> String {
        for name in ["chromium", "chromium-browser"] where Spawn.exists(name) { return name }
        throw Spawn.Failure(description: "chromium is not installed; the page tests need it (apt-get install chromium, as .ci/run does)")
    }

    /// Each run gets its own profile: two at once on one profile wait for each other for ever.
    /// `timeout` ends a run that hangs all the same, so a test fails rather than stalls.
    private static func run(_ browser: String, _ extra: [String], reading: Bool = true) async throws -> (status: Int32, output: String) {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        // The server's certificate is self-made; root in a container needs no sandbox.
        let arguments = [
            "60", browser, "--headless", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors",
            "--hide-scrollbars", "--no-first-run", "--user-data-dir=\(profile)",
        ] + extra
        return try await Spawn.run("timeout", arguments, reading: reading)
    }

    /// The page's DOM after it loaded, as HTML.
    package static func dom(of url: String) async throws -> String {
        let browser = try require()
        let (status, output) = try await run(browser, ["--dump-dom", url])
        guard status == 0 else { throw Spawn.Failure(description: "\(browser) --dump-dom \(url) exited with \(status)") }
        return output
    }

    /// A PNG of the page as drawn, at `path`.
    package static func screenshot(of url: String, to path: String, width: Int = 900, height: Int = 700) async throws {
        let browser = try require()
        let (status, _) = try await run(browser, ["--window-size=\(width),\(height)", "--screenshot=\(path)", url], reading: false)
        guard status == 0 else { throw Spawn.Failure(description: "\(browser) --screenshot \(url) exited with \(status)") }
    }
}
