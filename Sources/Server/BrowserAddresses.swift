import NIOCore

/// The addresses a player can open the web client at, for the line `parley serve` logs: the
/// operator's `server.publicURL`; else, for a server listening on every address (`0.0.0.0`,
/// `::`), this machine's own addresses (those of other machines first, then `localhost`),
/// since `https://0.0.0.0:8443/` opens nothing in a browser; else the address it listens on.
enum BrowserAddresses {
    static func urls(host: String, port: Int, publicURL: String?, interfaces: [String]) -> [String] {
        if let publicURL { return [publicURL.hasSuffix("/") ? publicURL : publicURL + "/"] }
        guard host == "0.0.0.0" || host == "::" else { return [url(host, port)] }
        let elsewhere = interfaces.filter { !$0.hasPrefix("127.") && $0 != "::1" && !$0.lowercased().hasPrefix("fe80:") }
        // IPv4 first: easier to type, and what most local networks hand out.
        let ordered = elsewhere.filter { !$0.contains(":") } + elsewhere.filter { $0.contains(":") }
        return ordered.map { url($0, port) } + [url("localhost", port)]
    }

    /// The addresses of this machine's interfaces that are up, as text; none if they cannot be read.
    static func interfaces() -> [String] {
        ((try? System.enumerateDevices()) ?? []).compactMap { $0.address?.ipAddress }
    }

    private static func url(_ host: String, _ port: Int) -> String {
        "https://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    }
}
