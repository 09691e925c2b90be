import Foundation
import TestSupport
import Testing
import Transport

/// A person playing in the web client, in a browser of their own: they read the page and press
/// its buttons and keys, as `Tmux` reads and types for the terminal client.
package struct WebPlayer: Sendable {
    package let browser: WebDriver
    package let name: String

    /// Opens the client at `url` (`https://localhost:PORT/`), gives `name` and waits until the
    /// client is online under it.
    package static func open(_ browser: WebDriver, at url: String, name: String) async throws -> WebPlayer {
        try await browser.open(url)
        try await browser.waitFor("#name", timeout: .seconds(30))
        try await browser.type("#name", name + WebDriver.Key.enter)
        let player = WebPlayer(browser: browser, name: name)
        try await player.see("You: \(name)")
        try await player.see("Online")
        return player
    }

    /// Amber (in `browsers[0]`) and Ben (in `browsers[1]`) at `url`, in one conversation: Amber
    /// opens it, Ben joins with its invite to play.
    package static func amberAndBen(_ browsers: [WebDriver], at url: String) async throws -> (amber: WebPlayer, ben: WebPlayer) {
        let amber = try await open(browsers[0], at: url, name: "Amber")
        let ben = try await open(browsers[1], at: url, name: "Ben")
        try await amber.press("New conversation")
        try await ben.join(try await amber.invite())
        return (amber, ben)
    }

    /// Waits until the page shows `text`.
    package func see(_ text: String, timeout: Duration = .seconds(30)) async throws {
        try await browser.waitUntil(
            "\(name)'s page to show \"\(text)\"", timeout: timeout,
            script: "return document.body.innerText.includes(arguments[0])", .string(text))
    }

    /// Presses the button that reads `text` once it is shown and enabled.
    package func press(_ text: String, timeout: Duration = .seconds(30)) async throws {
        try await browser.waitUntil(
            "\(name)'s button \"\(text)\"", timeout: timeout, script: Self.pressing + "return press((b) => b.textContent.trim() === arguments[0])",
            .string(text))
    }

    /// Presses the button whose accessibility label is `label` (or begins with it, when
    /// `prefix`), once it is shown and enabled.
    package func press(label: String, prefix: Bool = false, timeout: Duration = .seconds(30)) async throws {
        let test = prefix ? "(b.getAttribute('aria-label') ?? '').startsWith(arguments[0])" : "b.getAttribute('aria-label') === arguments[0]"
        try await browser.waitUntil(
            "\(name)'s button labelled \"\(label)\"", timeout: timeout, script: Self.pressing + "return press((b) => \(test))",
            .string(label))
    }

    /// A script's `press(match)`: clicks the first visible, enabled button that `match` takes.
    private static let pressing = """
        const press = (match) => {
          const button = [...document.querySelectorAll('button')].find((b) => match(b) && !b.disabled && b.getClientRects().length > 0);
          if (!button) return false;
          button.click();
          return true;
        };
        """

    /// Chooses `value` in the select (or sets the checkbox, `"true"` or `"false"`) whose id is
    /// `id`, as a person would, so that the form hears the change.
    package func choose(_ id: String, _ value: String) async throws {
        try await browser.waitFor("#" + id)
        try await browser.execute("""
            const field = document.getElementById(arguments[0]);
            if (field.type === 'checkbox') field.checked = arguments[1] === 'true'; else field.value = arguments[1];
            field.dispatchEvent(new Event('change', { bubbles: true }));
            """, .string(id), .string(value))
    }

    /// The address a link of the page goes to (its `href`, whole), found by `css`.
    package func link(_ css: String) async throws -> String {
        let found = try await browser.waitUntil(
            "\(name)'s link \(css)", timeout: .seconds(30), script: "return document.querySelector(arguments[0])?.href ?? null", .string(css))
        return try #require(found.string)
    }

    /// Waits until the controls of a move (the enabled buttons of the newest game message's
    /// drawing) are all within the conversation's visible part, between its top and the chat
    /// bar, with no scrolling by the player.
    package func controlsInView(timeout: Duration = .seconds(10)) async throws {
        try await browser.waitUntil(
            "\(name)'s move controls to be in view", timeout: timeout, script: """
            const view = document.querySelector('.view');
            const bubbles = view ? view.querySelectorAll('.message') : [];
            const newest = bubbles[bubbles.length - 1];
            const controls = newest ? [...newest.querySelectorAll('.game button:not([disabled])')] : [];
            if (controls.length === 0) return false;
            const top = view.getBoundingClientRect().top;
            const bottom = view.querySelector('.compose')?.getBoundingClientRect().top ?? view.getBoundingClientRect().bottom;
            return controls.every((c) => { const r = c.getBoundingClientRect(); return r.top >= top - 1 && r.bottom <= bottom + 1; });
            """)
    }

    /// The accessibility labels of the page's buttons that match `pattern` (a JavaScript
    /// regular expression's source).
    package func labels(matching pattern: String) async throws -> [String] {
        let found = try await browser.execute(
            "return [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).filter((l) => new RegExp(arguments[0]).test(l))",
            .string(pattern))
        return (found.array ?? []).compactMap(\.string)
    }

    /// The invite code shown first (to play, for a player).
    package func invite(toWatch: Bool = false) async throws -> String {
        let code = try await browser.waitUntil(
            "\(name)'s invite code", timeout: .seconds(30),
            script: "return document.querySelectorAll('.invites code')[arguments[0]]?.textContent", .number(toWatch ? 1 : 0))
        return try #require(code.string)
    }

    /// Joins with `invite`, typed beside "Join", and waits until the client has joined.
    package func join(_ invite: String) async throws {
        try await browser.type("#invite", invite + WebDriver.Key.enter)
        try await see("You joined")
    }

    /// What the client made of each game message it checked: "signed", "unsigned" or "failed".
    package func checks() async throws -> [String] {
        let results = try await browser.execute("return [...parleyClient.state.checks.values()].map((c) => c.result)")
        return (results.array ?? []).compactMap(\.string)
    }

    /// The warnings of failed checks the page shows.
    package func failures() async throws -> [String] {
        let found = try await browser.execute("return parleyClient.state.failures.map((f) => f.words)")
        return (found.array ?? []).compactMap(\.string)
    }

    /// The `seq` of every event the client took in its first conversation, in order.
    package func seqs() async throws -> [Int] {
        let found = try await browser.execute("return [...parleyClient.state.conversations.values()][0].events.map((e) => e.seq)")
        return (found.array ?? []).compactMap { $0.number.map { Int($0) } }
    }

    /// Waits until every game message the client holds is checked, and answers how many.
    package func waitUntilChecked(timeout: Duration = .seconds(30)) async throws -> Int {
        let script = """
            const held = [...parleyClient.state.conversations.values()].flatMap((c) => c.events.filter((e) => e.kind === 'message').map((e) => c.id + '/' + e.seq));
            return held.every((key) => parleyClient.state.checks.has(key)) ? held.length : 0;
            """
        let count = try await browser.waitUntil("\(name)'s checks of every message", timeout: timeout, script: script)
        return Int(count.number ?? 0)
    }

    /// A screenshot of the page, in `WebPlayer.screenshots`, named `name`.
    package func screenshot(_ name: String) async throws {
        let size = await browser.size
        let path = Self.screenshots + "/\(name)-\(size.width)x\(size.height).png"
        let png = try await browser.screenshot(to: path)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(path) is a PNG")
    }

    /// Where the tests leave their screenshots, to be looked at: `PARLEY_SCREENSHOTS`, or
    /// `.build/screenshots` beside the package.
    package static let screenshots: String = {
        let folder = ProcessInfo.processInfo.environment["PARLEY_SCREENSHOTS"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/screenshots").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()
}
