import GameRules

/// What `parley verify` says of a run of signed URLs, one line each, and whether any failed.
public struct ChainReport: Sendable {
    public private(set) var lines: [String] = []
    public private(set) var failures = 0
    private var checked = 0
    private var sessions: Set<String> = []
    /// By key: one server's messages are checked together.
    private var witnesses: [ChainPublicKey: MessageWitness] = [:]

    public init() {}

    /// Checks the next URL (`MessageWitness.check`): its signature by `key`, its link to the
    /// message of its session checked before it, and its answers about hidden boards. `source`
    /// names where it came from (`FILE:LINE`, or the argument).
    public mutating func check(
        _ url: String, from source: String, key: ChainPublicKey, boards: (String, [QueryItem]) throws(RuleViolation) -> HiddenBoards?
    ) {
        checked += 1
        var witness = witnesses[key] ?? MessageWitness(key: key)
        defer { witnesses[key] = witness }
        do throws(ChainFailure) {
            let session = (try? ChainedURL(url))?.session
            let before = session.flatMap { witness.newest(of: $0) }
            let message = try witness.check(url, boards: boards)
            sessions.insert(message.session)
            let chain = if message.previous == nil {
                "begins its chain"
            } else if let before {
                "chain intact (follows message \(before.message))"
            } else {
                "follows a message not given"
            }
            lines.append("\(source): message \(message.message) of session \(message.session): signed by \(key.fingerprint.prefix(16)), \(chain).")
        } catch {
            failures += 1
            lines.append("\(source): FAILED (\(error.code)): \(error.reason)")
        }
    }

    /// A line that no URL could be read from.
    public mutating func fail(_ source: String, _ reason: String) {
        checked += 1
        failures += 1
        lines.append("\(source): FAILED: \(reason)")
    }

    public var summary: String {
        let counted = "\(checked) message\(checked == 1 ? "" : "s") of \(sessions.count) session\(sessions.count == 1 ? "" : "s")"
        guard failures == 0 else { return "\(failures) of \(checked) message\(checked == 1 ? "" : "s") FAILED." }
        return "\(counted) checked: every signature valid, every link between them intact."
    }
}
