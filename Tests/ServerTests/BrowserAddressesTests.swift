@testable import Server
import Testing

/// The address `parley serve` tells players to open: one a browser can reach, never
/// `https://0.0.0.0:…`.
@Suite struct BrowserAddressesTests {
    @Test func aServerOnEveryAddressNamesThisMachinesOwn() {
        let urls = BrowserAddresses.urls(
            host: "0.0.0.0", port: 18700, publicURL: nil, interfaces: ["127.0.0.1", "::1", "fe80::1", "2001:db8::5", "192.0.2.7"])
        #expect(urls == ["https://192.0.2.7:18700/", "https://[2001:db8::5]:18700/", "https://localhost:18700/"])
        #expect(!urls.contains { $0.contains("0.0.0.0") })
        #expect(BrowserAddresses.urls(host: "::", port: 8443, publicURL: nil, interfaces: ["127.0.0.1"]) == ["https://localhost:8443/"])
    }

    @Test func thePublicURLWinsAndAOneAddressServerNamesItsOwn() {
        #expect(BrowserAddresses.urls(host: "0.0.0.0", port: 443, publicURL: "https://games.example.org", interfaces: ["192.0.2.7"])
            == ["https://games.example.org/"])
        #expect(BrowserAddresses.urls(host: "127.0.0.1", port: 8443, publicURL: nil, interfaces: []) == ["https://127.0.0.1:8443/"])
    }

    @Test func theMachinesInterfacesAreRead() {
        #expect(BrowserAddresses.interfaces().contains("127.0.0.1"))
    }
}
