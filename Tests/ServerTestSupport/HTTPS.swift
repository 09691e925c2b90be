import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Transport

/// Plain HTTPS requests to a live server, for its pages, `/metrics` and the admin API. The
/// server's certificate is self-made, so it is not checked here; the WebSocket tests pin it.
package enum HTTPS {
    package struct Answer: Sendable {
        package let status: Int
        package let body: String
        package let contentType: String?
        package let headers: HTTPHeaders
    }

    package static func request(
        _ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: String? = nil,
        followingRedirects: Bool = true
    ) async throws -> Answer {
        var configuration = HTTPClient.Configuration()
        if !followingRedirects { configuration.redirectConfiguration = .disallow }
        configuration.tlsConfiguration = .makeClientConfiguration()
        configuration.tlsConfiguration?.certificateVerification = .none
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            var request = HTTPClientRequest(url: url)
            request.method = method
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.headers.add(name: "Connection", value: "close")
            if let body { request.body = .bytes(ByteBuffer(string: body)) }
            let response = try await client.execute(request, timeout: .seconds(10))
            let bytes = try await response.body.collect(upTo: 4 << 20)
            let answer = Answer(
                status: Int(response.status.code), body: String(buffer: bytes),
                contentType: response.headers.first(name: "Content-Type"), headers: response.headers)
            try await client.shutdown()
            return answer
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
