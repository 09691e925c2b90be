import Testing
import Wire

/// A fingerprint is read in the forms the server prints and people type, and any other text
/// is refused with the forms that are: never quietly ignored.
@Suite struct FingerprintTests {
    static let printed = "8819ff57c23c1df1e23fbb448b2af34bfd85f1be05755a2bd12aa5176cbb750b"

    @Test func theFormsThePrintedFingerprintIsTypedInAreOne() throws {
        let fingerprint = try CertificateFingerprint.typed(Self.printed)
        let pairs = stride(from: 0, to: 64, by: 2).map { index in
            String(Self.printed.dropFirst(index).prefix(2))
        }
        for typed in [Self.printed.uppercased(), pairs.joined(separator: ":"), pairs.joined(separator: ":").uppercased(), " \(Self.printed) "] {
            #expect(try CertificateFingerprint.typed(typed) == fingerprint, "\(typed)")
        }
    }

    @Test(arguments: [String(printed.prefix(8)), printed + "0", String(printed.dropLast()) + "g", "8819:ff57", "SHA256:" + printed])
    func anythingElseIsRefusedInWords(typed: String) {
        #expect(throws: FingerprintError(text: typed)) { try CertificateFingerprint.typed(typed) }
        #expect(FingerprintError(text: typed).description.contains("64 digits the server printed"))
    }
}
