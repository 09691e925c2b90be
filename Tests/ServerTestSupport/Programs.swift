import Foundation
import Glibc
import Server
import TestSupport
import Transport
import Wire

/// The `parley` executable beside the test bundle, and what tests that spawn it need.
package enum Programs {
    /// The `parley` executable built beside the test bundle.
    package static func parley() throws -> String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("parley").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Tmux.Missing(description: "the parley executable is not built beside \(folder.path); run swift build")
    }

    /// The server's certificate fingerprint, once its log says it listens.
    package static func listening(log: String) async throws -> CertificateFingerprint {
        do {
            return try await eventually(within: .seconds(30), every: .milliseconds(20)) {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                guard let line = text.split(separator: "\n").first(where: { $0.contains("Parley listening on") }),
                    let sha = line.range(of: "SHA-256 ")
                else { return nil }
                return CertificateFingerprint(String(line[sha.upperBound...].prefix { $0.isHexDigit }))
            }
        } catch is NeverHappened {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw TimedOut(what: "parley serve to listen; the end of its log:\n" + text.split(separator: "\n").suffix(8).joined(separator: "\n"))
        }
    }

    /// A port nobody listens on now.
    /// A port a restarted server can have again: free now, and below the kernel's range of
    /// ephemeral ports, so that while the server is down no other socket (a test server bound
    /// to port 0, a client's outgoing connection) is given it.
    package static func freePort() throws -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32768
        let low = 10_000, high = max(low + 1000, range)
        for _ in 0..<200 {
            let port = Int.random(in: low..<high)
            if bindable(port) { return port }
        }
        throw Spawn.Failure(description: "no free port below \(high)")
    }

    package static func bindable(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 }
        }
    }
}
