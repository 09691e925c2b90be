import GamePresentation
import Testing
import TerminalUI

@Suite struct KeyDecoderTests {
    @Test func keysAndSequencesAreDecoded() {
        var decoder = KeyDecoder()
        let bytes: [UInt8] = [0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x43, 0x0D, 0x09, 0x7F, 0x62, 0x37, 0x03, 0x12, 0x1C]
        #expect(decoder.keys(from: bytes) == [
            .up, .right, .enter, .tab, .backspace, .character("b"), .character("7"), .quit, .control("r"),
        ])
    }

    @Test func aSequenceSplitAcrossReadsWaitsForItsEnd() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B]).isEmpty)
        #expect(decoder.keys(from: [0x5B]).isEmpty)
        #expect(decoder.keys(from: [0x42, 0x61]) == [.down, .character("a")])
        #expect(decoder.keys(from: [0xC3]).isEmpty, "half a UTF-8 scalar waits")
        #expect(decoder.keys(from: [0xA9]) == [.character("é")])
    }

    @Test func aLoneEscapeIsTheEscKeyAfterAPause() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B]).isEmpty)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.keys(from: [0x1B, 0x78]) == [.escape, .character("x")])
        #expect(decoder.flush().isEmpty)
    }
}
