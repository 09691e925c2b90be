import Admin
import Engine
import Foundation
import Logging
import GameCatalog
import Pipelines
import Timekeeping
import Transport
/// Everything a server needs to know before it starts. The defaults are the ones in the
/// repository's `config.json`; `ServerConfigurationLoader` layers that file, environment
/// variables and flags over them. Tests build one directly (port 0, a temporary data folder).
///
/// Each property names the configuration key it comes from.
public struct ServerConfiguration: Sendable, Equatable {
    /// `server.host`: the address to listen on.
    public var host: String
    /// `server.port`: the port to listen on; 0 asks the system for a free one.
    public var port: Int
    /// `server.publicURL`: how players reach this server, when that differs from
    /// `https://localhost:PORT` (behind a proxy, on a real host name). See `publicBaseURL`.
    public var publicURL: String?
    /// `data.directory`: where the database and the self-made TLS identity live; a relative
    /// path is relative to the working directory.
    public var dataDirectory: String
    /// `store.url`: a PostgreSQL database (`postgres://USER@HOST:PORT/DATABASE`) to keep the
    /// event log and its index in, instead of the SQLite file `dataDirectory/events.sqlite`.
    /// The data folder still holds the TLS identity and the heartbeat; the participant-id secret
    /// is kept in the store, so that every server on it derives the same identifiers.
    public var storeURL: String?
    /// `server.node`: this server's name among the nodes that share a store, which `/metrics`
    /// gives (`parley_node_info`) and its counts in the store are kept under; `nil` for a name
    /// made at the first start and kept in `dataDirectory/node`.
    public var nodeName: String?
    /// `tls.certificate` and `tls.key`: a configured certificate; `nil` lets the server make
    /// its own under `dataDirectory/tls/`.
    public var tls: TLSFiles?
    /// `limits.*`: what one connection may send.
    public var limits: ServerLimits
    /// `conversations.maxParticipants`: the most players of one conversation.
    public var maxParticipants: Int
    /// `conversations.maxSpectators`: the most spectators of one conversation, beside its players.
    public var maxSpectators: Int
    /// `conversations.perAccount`: the most conversations one account may be a member of.
    public var maxConversationsPerAccount = 1000
    /// `stickers.quotaBytes`: the most bytes of stickers one account may have stored.
    public var stickerQuotaBytes = 10 << 20
    /// `stickers.postsPerMinute`: how many stickers one account may post a minute (and at once).
    public var stickerPostsPerMinute = 10
    /// The games the server hosts: the standard catalog's, or those of a package that serves
    /// games of its own.
    public var catalog: GameCatalog
    /// `timeouts.GAME` (seconds): how long a player may take over a turn, per game id; each
    /// game's own by default.
    public var turnTimeouts: [String: Duration]
    /// `matchmaking.timeControls`: the seconds a move a `seek` may ask for, written
    /// `"60,300,86400,259200,604800"` (one and five minutes, one, three and seven days).
    public var timeControls: [Int] = EngineConfiguration.defaultTimeControls
    /// `engine.liveConversations` and `engine.idleSeconds`: how many conversations stay in
    /// memory at most, and after how long idle one is evicted (it is loaded again from the
    /// store when next used).
    public var residency: ConversationRouter.Residency
    /// `engine.pipelines`: how many pipelines decide requests side by side, each for its share
    /// of the conversations; 0 (the default) for one per core.
    public var pipelines: Int
    /// `admin.token`: the bearer token of the admin API; `nil` turns the admin API off.
    public var adminToken: String?
    /// `admin.allowRemote`: whether the admin API answers other machines; by default it
    /// answers loopback only.
    public var adminAllowsRemote: Bool
    /// `log.level`: the least level written (trace, debug, info, notice, warning, error,
    /// critical); a reload applies a new one.
    public var logLevel: Logger.Level = .info
    /// `log.format`: `text` (a line a person reads) or `json` (one object a line).
    public var logFormat: LogFormat = .text
    /// `server.drainSeconds`: on SIGTERM, how long the server waits for its connections to take
    /// their close (1001) before it closes what is left and exits.
    public var drainSeconds = 10

    /// What a lying server would show instead, for the tests of clients that catch one
    /// (`EngineConfiguration.lie`); no setting sets it.
    public var lie: Lie?

    /// Where the server reads the time: the system's clock, or a test's `ManualClock` that
    /// moves when the test says; no setting sets it.
    public var clock = Clock.system

    /// The clock the server reads; two are the same when they are one.
    public struct Clock: Sendable, Equatable {
        public let clock: any ServerClock
        private let id: UUID

        public init(_ clock: any ServerClock) {
            self.clock = clock
            id = UUID()
        }

        public static let system = Clock(SystemClock())

        public static func == (left: Clock, right: Clock) -> Bool { left.id == right.id }
    }

    /// A lie, as `EngineConfiguration.lie` tells it; two are the same when they are one.
    public struct Lie: Sendable, Equatable {
        public let alter: @Sendable (_ view: String, _ seat: Int?, _ message: Int) -> String
        private let id = UUID()

        public init(_ alter: @escaping @Sendable (_ view: String, _ seat: Int?, _ message: Int) -> String) {
            self.alter = alter
        }

        public static func == (left: Lie, right: Lie) -> Bool { left.id == right.id }
    }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8443,
        publicURL: String? = nil,
        dataDirectory: String = "data",
        tls: TLSFiles? = nil,
        limits: ServerLimits = ServerLimits(),
        maxParticipants: Int = 32,
        maxSpectators: Int = 64,
        catalog: GameCatalog = .standard,
        turnTimeouts: [String: Duration]? = nil,
        residency: ConversationRouter.Residency = ConversationRouter.Residency(),
        pipelines: Int = 0,
        adminToken: String? = nil,
        adminAllowsRemote: Bool = false
    ) {
        self.residency = residency
        self.pipelines = pipelines
        self.adminAllowsRemote = adminAllowsRemote
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.dataDirectory = dataDirectory
        self.tls = tls
        self.limits = limits
        self.maxParticipants = maxParticipants
        self.maxSpectators = maxSpectators
        self.catalog = catalog
        self.turnTimeouts = turnTimeouts ?? catalog.defaultTurnTimeouts
        self.adminToken = adminToken
    }

    /// The base of every state URL the server hands out, without a trailing slash. `port` is
    /// the port actually bound, which differs from `self.port` when that is 0.
    public func publicBaseURL(port boundPort: Int? = nil) -> String {
        if let publicURL {
            return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        }
        return "https://localhost:\(boundPort ?? port)"
    }

    /// The paths of a configured certificate chain and its private key, both PEM.
    public struct TLSFiles: Sendable, Equatable {
        public var certificate: String
        public var key: String

        public init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }
    }
}
