import AsyncHTTPClient
import Foundation
import Glibc
import NIOCore
import NIOHTTP1
import TestSupport
import Transport

/// A headless Chromium driven over the WebDriver protocol, for tests that use the web client as
/// a person would: pages opened, elements clicked, keys pressed, the page read back, as `Tmux`
/// drives the terminal client. Each one has a chromedriver (Debian's `chromium-driver`), a
/// browser and a profile of its own, so that two or three players can each have one at once;
/// `with(_:_:)` closes it however the test ends.
package actor WebDriver {
    /// A command the browser refused, or a wait that ran out. `code` is WebDriver's error code
    /// ("no such element", "javascript error", "timeout", …) when there is one.
    package struct Failure: Error, CustomStringConvertible {
        package let code: String?
        package let description: String
    }

    /// The size of the page's viewport and of its screenshots, in CSS pixels.
    package struct WindowSize: Sendable, Hashable {
        let width: Int
        let height: Int

        package static let phone = WindowSize(width: 390, height: 844)
        package static let desktop = WindowSize(width: 1280, height: 800)
    }

    /// An element of the page the browser shows, by WebDriver's reference to it. The reference
    /// goes stale once the page removes the element.
    package struct Element: Sendable, Hashable {
        package static let key = "element-6066-11e4-a52e-4f735466cecf"
        package let id: String

        /// The element as an argument of a script, which receives it as a DOM element.
        package var json: JSON { [Self.key: .string(id)] }
    }

    /// WebDriver's codes for the keys that type no character, for `keys(_:)` and
    /// `type(_:_:)`: `keys("4" + Key.enter)`. A modifier stays down until `Key.null` or the end
    /// of the text, so `Key.shift + Key.tab` is Shift-Tab.
    package enum Key {
        package static let null = "\u{E000}"
        package static let backspace = "\u{E003}"
        package static let tab = "\u{E004}"
        package static let enter = "\u{E007}"
        package static let shift = "\u{E008}"
        package static let control = "\u{E009}"
        package static let alt = "\u{E00A}"
        package static let escape = "\u{E00C}"
        package static let space = "\u{E00D}"
        package static let pageUp = "\u{E00E}"
        package static let pageDown = "\u{E00F}"
        package static let end = "\u{E010}"
        package static let home = "\u{E011}"
        package static let arrowLeft = "\u{E012}"
        package static let arrowUp = "\u{E013}"
        package static let arrowRight = "\u{E014}"
        package static let arrowDown = "\u{E015}"
        package static let delete = "\u{E017}"
        package static let meta = "\u{E03D}"
        package static let modifiers: Set<String> = [shift, control, alt, meta]
    }

    /// The viewport's size now.
    package private(set) var size: WindowSize
    /// `http://127.0.0.1:PORT/session/ID`, to which each command's path is added.
    private let endpoint: String
    private let driver: pid_t
    /// The browser's profile and chromedriver's log, removed on closing.
    private let folder: String
    private var console: [String] = []
    private var closed = false

    private init(size: WindowSize, endpoint: String, driver: pid_t, folder: String) {
        self.size = size
        self.endpoint = endpoint
        self.driver = driver
        self.folder = folder
    }

    /// A browser with a viewport of `size`, for the length of `body`, closed when it returns or
    /// throws.
    package static func with<T: Sendable>(_ size: WindowSize = .desktop, _ body: (WebDriver) async throws -> T) async throws -> T {
        try await with([size]) { try await body($0[0]) }
    }

    /// One browser for each of `sizes`, started at once, for the length of `body`: one for each
    /// player of a game.
    package static func with<T: Sendable>(_ sizes: [WindowSize], _ body: ([WebDriver]) async throws -> T) async throws -> T {
        let started = await withTaskGroup(of: (Int, Result<WebDriver, any Error>).self) { group in
            for (index, size) in sizes.enumerated() {
                group.addTask {
                    do { return (index, .success(try await start(size))) } catch { return (index, .failure(error)) }
                }
            }
            var started = [Result<WebDriver, any Error>?](repeating: nil, count: sizes.count)
            for await (index, result) in group { started[index] = result }
            return started.compactMap { $0 }
        }
        let browsers = started.compactMap { try? $0.get() }
        do {
            for result in started { _ = try result.get() }
            let result = try await body(browsers)
            for browser in browsers { await browser.close() }
            return result
        } catch {
            for browser in browsers { await browser.close() }
            throw error
        }
    }

    /// A chromedriver on a port of its own choosing, and a session in a new browser; fails
    /// with a message naming `chromium-driver` when it is not installed.
    package static func start(_ size: WindowSize = .desktop) async throws -> WebDriver {
        guard Spawn.exists("chromedriver") else {
            let reason = "chromedriver is not installed; the browser tests need it (apt-get install chromium-driver, as scripts/test does)"
            throw Failure(code: nil, description: reason)
        }
        _ = try Browser.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webdriver-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let log = folder + "/chromedriver.log"
        let driver: pid_t
        do {
            driver = try Spawn.start("chromedriver", ["--port=0"], log: log)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        let created: JSON
        let base: String
        do {
            base = "http://127.0.0.1:\(try await port(ofDriverLoggingTo: log))"
            try await waitUntilReady(base, log: log)
            let capabilities = capabilities(size, profile: folder + "/profile")
            created = try await send(.POST, base + "/session", capabilities, describing: "POST /session")
        } catch {
            await stop(driver: driver, folder: folder)
            throw error
        }
        guard let id = created["sessionId"]?.string else {
            await stop(driver: driver, folder: folder)
            throw Failure(code: nil, description: "chromedriver made a session without an id: \(created)")
        }
        let browser = WebDriver(size: size, endpoint: "\(base)/session/\(id)", driver: driver, folder: folder)
        do {
            try await browser.setViewport(size)
        } catch {
            await browser.close()
            throw error
        }
        return browser
    }

    /// The port chromedriver says it listens on: asked for port 0, it takes a free one.
    private static func port(ofDriverLoggingTo log: String) async throws -> Int {
        var text = ""
        do {
            return try await eventually(within: .seconds(20), every: .milliseconds(20)) {
                text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                return text.firstMatch(of: /started successfully on port (\d+)/).flatMap { Int($0.1) }
            }
        } catch is NeverHappened {
            throw Failure(code: nil, description: "chromedriver named no port within 20 seconds; it printed:\n\(text)")
        }
    }

    private static func waitUntilReady(_ base: String, log: String) async throws {
        do {
            try await eventually(within: .seconds(20)) {
                let status = try? await send(.GET, base + "/status", describing: "GET /status", timeout: .seconds(5))
                return status?["ready"]?.bool == true
            }
        } catch is NeverHappened {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Failure(code: nil, description: "chromedriver was not ready within 20 seconds; it printed:\n\(text)")
        }
    }

    /// The browser's options. The server's certificate is self-made, and root in a container
    /// needs no sandbox. No host name resolves but localhost: the first tab opens the new tab
    /// page of Debian's search engine, and the first command waits for it, five seconds where no
    /// network answers; nor should a test reach outside this machine.
    private static func capabilities(_ size: WindowSize, profile: String) -> JSON {
        let arguments: [JSON] = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors", "--hide-scrollbars", "--no-first-run",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
            .string("--window-size=\(size.width),\(size.height)"), .string("--user-data-dir=\(profile)"),
        ]
        return ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "acceptInsecureCerts": true,
            "timeouts": ["implicit": 0, "pageLoad": 30_000, "script": 30_000],
            "goog:loggingPrefs": ["browser": "ALL"],
            "goog:chromeOptions": ["args": .array(arguments)],
        ]]]
    }

    /// Ends the session, which quits the browser, then chromedriver, and removes the profile.
    /// A test that was cancelled still gets its browser quit: the request is made apart from it.
    package func close() async {
        guard !closed else { return }
        closed = true
        let endpoint = endpoint
        let quit = await Task.detached {
            (try? await Self.send(.DELETE, endpoint, describing: "DELETE /session", timeout: .seconds(10))) != nil
        }.value
        await Self.stop(driver: driver, folder: folder, browserLeft: !quit)
    }

    /// A browser never closed (a test that did without `with`) goes with the driver all the same.
    deinit {
        guard !closed else { return }
        _ = Self.killBrowser(in: folder)
        _ = Glibc.kill(driver, SIGKILL)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Stops chromedriver and removes the folder. A browser left behind (its session never
    /// made, or never ended) is killed first, and waited for, for at most five seconds: one
    /// still dying wrote to its profile as it was removed.
    private static func stop(driver: pid_t, folder: String, browserLeft: Bool = true) async {
        await Task.detached {
            if browserLeft { try? await eventually(within: .seconds(5)) { !killBrowser(in: folder) } }
            await Spawn.kill(driver)
            try? FileManager.default.removeItem(atPath: folder)
        }.value
    }

    /// Kills each process of the browser whose profile is in `folder`, which chromedriver
    /// leaves running when it is killed itself; whether there was any. A process killed is no
    /// longer found: its command line is gone.
    private static func killBrowser(in folder: String) -> Bool {
        let profile = "--user-data-dir=\(folder)/profile"
        var found = false
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            guard command.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == profile }) else { continue }
            _ = Glibc.kill(pid, SIGKILL)
            found = true
        }
        return found
    }

    // MARK: Pages and elements

    package func open(_ url: String) async throws {
        try await command(.POST, "/url", ["url": .string(url)])
    }

    /// The address of the page shown.
    package func url() async throws -> String {
        try await command(.GET, "/url").string ?? ""
    }

    /// The first element matching `css`; fails at once, with what the page shows, when none
    /// does (`waitFor` waits for one).
    package func find(_ css: String) async throws -> Element {
        guard let element = try await findAll(css).first else {
            throw Failure(code: "no such element", description: "No element matches \(css).\n\(await report())")
        }
        return element
    }

    package func findAll(_ css: String) async throws -> [Element] {
        let found = try await command(.POST, "/elements", ["using": "css selector", "value": .string(css)])
        return (found.array ?? []).compactMap { $0[Element.key]?.string.map(Element.init) }
    }

    /// A click in the middle of the element, as a mouse makes it, once it is scrolled into view;
    /// it fails when another element covers that point.
    package func click(_ css: String) async throws {
        try await click(find(css))
    }

    package func click(_ element: Element) async throws {
        try await command(.POST, "/element/\(element.id)/click", [:])
    }

    /// Focuses the element and presses the keys of `text` in it, one by one.
    package func type(_ css: String, _ text: String) async throws {
        try await type(find(css), text)
    }

    package func type(_ element: Element, _ text: String) async throws {
        try await command(.POST, "/element/\(element.id)/value", ["text": .string(text)])
    }

    /// Presses the keys of `text` in turn wherever the focus is, without moving it first: Tab
    /// goes on from the element that has it.
    package func keys(_ text: String) async throws {
        var actions: [JSON] = []
        var held: [String] = []
        func release() {
            actions += held.reversed().map { ["type": "keyUp", "value": .string($0)] }
            held = []
        }
        for character in text {
            let key = String(character)
            if key == Key.null {
                release()
            } else if Key.modifiers.contains(key) {
                guard !held.contains(key) else { continue }
                actions.append(["type": "keyDown", "value": .string(key)])
                held.append(key)
            } else {
                actions += [["type": "keyDown", "value": .string(key)], ["type": "keyUp", "value": .string(key)]]
            }
        }
        release()
        try await command(.POST, "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": .array(actions)]]])
    }

    /// The element's text as the page draws it (hidden text left out).
    package func text(_ css: String) async throws -> String {
        try await text(of: find(css))
    }

    package func text(of element: Element) async throws -> String {
        try await command(.GET, "/element/\(element.id)/text").string ?? ""
    }

    /// The element's attribute `name`, or nil when it has none.
    package func attribute(_ css: String, _ name: String) async throws -> String? {
        try await command(.GET, "/element/\(find(css).id)/attribute/\(name)").string
    }

    /// The DOM property, such as the `value` typed into an input so far.
    package func property(_ css: String, _ name: String) async throws -> JSON {
        try await command(.GET, "/element/\(find(css).id)/property/\(name)")
    }

    /// The value `script`, a function body, returns; `arguments` are its `arguments`.
    @discardableResult
    package func execute(_ script: String, _ arguments: JSON...) async throws -> JSON {
        try await execute(script, arguments)
    }

    @discardableResult
    package func execute(_ script: String, _ arguments: [JSON]) async throws -> JSON {
        try await command(.POST, "/execute/sync", ["script": .string(script), "args": .array(arguments)])
    }

    /// The value `script` passes to the callback it gets as its last argument
    /// (`arguments[arguments.length - 1]`); it fails after 30 seconds without one.
    @discardableResult
    package func executeAsync(_ script: String, _ arguments: JSON...) async throws -> JSON {
        try await command(.POST, "/execute/async", ["script": .string(script), "args": .array(arguments)])
    }

    /// A PNG of the viewport as drawn, written to `path`.
    @discardableResult
    package func screenshot(to path: String) async throws -> Data {
        let encoded = try await command(.GET, "/screenshot").string ?? ""
        guard let png = Data(base64Encoded: encoded) else { throw Failure(code: nil, description: "The screenshot was not base64.") }
        try png.write(to: URL(fileURLWithPath: path))
        return png
    }

    /// Gives the page a viewport of `size`, as a window of that size would.
    package func setWindowSize(_ size: WindowSize) async throws {
        try await command(.POST, "/window/rect", ["width": JSON(size.width), "height": JSON(size.height)])
        try await setViewport(size)
    }

    /// The viewport is set by DevTools' device metrics and not by the window alone: a headless
    /// window takes part of its height for a browser's bars and is 500 pixels wide at least.
    /// Draws the page as a system set to a dark (or light) scheme asks for it:
    /// `prefers-color-scheme` as DevTools emulates it.
    package func prefersColourScheme(dark: Bool) async throws {
        let feature: JSON = ["name": "prefers-color-scheme", "value": .string(dark ? "dark" : "light")]
        try await command(.POST, "/goog/cdp/execute", ["cmd": "Emulation.setEmulatedMedia", "params": ["features": [feature]]])
    }

    /// Lets the page at `origin` write to the clipboard and read it back, as a person who
    /// allowed it would: headless Chromium refuses both until told.
    package func allowClipboard(for origin: String) async throws {
        let params: JSON = ["origin": .string(origin), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]]
        try await command(.POST, "/goog/cdp/execute", ["cmd": "Browser.grantPermissions", "params": params])
    }

    private func setViewport(_ size: WindowSize) async throws {
        let metrics: JSON = ["width": JSON(size.width), "height": JSON(size.height), "deviceScaleFactor": 1, "mobile": false]
        try await command(.POST, "/goog/cdp/execute", ["cmd": "Emulation.setDeviceMetricsOverride", "params": metrics])
        self.size = size
    }

    /// The text the page shows, as a person reads it.
    package func pageText() async throws -> String {
        try await execute("return document.body ? document.body.innerText : ''").string ?? ""
    }

    /// What the browser's console showed since it started, the page's `console` calls and its
    /// failed loads, each line with its level (`SEVERE`, `WARNING`, `INFO`) first.
    package func consoleLog() async throws -> [String] {
        let entries = try await command(.POST, "/se/log", ["type": "browser"])
        // chromedriver hands each entry out once.
        for entry in entries.array ?? [] {
            console.append("\(entry["level"]?.string ?? "?") \(entry["message"]?.string ?? "\(entry)")")
        }
        return console
    }

    // MARK: Waiting

    /// The first element matching `css` once there is one; after `timeout` without one, a
    /// failure that says what the page shows and what its console logged.
    @discardableResult
    package func waitFor(_ css: String, timeout: Duration = .seconds(10)) async throws -> Element {
        try await poll("an element matching \(css)", timeout: timeout) { try await $0.findAll(css).first }
    }

    /// The value of `script` once JavaScript takes it as true; after `timeout`, a failure
    /// saying it waited for `what`, with what the page shows and what its console logged.
    @discardableResult
    package func waitUntil(_ what: String, timeout: Duration = .seconds(10), script: String, _ arguments: JSON...) async throws -> JSON {
        try await poll(what, timeout: timeout) { browser in
            let value = try await browser.execute(script, arguments)
            return value.isTruthy ? value : nil
        }
    }

    /// Returns once `condition` holds; after `timeout`, a failure saying it waited for `what`,
    /// with what the page shows and what its console logged.
    package func waitUntil(_ what: String, timeout: Duration = .seconds(10), _ condition: @Sendable (WebDriver) async throws -> Bool) async throws {
        try await poll(what, timeout: timeout) { try await condition($0) ? () : nil }
    }

    /// Asks `attempt` every 100 ms until it has a value. A command the browser refuses for the
    /// page's sake (a script's exception, an element gone stale) counts as no value yet; one
    /// that could never succeed (a selector that is no CSS, a session gone) and any other error
    /// end the wait at once.
    private func poll<T: Sendable>(_ what: String, timeout: Duration, _ attempt: (WebDriver) async throws -> T?) async throws -> T {
        let hopeless: Set<String?> = [nil, "invalid selector", "invalid argument", "invalid session id", "unknown command"]
        var refused: Failure?
        do {
            return try await eventually(within: timeout, every: .milliseconds(100)) {
                do {
                    return try await attempt(self)
                } catch let failure as Failure where !hopeless.contains(failure.code) {
                    refused = failure
                    return nil
                }
            }
        } catch is NeverHappened {
            let last = refused.map { "\nThe last attempt failed: \($0)" } ?? ""
            throw Failure(code: "timeout", description: "Waited \(timeout) for \(what) in vain.\(last)\n\(await report())")
        }
    }

    /// The page's address and text and what its console logged, for a failure's message.
    package func report() async -> String {
        let url = (try? await url()) ?? "(unknown)"
        var text = (try? await pageText()) ?? "(unreadable)"
        if text.count > 2000 { text = String(text.prefix(2000)) + " …" }
        let log = (try? await consoleLog()) ?? []
        let logged = log.isEmpty ? "nothing" : log.suffix(30).joined(separator: "\n")
        return "The page \(url) shows:\n\(text)\nIts console logged:\n\(logged)"
    }

    // MARK: Commands

    @discardableResult
    private func command(_ method: HTTPMethod, _ path: String, _ body: JSON? = nil) async throws -> JSON {
        try await Self.send(method, endpoint + path, body, describing: "\(method) \(path)")
    }

    /// One WebDriver command: the `value` of its answer, or a `Failure` with the browser's
    /// reason (its first line: chromedriver adds its session and a stack).
    private static func send(
        _ method: HTTPMethod, _ url: String, _ body: JSON? = nil, describing command: String, timeout: Duration = .seconds(60)
    ) async throws -> JSON {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        }
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let response = try await client.execute(request, timeout: .milliseconds(milliseconds))
        let bytes = try await response.body.collect(upTo: 256 << 20)
        let value = (try? JSONDecoder().decode(Answer.self, from: Data(bytes.readableBytesView)))?.value ?? .null
        guard response.status == .ok else {
            let message = value["message"]?.string.map { String($0.prefix { $0 != "\n" }) } ?? String(buffer: bytes)
            throw Failure(code: value["error"]?.string, description: "\(command): \(message)")
        }
        return value
    }

    /// The client of every chromedriver, for the whole run as `HTTPClient.shared` is, except
    /// that a connection refused fails the command at once: by default it is tried again until
    /// the command's deadline, so each command to a chromedriver that had died waited it out.
    private static let client = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    private struct Answer: Decodable {
        let value: JSON?
    }
}
