import Client
import Fairness
import Foundation
import GameCatalog
import GamePresentation
import TerminalUI
import Wire

/// `parley play`: the full-screen client. Keys, server updates and answers all go through one
/// queue into the `PlayModel`, one at a time, and the screen is drawn again after each, so
/// what is on screen is always the model's state.
public actor FullScreenSession {
    private enum Input: Sendable {
        case terminal(RawTerminal.Input)
        case update(ParleyClient.Update)
        case answer(PlayRequest, ServerFrame)
        case failure(PlayRequest, String)
        /// A second passed: turn clocks run down on screen.
        case tick
        /// The server's signing key, as published: messages are checked from now on.
        case key(ChainPublicKey)
        /// How sending a sticker went, in words.
        case sticker(String, failed: Bool)
        /// A sticker's picture to show, or `nil` when it could not be read.
        case picture(Sticker, [UInt8]?, InlineImage)
    }

    private let client: ParleyClient
    private let terminal: RawTerminal
    private let mode: ColourMode
    private var model: PlayModel
    private var drawn: [String] = []
    private var bell: TurnBell
    private var onTurn: TurnHook?
    /// The picture on the screen instead of the client's, until the next key.
    private var picture: InlineImage?

    /// `bell`: ring the terminal's bell when a turn becomes the player's. `catalog`: the games
    /// this client draws and plays with their keys; any other is shown as its items.
    public init(
        client: ParleyClient, terminal: RawTerminal, mode: ColourMode, bell: Bool = true, onTurn: TurnHook? = nil,
        catalog: GameCatalog = .standard
    ) {
        self.onTurn = onTurn
        self.client = client
        model = PlayModel(catalog: catalog)
        self.terminal = terminal
        self.mode = mode
        self.bell = TurnBell(isOn: bell)
        model.glyphs = Glyphs(environment: ProcessInfo.processInfo.environment)
        model.showsPictures = InlineImage.supported(in: ProcessInfo.processInfo.environment) != nil
    }

    /// Runs until the player quits (Ctrl-C, or q on the list) or the input ends, or the client
    /// stops trusting its server, which it returns for the caller to say once the screen is
    /// given back.
    @discardableResult
    public func run() async -> ServerTrustError? {
        let (inputs, queue) = AsyncStream<Input>.makeStream()
        let keys = terminal.inputs()
        let readers = [
            Task { for await input in keys { queue.yield(.terminal(input)) } },
            Task { [client] in for await update in client.updates { queue.yield(.update(update)) } },
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    queue.yield(.tick)
                }
            },
        ]
        defer { readers.forEach { $0.cancel() } }
        draw()
        loop: for await input in inputs {
            let effects: [PlayEffect]
            switch input {
            case .terminal(.key) where picture != nil:
                // Any key puts the client's screen back.
                terminal.write(picture?.clearing ?? "")
                picture = nil
                drawn = []
                effects = []
            case let .terminal(.key(key)): effects = model.press(key)
            case .terminal(.resized):
                drawn = []
                effects = []
            case let .update(.untrusted(error)): return error
            case let .update(update):
                if case .online = update {
                    bell.online(at: .now)
                    onTurn?.online(at: .now)
                    if !model.book.checksMessages { fetchKey(into: queue) }
                }
                effects = model.received(update)
                if let onTurn, case let .event(event) = update, let turn = TurnHook.turn(of: event, in: model.book) {
                    _ = onTurn.ran(for: turn, at: .now)
                }
            case let .key(key):
                model.check(with: key)
                effects = []
            case let .answer(request, answer):
                model.answered(request, with: answer)
                effects = []
            case let .failure(request, reason):
                model.failed(request, reason: reason)
                effects = []
            case .tick:
                effects = []
            case let .sticker(words, failed):
                model.tell(words, failed: failed)
                effects = []
            case let .picture(sticker, image, inline):
                effects = []
                guard let image else {
                    model.tell("The sticker's picture could not be read; its page: \(sticker.url)", failed: true)
                    break
                }
                show(image, of: sticker, with: inline)
            }
            for effect in effects {
                switch effect {
                case .quit: break loop
                case let .request(request): send(request, answering: queue)
                case let .showSticker(sticker):
                    // The model asks only when the terminal shows pictures (`showsPictures`).
                    guard let inline = InlineImage.supported(in: ProcessInfo.processInfo.environment) else { continue }
                    Task { [client] in queue.yield(.picture(sticker, await client.stickerImage(sticker), inline)) }
                case let .sendSticker(conversation, game, query, name):
                    Task { [client] in
                        do {
                            let answer = try await client.postGameSticker(conversation: conversation, game: game, query: query, name: name)
                            queue.yield(.sticker(StickerAnswerWords.line(answer), failed: answer.status != 200))
                        } catch {
                            queue.yield(.sticker("The sticker was not sent: \(error)", failed: true))
                        }
                    }
                case let .save(file, text):
                    do {
                        try text.write(toFile: file, atomically: true, encoding: .utf8)
                        model.saved(file, failure: nil)
                    } catch {
                        model.saved(file, failure: error.localizedDescription)
                    }
                }
            }
            if bell.ring(yourTurns: model.yourTurns, at: .now) { terminal.write("\u{07}") }
            draw()
        }
        return nil
    }

    private func send(_ request: PlayRequest, answering queue: AsyncStream<Input>.Continuation) {
        let frame = request.frame(id: UUID().uuidString)
        Task { [client] in
            do {
                queue.yield(.answer(request, try await client.request(frame)))
            } catch {
                queue.yield(.failure(request, "\(error)"))
            }
        }
    }

    /// Reads the server's key in the background; the messages are checked once it is here.
    private func fetchKey(into queue: AsyncStream<Input>.Continuation) {
        Task { [client] in
            if let document = await client.publishedKey(), let key = ChainPublicKey(published: document) {
                queue.yield(.key(key))
            }
        }
    }

    /// The picture alone on the screen, under its name, until a key is pressed.
    private func show(_ image: [UInt8], of sticker: Sticker, with inline: InlineImage) {
        let (width, height) = terminal.size
        picture = inline
        terminal.write("\u{1B}[2J\u{1B}[H" + StickerWords.line(sticker) + "\r\n"
            + inline.sequence(for: image, width: sticker.width, height: sticker.height, columns: width, rows: max(1, height - 3))
            + "\r\nAny key goes back.")
    }

    private func draw() {
        guard picture == nil else { return }
        model.now = Date()
        let (width, height) = terminal.size
        let lines = model.screen(width: width, height: height, mode: mode)
        guard lines != drawn else { return }
        drawn = lines
        terminal.draw(lines)
    }
}
