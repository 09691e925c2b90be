import Bench
import Client
import Fairness
import Foundation
import GameCatalog
import ServerTestSupport
import TestSupport
import Testing
import Transcript
import Transport
import Wire

/// `parley verify` over a whole classic game played by two bots through a real server: the
/// guesser's messages, exported as JSON lines, verify end to end against the published key;
/// an edited copy does not, and says where and why.
@Suite(.timeLimit(.minutes(2))) struct VerifyCommandTests {
    @Test func aWholeClassicGameVerifiesAndAnEditedCopyDoesNot() async throws {
        let folder = LiveServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await LiveServer.with(dataDirectory: folder) { server in
            let endpoint = ServerEndpoint(host: server.host, port: server.port, trust: .pinned(server.fingerprint))
            let classic = try #require(BenchVariant.named("classic"))
            let table = try await BotTable.open(at: endpoint, game: classic, logger: quietLogger)
            let records = try await table.play(strategy: "hunter", meter: LoadMeter(limit: .moves(.max)), games: 1, recording: true, seed: 3)
            table.close()
            let published = try await HTTPS.request("\(server.url)/.well-known/parley-key").body
            let keyFile = (folder as NSString).appendingPathComponent("parley-key.json")
            try published.write(toFile: keyFile, atomically: true, encoding: .utf8)

            // Each bot's copies: JSON lines, as an export writes them.
            let parley = try Programs.parley()
            for (index, record) in records.enumerated() {
                let messages = record.events.compactMap(\.message)
                #expect(messages.count > 30)
                let lines = try messages.map { String(decoding: try WireJSON.encode($0), as: UTF8.self) }
                let export = (folder as NSString).appendingPathComponent("game-\(index).jsonl")
                try lines.joined(separator: "\n").write(toFile: export, atomically: true, encoding: .utf8)
                let verified = try await Spawn.run(parley, ["verify", "--key", keyFile, export], withErrors: true)
                #expect(verified.status == 0, "\(verified.output)")
                #expect(verified.output.contains("\(export):1: message 1 of session "))
                #expect(verified.output.contains("\(messages.count) messages of 1 session checked: every signature valid, every link between them intact."))

                // One shot's result changed in the middle of the game.
                var edited = lines
                let middle = lines.count / 2
                let miss = try #require(edited[middle].range(of: "-miss&"), "a miss by the middle of a game")
                edited[middle].replaceSubrange(miss, with: "-hit&")
                let copy = (folder as NSString).appendingPathComponent("edited-\(index).jsonl")
                try edited.joined(separator: "\n").write(toFile: copy, atomically: true, encoding: .utf8)
                let failed = try await Spawn.run(parley, ["verify", "--key", keyFile, copy], withErrors: true)
                #expect(failed.status == 1, "\(failed.output)")
                #expect(failed.output.contains("\(copy):\(middle + 1): FAILED (bad-signature): The signature does not match the URL as written"))
                // The edited message's digest is not the one the next message names.
                #expect(failed.output.contains("\(copy):\(middle + 2): FAILED (chain-broken): Message \(middle + 2) names the digest"))
                #expect(failed.output.contains("\(copy):\(middle + 3): message \(middle + 3) of session "))
                #expect(failed.output.contains("2 of \(lines.count) messages FAILED."))

                // A message left out breaks the chain at the one after it.
                var skipped = lines
                skipped.remove(at: middle)
                try skipped.joined(separator: "\n").write(toFile: copy, atomically: true, encoding: .utf8)
                let gap = try await Spawn.run(parley, ["verify", "--key", keyFile, copy], withErrors: true)
                #expect(gap.status == 1)
                #expect(gap.output.contains("\(copy):\(middle + 1): FAILED (chain-broken): Message \(middle + 2) names the digest"))
                #expect(gap.output.contains("1 of \(lines.count - 1) messages FAILED."))
            }

            // Without --key, the key comes from the URL's server, trusted as `parley play` does.
            let url = try #require(records.first?.events.compactMap(\.message).last?.url)
            let home = (folder as NSString).appendingPathComponent("home")
            let fetched = try await Spawn.run(
                parley, ["verify", "--home", home, "--fingerprint", server.fingerprint.description, url], withErrors: true)
            #expect(fetched.status == 0, "\(fetched.output)")
            #expect(fetched.output.contains("/.well-known/parley-key."))
            #expect(fetched.output.contains("1 message of 1 session checked"))
            // What is not a key, a URL or a file is refused in words.
            let notAKey = (folder as NSString).appendingPathComponent("not-a-key.json")
            try #"{"algorithm":"RSA"}"#.write(toFile: notAKey, atomically: true, encoding: .utf8)
            let badKey = try await Spawn.run(parley, ["verify", "--key", notAKey, url], withErrors: true)
            #expect(badKey.status != 0 && badKey.output.contains("not a key as /.well-known/parley-key publishes it"), "\(badKey.output)")
            let nothing = try await Spawn.run(parley, ["verify", "--key", keyFile, folder + "/no-such-file"], withErrors: true)
            #expect(nothing.status != 0 && nothing.output.contains("neither a URL nor a file that can be read"), "\(nothing.output)")
            let hostless = "?" + url.split(separator: "?", maxSplits: 1)[1]
            let noServer = try await Spawn.run(parley, ["verify", "--home", home, hostless], withErrors: true)
            #expect(noServer.status == 1 && noServer.output.contains("names no https server to fetch its key from"), "\(noServer.output)")
            let wrongPin = String(repeating: "ab", count: 32)
            let refused = try await Spawn.run(parley, ["verify", "--home", home, "--fingerprint", wrongPin, url], withErrors: true)
            #expect(refused.status != 0)
            #expect(refused.output.contains(wrongPin))
        }
    }
}
