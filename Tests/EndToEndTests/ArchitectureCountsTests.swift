import Foundation
import Testing

/// docs/ARCHITECTURE.md's counts of today's code are what `scripts/architecture-counts` measures:
/// written by hand, they drifted as the code moved on (files that extend `Engine`, the members
/// the server names). Each such count is marked in the document, `10<!--count:KEY-->`, and the
/// script prints `KEY VALUE` for it; a change that moves a count must change the document too.
@Suite struct ArchitectureCountsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The script's counts by key, and its exit status and what it wrote to stderr.
    static func measured() throws -> (counts: [String: Int], status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "scripts/architecture-counts"]
        process.currentDirectoryURL = root
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var counts: [String: Int] = [:]
        for line in printed.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) { counts[String(fields[0])] = value }
        }
        return (counts, process.terminationStatus, complaints)
    }

    /// Every `NUMBER<!--count:KEY-->` in the document, in order; the number may have commas.
    static func marked(in text: String) throws -> [(key: String, number: Int)] {
        let pattern = try NSRegularExpression(pattern: "([0-9][0-9,]*)<!--count:([a-z0-9-]+)-->")
        return try pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let digits = try #require(Range(match.range(at: 1), in: text).map { text[$0] })
            let key = try #require(Range(match.range(at: 2), in: text).map { String(text[$0]) })
            let number = try #require(Int(digits.replacingOccurrences(of: ",", with: "")))
            return (key: key, number: number)
        }
    }

    @Test(.timeLimit(.minutes(1))) func theDocumentsCountsAreTheScripts() throws {
        let script = try Self.measured()
        try #require(script.status == 0, "scripts/architecture-counts failed: \(script.errors)")
        try #require(!script.counts.isEmpty, "scripts/architecture-counts printed no counts")
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let marks = try Self.marked(in: text)
        #expect(!marks.isEmpty, "docs/ARCHITECTURE.md marks no count")
        #expect(marks.count == text.components(separatedBy: "<!--count:").count - 1,
                "a count mark in docs/ARCHITECTURE.md follows no number, or names no key")
        for mark in marks {
            let printed = script.counts[mark.key]
            #expect(printed == mark.number,
                    "\(mark.key): docs/ARCHITECTURE.md says \(mark.number), scripts/architecture-counts \(printed.map(String.init) ?? "nothing")")
        }
        let markedKeys = Set(marks.map(\.key))
        for (key, value) in script.counts.sorted(by: { $0.key < $1.key }) {
            #expect(markedKeys.contains(key), "\(key) (\(value) by scripts/architecture-counts) is marked nowhere in docs/ARCHITECTURE.md")
        }
    }
}
