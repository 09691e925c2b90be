import Hummingbird
import HummingbirdTesting
import Server
import ServerTestSupport
import Testing
import Transport

@Suite(.timeLimit(.minutes(1)))
struct HealthTests {
    /// Over a real TLS socket: HummingbirdTesting's AsyncHTTPClient set-up speaks HTTPS to
    /// the application `buildApplication` made (it does not check the certificate; the
    /// WebSocket tests do). `Connection: close` leaves no idle connection for the server's
    /// shutdown to wait on: with one left open, stopping took TLS's 5 s close timeout at times.
    @Test func healthAnswersOkOverTLSAndOtherPathsAreNotFound() async throws {
        let folder = try TemporaryFolder()
        let app = try buildApplication(configuration: testConfiguration(folder), logger: quietLogger, webSocketHandler: echo)
        try await app.test(.ahc(.https)) { client in
            try await client.execute(uri: "/health", method: .get, headers: [.connection: "close"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok")
            }
            try await client.execute(uri: "/nothing", method: .get, headers: [.connection: "close"]) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}

/// Every HTTP answer, a page, `/health` or a 404, says how a browser must treat it.
@Suite(.timeLimit(.minutes(1)))
struct SecurityHeaderTests {
    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        let folder = try TemporaryFolder()
        let app = try buildApplication(configuration: testConfiguration(folder), logger: quietLogger, webSocketHandler: echo)
        try await app.test(.ahc(.https)) { client in
            for (path, status) in [("/", HTTPResponse.Status.ok), ("/g/icecream?Base=base01", .ok), ("/health", .ok), ("/nothing", .notFound)] {
                try await client.execute(uri: path, method: .get, headers: [.connection: "close"]) { response in
                    #expect(response.status == status, "\(path)")
                    #expect(response.headers[.strictTransportSecurity] == "max-age=31536000", "\(path)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                    let policy = try #require(response.headers[.contentSecurityPolicy], "\(path)")
                    #expect(policy.contains("frame-ancestors 'none'") && policy.contains("default-src 'none'"), "\(path)")
                    #expect(response.headers[.init("X-Frame-Options")!] == "DENY", "\(path)")
                    #expect(response.headers[.init("Referrer-Policy")!] == "no-referrer", "\(path)")
                }
            }
        }
    }

    /// A path nothing is at is a page that says so, not an empty answer; its path is escaped.
    @Test func aPathWithNothingAtItIsAPageThatSaysSo() async throws {
        let folder = try TemporaryFolder()
        let app = try buildApplication(configuration: testConfiguration(folder), logger: quietLogger, webSocketHandler: echo)
        try await app.test(.ahc(.https)) { client in
            try await client.execute(uri: "/nothing/%3Cb%3Ehere", method: .get, headers: [.connection: "close"]) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let body = String(buffer: response.body)
                #expect(body.contains("There is no page at /nothing/%3Cb%3Ehere.") || body.contains("There is no page at /nothing/&lt;b&gt;here."),
                        "\(body)")
                #expect(!body.contains("<b>here"))
            }
        }
    }
}
