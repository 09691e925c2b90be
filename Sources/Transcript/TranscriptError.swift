/// Why a message could not be carried from one view to another. `reason` is written for a
/// person and may be shown to the sender verbatim; `code` is for programs and stays stable.
/// New codes may be added, so match on the ones you handle and treat the rest alike.
public struct TranscriptError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code): \(reason)" }
}

extension TranscriptError.Code {
    /// A `$<uuid>` token or the sender names nobody in the conversation.
    public static let unknownParticipant = Self(rawValue: "unknown-participant")
}

extension TranscriptError {
    /// `id` is in the sender's own view, so echoing it back to the sender tells them nothing
    /// new; the account behind it, if any, is never part of the reason.
    static func unknownParticipant(_ id: ParticipantID) -> Self {
        Self(.unknownParticipant, "The message names \(id.token), who is not in this conversation.")
    }

    /// The sender knows the member but the recipient's directory does not, which happens
    /// only when the two directories were built from different member lists.
    static let notSharedWithRecipient = Self(
        .unknownParticipant, "The message names someone the recipient does not share this conversation with.")
}
