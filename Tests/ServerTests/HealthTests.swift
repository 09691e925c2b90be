import HummingbirdTesting
import Server
import Testing

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
