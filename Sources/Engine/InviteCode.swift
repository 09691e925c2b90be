import Crypto

/// Invite codes: 20 characters of Crockford's base32 (100 random bits), shown in groups of
/// four (`7K2Q-…`) and read back whatever the case, dashes or look-alike letters.
enum InviteCode {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    static func make(using random: inout some RandomNumberGenerator) -> String {
        let characters = (0..<20).map { _ in alphabet[Int(random.next() % 32)] }
        return stride(from: 0, to: 20, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// The invite to watch the conversation whose invite (to play) is `invite`: the first 100
    /// bits of a SHA-256 of it. Whoever knows the invite can work it out; whoever knows only
    /// this one cannot work out the invite. Made, not stored, so every conversation has one.
    static func watch(of invite: String) -> String {
        let digest = Array(SHA256.hash(data: Array(("parley-watch-invite-1\n" + invite).utf8)))
        let characters = (0..<20).map { index -> Character in
            let bit = index * 5
            let pair = UInt16(digest[bit / 8]) << 8 | UInt16(digest[bit / 8 + 1])
            return alphabet[Int(pair >> (11 - bit % 8) & 31)]
        }
        return stride(from: 0, to: 20, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// The code as it was made, from what a person typed.
    static func normalized(_ typed: String) -> String {
        let cleaned = typed.uppercased().compactMap { character -> Character? in
            switch character {
            case "O": "0"
            case "I", "L": "1"
            case "-", " ": nil
            default: character
            }
        }
        guard cleaned.count == 20 else { return typed }
        return stride(from: 0, to: 20, by: 4).map { String(cleaned[$0..<$0 + 4]) }.joined(separator: "-")
    }
}

import Foundation

extension UUID {
    /// A version-4 UUID from the given generator, so tests can repeat the ids they see.
    static func random(using random: inout some RandomNumberGenerator) -> UUID {
        // Two draws, not sixteen: each draw of the system's generator is a system call.
        let (high, low) = (random.next(), random.next())
        var bytes = (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (8 * ($0 % 8))) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
