import Crypto
import Foundation

/// Derives the identifier under which one install sees one account, so that the server keeps
/// no table of identifiers and yet always gives the same answer.
///
/// The identifier is HMAC-SHA256, keyed by the server's secret, over the viewer install and the
/// subject account; 16 bytes of it become a version-8 UUID (RFC 9562, the version for
/// application-defined layouts). Without the secret, nobody can tell whether Ben's id for X
/// and Chris's id for Y are the same person, nor work out anyone's id for another viewer.
///
/// Changing the secret changes every identifier, so the secret is kept with the data it
/// belongs to and not rotated casually.
public struct ParticipantIdentifiers: Sendable {
    /// Shorter keys could be guessed, and a guessed key links every identifier.
    public static let minimumSecretLength = 16

    private let key: SymmetricKey

    /// - Precondition: `secret` has at least `minimumSecretLength` bytes; a shorter one is a
    ///   configuration mistake that must stop the server rather than weaken every identifier.
    public init(secret: [UInt8]) {
        precondition(
            secret.count >= Self.minimumSecretLength,
            "the participant identifier secret needs at least \(Self.minimumSecretLength) bytes")
        key = SymmetricKey(data: secret)
    }

    /// The identifier by which `viewer` knows `subject`. Stable for the same inputs.
    public func id(of subject: AccountID, seenBy viewer: InstallID) -> ParticipantID {
        var message = Array(Self.domain.utf8)
        Self.appendLengthPrefixed(viewer.rawValue, to: &message)
        Self.appendLengthPrefixed(subject.rawValue, to: &message)
        var bytes = Array(HMAC<SHA256>.authenticationCode(for: message, using: key).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // variant 0b10, RFC 9562
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return ParticipantID(uuid)
    }

    /// The identifiers `viewer` uses for every member of a conversation.
    public func directory(for viewer: InstallID, members: some Sequence<AccountID>) -> ViewerDirectory {
        ViewerDirectory(viewer: viewer, ids: members.map { ($0, id(of: $0, seenBy: viewer)) })
    }

    /// Separates these MACs from anything else the same secret might ever be used for.
    private static let domain = "parley.participant-id.v1"

    /// A 4-byte big-endian length before each field, so that no two (viewer, subject) pairs
    /// encode alike: ("ab", "c") and ("a", "bc") would collide if simply joined.
    private static func appendLengthPrefixed(_ field: String, to message: inout [UInt8]) {
        let bytes = Array(field.utf8)
        let length = UInt32(bytes.count)
        message.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) })
        message.append(contentsOf: bytes)
    }
}
