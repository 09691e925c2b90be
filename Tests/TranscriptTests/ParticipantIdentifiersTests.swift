import Foundation
import GameRules
import Testing
import Transcript

@Suite struct ParticipantIdentifiersTests {
    let cast = Cast()

    @Test func sameInputsGiveTheSameID() {
        let again = ParticipantIdentifiers(secret: Cast.secret)
        #expect(cast.id(cast.amber, cast.benPhone) == again.id(of: cast.amber, seenBy: cast.benPhone))
    }

    @Test func viewersKnowTheSamePersonByDifferentIDs() {
        #expect(cast.id(cast.amber, cast.benPhone) != cast.id(cast.amber, cast.chrisLaptop))
    }

    @Test func oneViewerKnowsDifferentPeopleByDifferentIDs() {
        #expect(cast.id(cast.amber, cast.benPhone) != cast.id(cast.chris, cast.benPhone))
    }

    @Test func aReinstallSeesEveryoneAnew() {
        let reinstall: InstallID = "install-ben-phone-2"
        for member in cast.members {
            #expect(cast.id(member, cast.benPhone) != cast.id(member, reinstall))
        }
    }

    @Test func anotherSecretGivesOtherIDs() {
        let other = ParticipantIdentifiers(secret: Array(repeating: 7, count: 32))
        #expect(cast.id(cast.amber, cast.benPhone) != other.id(of: cast.amber, seenBy: cast.benPhone))
    }

    /// Joined without lengths, ("ab", "c") and ("a", "bc") would be the same bytes.
    @Test func fieldBoundariesAreUnambiguous() {
        let joined = cast.identifiers.id(of: "c", seenBy: "ab")
        let shifted = cast.identifiers.id(of: "bc", seenBy: "a")
        #expect(joined != shifted)
    }

    @Test func idsAreVersion8WithTheRFCVariant() {
        for member in cast.members {
            let uuid = cast.id(member, cast.amberPhone).uuid
            #expect(uuid.version == 8)
            #expect(uuid.variantBits == 0b10)
        }
    }

    /// A fixed value, worked out independently with Python's hmac module, so that a change to
    /// the derivation (which would give every player new identifiers in every conversation)
    /// cannot slip through unnoticed.
    @Test func derivationIsFrozen() {
        #expect(cast.id(cast.amber, cast.benPhone).uuidString == "AA7CC6DC-83AC-85F9-8504-D4E6E9C5BAB3")
    }

    @Test func noCollisionsOverManyRandomAccountsAndInstalls() {
        var random = SeededRandom(seed: 2016)
        let accounts = (0..<300).map { _ in AccountID(rawValue: Self.hex(bytes: 32, using: &random)) }
        let installs = (0..<40).map { _ in InstallID(rawValue: Self.hex(bytes: 16, using: &random)) }
        var seen: Set<ParticipantID> = []
        for install in installs {
            for account in accounts {
                let id = cast.identifiers.id(of: account, seenBy: install)
                #expect(id.uuid.version == 8)
                seen.insert(id)
            }
        }
        #expect(Set(accounts).count == accounts.count)
        #expect(Set(installs).count == installs.count)
        #expect(seen.count == accounts.count * installs.count)
    }

    @Test func directoryMapsBothWays() {
        let directory = cast.directory(cast.benPhone)
        #expect(directory.members == Set(cast.members))
        for member in cast.members {
            let id = cast.id(member, cast.benPhone)
            #expect(directory.id(for: member) == id)
            #expect(directory.account(for: id) == member)
        }
        #expect(directory.id(for: cast.outsider) == nil)
        #expect(directory.account(for: cast.id(cast.amber, cast.chrisLaptop)) == nil)
    }

    /// An id travels as the uppercase UUID string, and reads back from either case.
    @Test func participantIDCodableAsUppercaseString() throws {
        let id = cast.id(cast.amber, cast.benPhone)
        let json = try JSONEncoder().encode([id])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(id.uuidString)\"]")
        #expect(id.uuidString == id.uuidString.uppercased())
        let lower = Data("[\"\(id.uuidString.lowercased())\"]".utf8)
        #expect(try JSONDecoder().decode([ParticipantID].self, from: lower) == [id])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([ParticipantID].self, from: Data("[\"not-a-uuid\"]".utf8))
        }
        #expect(id.token == "$" + id.uuidString)
        #expect(ParticipantID(token: id.token.lowercased()) == id)
        #expect(ParticipantID(token: id.uuidString) == nil)
        #expect(ParticipantID(token: id.token + "!") == nil)
    }

    @Test func accountAndInstallAreCodableAsPlainStrings() throws {
        let json = try JSONEncoder().encode([cast.amber.rawValue: cast.amberPhone])
        #expect(String(decoding: json, as: UTF8.self) == "{\"a1b2c3-amber\":\"install-amber-phone\"}")
        #expect(try JSONDecoder().decode(AccountID.self, from: Data("\"x\"".utf8)) == "x")
        #expect(try JSONDecoder().decode(InstallID.self, from: Data("\"y\"".utf8)) == "y")
    }

    private static func hex(bytes: Int, using random: inout SeededRandom) -> String {
        (0..<bytes).map { _ in String(UInt8.random(in: 0...255, using: &random), radix: 16) }
            .map { $0.count == 1 ? "0" + $0 : $0 }
            .joined()
    }
}
