#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import GamePresentation
import TerminalUI

/// The terminal the full-screen client draws on: raw input (every key as it is pressed, no
/// echo, Ctrl-C as a key), the alternate screen, the size, and resizes. `restore()` puts the
/// terminal back as it was; it runs however the client ends.
public final class RawTerminal: @unchecked Sendable {
    /// Something the terminal reports.
    public enum Input: Sendable {
        case key(Key)
        case resized
    }

    private var original = termios()
    private var isRaw = false
    private var resizeSource: (any DispatchSourceSignal)?

    public init() {}

    /// Whether standard input and output are a terminal at all.
    public static var isTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Raw mode and the alternate screen, cursor hidden.
    public func enter() {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        isRaw = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// The terminal as it was before `enter()`.
    public func restore() {
        guard isRaw else { return }
        isRaw = false
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    /// Columns and rows; 80x24 when the terminal will not say.
    public var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Keys as they are typed, and resizes. A lone Esc is told from the start of an arrow's
    /// escape sequence by the pause after it (50 ms with no more bytes).
    public func inputs() -> AsyncStream<Input> {
        let (stream, continuation) = AsyncStream<Input>.makeStream()
        signal(SIGWINCH, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        source.setEventHandler { continuation.yield(.resized) }
        source.resume()
        resizeSource = source
        let thread = Thread { Self.readKeys(into: continuation) }
        thread.start()
        return stream
    }

    private static func readKeys(into continuation: AsyncStream<Input>.Continuation) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, 50)
            if ready == 0 {
                for key in decoder.flush() { continuation.yield(.key(key)) }
                continue
            }
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            for key in decoder.keys(from: buffer[0..<count]) { continuation.yield(.key(key)) }
        }
        // Input closed: there is nobody left to play.
        continuation.yield(.key(.quit))
        continuation.finish()
    }

    /// Draws a whole screen: each line from the left edge, the rest of it cleared, so a
    /// shorter line leaves nothing of the last screen behind.
    public func draw(_ lines: [String]) {
        write("\u{1B}[H" + lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J")
    }

    public func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
