import GameCatalog
import Transcript

/// What every decision and every rendering reads and none changes: the settings, the games,
/// and the secret that derives each viewer's identifiers. What needs only these (a message's
/// views, its chain and signatures, a fleet's proofs and reveal) is worked out here, not by the
/// engine that holds the conversations.
public struct EngineContext: Sendable {
    public var configuration: EngineConfiguration
    public let catalog: GameCatalog
    public let identifiers: ParticipantIdentifiers

    public init(configuration: EngineConfiguration, catalog: GameCatalog, identifiers: ParticipantIdentifiers) {
        self.configuration = configuration
        self.catalog = catalog
        self.identifiers = identifiers
    }
}
