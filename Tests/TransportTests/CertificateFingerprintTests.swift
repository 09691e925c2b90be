import Foundation
import ServerTestSupport
import Testing
import Transport
import Wire

/// The one written form of a fingerprint, and the forms a person may paste.
struct CertificateFingerprintTests {
    let digits = "3f9a0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccdde"

    @Test func writesSixtyFourLowercaseHexDigits() throws {
        let fingerprint = CertificateFingerprint(sha256Digest: (0..<32).map { UInt8($0 * 8) })
        #expect(fingerprint.description == "0008101820283038404850586068707880889098a0a8b0b8c0c8d0d8e0e8f0f8")
        #expect(fingerprint.description.count == 64)
    }

    @Test func readsWhatItWrites() throws {
        let fingerprint = try #require(CertificateFingerprint(digits))
        #expect(fingerprint.description == digits)
        #expect(fingerprint.bytes.count == 32)
    }

    @Test func readsUpperCaseAndColonsBetweenPairs() throws {
        let upper = digits.uppercased()
        let pairs = stride(from: 0, to: 64, by: 2).map { index in
            String(upper[upper.index(upper.startIndex, offsetBy: index)...].prefix(2))
        }
        #expect(CertificateFingerprint(upper)?.description == digits)
        #expect(CertificateFingerprint(pairs.joined(separator: ":"))?.description == digits)
        #expect(CertificateFingerprint("  \(digits)\n")?.description == digits)
    }

    @Test(arguments: [
        "",
        "3f9a",
        String(repeating: "a", count: 63),
        String(repeating: "a", count: 65),
        String(repeating: "g", count: 64),
        String(repeating: "ab:", count: 31) + "abc",
        "a:" + String(repeating: "ab:", count: 31) + "b",
        String(repeating: "ab::", count: 31) + "ab",
    ])
    func refusesWhatIsNotAFingerprint(text: String) {
        #expect(CertificateFingerprint(text) == nil)
    }

    @Test func travelsAsItsWrittenForm() throws {
        let fingerprint = try #require(CertificateFingerprint(digits))
        let json = try JSONEncoder().encode([fingerprint])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(digits)\"]")
        #expect(try JSONDecoder().decode([CertificateFingerprint].self, from: json) == [fingerprint])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CertificateFingerprint].self, from: Data(#"["nope"]"#.utf8)) }
    }
}
