@testable import Engine
import Foundation
import GameRules
import Testing
import Transcript
import Wire

/// `Record(stored:)` reads an accepted move straight from its bytes and reads every stored text
/// as `JSONDecoder` does: the same event, or an error.
@Suite struct StoredReadingTests {
    /// The records of a classic Battleship game, signed chains and fleet proofs included.
    static func signedMoves() throws -> [AcceptedMove] {
        let (harness, _) = try SignedChainTests.classicGame()
        return harness.log.compactMap { if case let .accepted(move) = $0 { move } else { nil } }
    }

    @Test func anAcceptedMoveOfEveryShapeIsReadFromItsBytes() throws {
        var moves = try Self.signedMoves()
        #expect(moves.contains { $0.chain != nil && $0.proofs != nil })
        // Times in whole milliseconds, as stored.
        moves += StoredFormatTests.movesOfEveryShape(at: [0, 1_764_028_800.5, -1.5])
        for move in moves {
            let stored = try Record.accepted(move).storedJSON()
            let read = try #require(Record.acceptedMove(in: stored), "\(String(decoding: stored, as: UTF8.self))")
            #expect(read == move)
            #expect(Record.accepted(read) == (try WireJSON.decode(Record.self, from: stored)))
        }
    }

    @Test(arguments: StoredFormatTests.everyKind)
    func everyKindReadsAsTheDecoderReadsIt(event: Record) throws {
        let stored = try event.storedJSON()
        #expect(try Record(stored: stored) == event)
        #expect(try Record(stored: stored) == (try WireJSON.decode(Record.self, from: stored)))
    }

    /// Texts near a stored accepted move: each reads as `JSONDecoder` reads it, whether the
    /// scanner reads it or leaves it to the decoder.
    @Test func everyTextReadsAsTheDecoderReadsIt() throws {
        let moves = try Self.signedMoves()
        let signed = String(decoding: try Record.accepted(try #require(moves.last)).storedJSON(), as: UTF8.self)
        let plain = String(decoding: try Record.accepted(StoredFormatTests.move).storedJSON(), as: UTF8.self)
        let session = StoredFormatTests.session.uuidString
        var texts = [signed, plain]
        texts += [
            // Spacing, another order of keys, keys nobody reads, nulls for what may be absent.
            plain.replacingOccurrences(of: ",", with: " ,\n ").replacingOccurrences(of: ":", with: " : "),
            plain.replacingOccurrences(of: #","type":"accepted""#, with: "")
                .replacingOccurrences(of: #"{"at":"#, with: #"{"extra":[1,{"a":null}],"type":"accepted","at":"#),
            plain.replacingOccurrences(of: #""request""#, with: #""proposal":null,"chain":null,"proofs":null,"request""#),
            plain.replacingOccurrences(of: #""caption""#, with: #""subcaption":null,"caption""#),
            // A lowercase session, an uppercase conversation UUID (read in its usual spelling).
            plain.replacingOccurrences(of: session, with: session.lowercased()),
            plain.replacingOccurrences(of: #""conversation":"C""#, with: #""conversation":"\#(session)""#),
            // Escapes the scanner leaves to the decoder, and ones it reads.
            plain.replacingOccurrences(of: #""request":"r7""#, with: #""request":"r\u0037\ud83d\ude00""#),
            plain.replacingOccurrences(of: #""request":"r7""#, with: #""request":"r\n\u00e9""#),
            // Refused by both: a key twice, a missing one, a time that is not one, a wrong format.
            plain.replacingOccurrences(of: #""seat":0"#, with: #""seat":0,"seat":1"#),
            plain.replacingOccurrences(of: #""seat":0,"#, with: ""),
            plain.replacingOccurrences(of: #""at":1764028800123"#, with: #""at":1764028800123.5"#),
            plain.replacingOccurrences(of: #""at":1764028800123"#, with: #""at":"2025-11-25T00:00:00Z""#),
            plain.replacingOccurrences(of: #""format":2"#, with: #""format":3"#),
            plain.replacingOccurrences(of: #""format":2,"#, with: ""),
            plain.replacingOccurrences(of: #""type":"accepted""#, with: #""type":"ended""#),
            plain.replacingOccurrences(of: #""session":"\#(session)""#, with: #""session":"S""#),
            plain.replacingOccurrences(of: #""seq":3"#, with: #""seq":"3""#),
            plain.replacingOccurrences(of: #""texts":{"#, with: #""texts":{"caption":"twice","#),
            signed.replacingOccurrences(of: #""signature":""#, with: #""signature":"!"#),
            signed.replacingOccurrences(of: #""seats":["#, with: #""seats":[{"previous":null},"#),
            plain + " ",
            plain + "}",
            String(plain.dropLast()),
            "",
        ]
        for text in texts {
            let data = Data(text.utf8)
            let decoded = try? WireJSON.decode(Record.self, from: data)
            #expect((try? Record(stored: data)) == decoded, "\(text)")
            if decoded == nil {
                #expect(throws: (any Error).self, "\(text)") { try Record(stored: data) }
            }
        }
        // A byte that is not UTF-8 inside a string: `JSONDecoder` refuses the whole text.
        var broken = Data(plain.utf8)
        broken[try #require(broken.firstRange(of: Data("Base".utf8))).lowerBound] = 0xE2
        #expect(throws: (any Error).self) { try WireJSON.decode(Record.self, from: broken) }
        #expect(throws: (any Error).self) { try Record(stored: broken) }
        // The usual spellings are the scanner's: only what it is unsure of costs a decoder.
        #expect(Record.acceptedMove(in: Data(signed.utf8)) != nil)
        #expect(Record.acceptedMove(in: Data(texts[2].utf8)) != nil)
        #expect(Record.acceptedMove(in: Data(texts[3].utf8)) != nil)
    }
}
