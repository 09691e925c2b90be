import GameRules
import Transcript

/// A refusal sent to a client: `{"code": ..., "reason": ...}`. The client shows `reason`
/// verbatim and branches on `code`, which stays stable across releases.
///
/// `code` is a plain string rather than one error type's codes, because refusals come from
/// several layers (rules, token translation, later authentication and staleness) and the wire
/// should not have to change when another layer starts refusing things.
public struct ErrorFrame: Hashable, Sendable, Codable, CustomStringConvertible {
    public var code: String
    public var reason: String

    public init(code: String, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// A move, proposal or URL that the game's rules refused.
    public init(_ violation: RuleViolation) {
        self.init(code: violation.code.rawValue, reason: violation.reason)
    }

    /// A message whose tokens could not be translated for its recipients.
    public init(_ error: TranscriptError) {
        self.init(code: error.code.rawValue, reason: error.reason)
    }

    public var description: String { "\(code): \(reason)" }

    private enum CodingKeys: String, CodingKey {
        case code
        case reason
    }
}
