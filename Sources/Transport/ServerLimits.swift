/// What one connection may send; the relay enforces these.
public struct ServerLimits: Sendable, Equatable {
    /// `limits.frameBytes`: the largest WebSocket frame (and reassembled message).
    public var frameBytes: Int
    /// The largest frame the server writes in one piece (longer ones go in fragments), and the
    /// largest message it reassembles: a server frame carries the sender's text and state URL
    /// and more, so it is allowed more than a client's.
    package var serverFrameBytes: Int { frameBytes * 4 }
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
    /// `limits.connections`: how many TCP connections the server holds at once; one more is
    /// closed as soon as it is accepted.
    public var connections: Int
    /// `limits.connectionsPerAddress`: how many of them may come from one IP address.
    public var connectionsPerAddress: Int
    /// `limits.connectionsPerAccount`: how many authenticated WebSocket connections one account
    /// may hold at once; one more is told `too-many-connections` and closed (1008). Each event
    /// goes to every connection of each member, so an account may not multiply the relay's work
    /// for everyone else in its conversations.
    public var connectionsPerAccount: Int
    /// `limits.handshakeSeconds`: how long a new connection has for its TLS handshake and its
    /// first HTTP request's head (a WebSocket upgrade included) before it is closed.
    public var handshakeSeconds: Int
    /// `limits.headBytes`: the largest first HTTP request head; a larger one is answered 431
    /// and closed.
    public var headBytes: Int
    /// `limits.idleSeconds`: how long a connection may send nothing at all, or read nothing
    /// while the server has frames for it, before it is closed. A WebSocket client answers the
    /// server's ping every `pingSeconds`, so it is never idle while it listens.
    public var idleSeconds: Int
    /// `limits.pingSeconds`: how often the server pings each WebSocket; one that has not
    /// answered a ping by the next is closed (1001). Below `idleSeconds`.
    public var pingSeconds: Int
    /// `limits.authenticateSeconds`: how long a WebSocket has, after its upgrade, to
    /// authenticate before it is closed (1008).
    public var authenticateSeconds: Int

    public init(
        frameBytes: Int = 65536,
        urlLength: Int = 8192,
        textLength: Int = 1024,
        messagesPerSecond: Int = 20,
        burst: Int = 40,
        outboxFrames: Int = 4096,
        connections: Int = 20_000,
        connectionsPerAddress: Int = 256,
        connectionsPerAccount: Int = 16,
        handshakeSeconds: Int = 10,
        headBytes: Int = 16384,
        idleSeconds: Int = 120,
        pingSeconds: Int = 30,
        authenticateSeconds: Int = 10
    ) {
        self.frameBytes = frameBytes
        self.urlLength = urlLength
        self.textLength = textLength
        self.messagesPerSecond = messagesPerSecond
        self.burst = burst
        self.outboxFrames = outboxFrames
        self.connections = connections
        self.connectionsPerAddress = connectionsPerAddress
        self.connectionsPerAccount = connectionsPerAccount
        self.handshakeSeconds = handshakeSeconds
        self.headBytes = headBytes
        self.idleSeconds = idleSeconds
        self.pingSeconds = pingSeconds
        self.authenticateSeconds = authenticateSeconds
    }
}
