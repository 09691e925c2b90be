import Foundation
import TerminalUI
import Testing
import Wire

/// Pictures in the terminal: which protocol a terminal speaks, and the bytes written for it.
@Suite struct InlineImageTests {
    @Test func theTerminalsEnvironmentSaysWhichProtocolItSpeaks() {
        #expect(InlineImage.supported(in: ["TERM": "xterm-kitty"]) == .kitty)
        #expect(InlineImage.supported(in: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .kitty)
        #expect(InlineImage.supported(in: ["TERM_PROGRAM": "iTerm.app"]) == .iTerm)
        #expect(InlineImage.supported(in: ["TERM_PROGRAM": "WezTerm"]) == .iTerm)
        #expect(InlineImage.supported(in: ["TERM": "xterm-256color"]) == nil)
        #expect(InlineImage.supported(in: ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]) == nil, "tmux passes neither")
    }

    @Test func kittyGetsThePNGInChunksAndITermInOne() {
        let image = [UInt8](repeating: 7, count: 6000)
        let encoded = Data(image).base64EncodedString()
        let kitty = InlineImage.kitty.sequence(for: image, width: 400, height: 520, columns: 80, rows: 20)
        let chunks = kitty.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(chunks.count == 2, "8000 base64 bytes: 4096, then the rest")
        // Twenty rows of cells twice as high as wide fit a 400x520 picture in 30 columns.
        #expect(chunks[0].hasPrefix("\u{1B}_Ga=T,f=100,c=30,q=2,m=1;"))
        #expect(chunks[1].hasPrefix("\u{1B}_Gm=0;"))
        #expect(chunks.map { String($0.drop { $0 != ";" }.dropFirst()) }.joined() == encoded)
        let iTerm = InlineImage.iTerm.sequence(for: image, width: 400, height: 520, columns: 20, rows: 40)
        #expect(iTerm == "\u{1B}]1337;File=inline=1;size=6000;width=20;preserveAspectRatio=1:\(encoded)\u{07}", "narrower than its rows allow")
        #expect(InlineImage.kitty.clearing == "\u{1B}_Ga=d,q=2\u{1B}\\" && InlineImage.iTerm.clearing.isEmpty)
    }
}
