/// What one connection may send; the relay enforces these.
public struct ServerLimits: Sendable, Equatable {
    /// `limits.frameBytes`: the largest WebSocket frame (and reassembled message).
    public var frameBytes: Int
    /// `limits.urlLength`: the longest state URL in a message.
    public var urlLength: Int
    /// `limits.textLength`: the longest caption or summary text.
    public var textLength: Int
    /// `limits.messagesPerSecond`: the sustained rate of frames a connection may send.
    public var messagesPerSecond: Int
    /// `limits.burst`: how many frames above that rate a connection may send at once.
    public var burst: Int
    /// `limits.outboxFrames`: how many frames may wait for a slow reader before the server
    /// closes its connection (a `resume`'s whole replay counts as one); the client reconnects
    /// and resumes, missing nothing.
    public var outboxFrames: Int

    public init(
        frameBytes: Int = 65536,
        urlLength: Int = 8192,
        textLength: Int = 1024,
        messagesPerSecond: Int = 20,
        burst: Int = 40,
        outboxFrames: Int = 4096
    ) {
        self.frameBytes = frameBytes
        self.urlLength = urlLength
        self.textLength = textLength
        self.messagesPerSecond = messagesPerSecond
        self.burst = burst
        self.outboxFrames = outboxFrames
    }
}
