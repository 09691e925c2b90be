import Foundation
import GameCatalog
import Storage
import Transcript
import Wire

/// What the store's index says of the whole server when an engine starts
/// (`Engine.init(configuration:catalog:identifiers:startingFrom:)`).
public struct IndexStart: Sendable {
    /// The conversations the engine decides.
    public var partition: Partition
    /// What the key of the engine's `totals` entry begins with (`Engine.totalsKeyPrefix`).
    public var totalsKeyPrefix: String
    /// The engine's `totals` entry, if any.
    public var totals: String?
    /// Every `downtime` entry.
    public var downtimes: [IndexEntry]

    public init(partition: Partition, totalsKeyPrefix: String = "", totals: String?, downtimes: [IndexEntry]) {
        self.partition = partition
        self.totalsKeyPrefix = totalsKeyPrefix
        self.totals = totals
        self.downtimes = downtimes
    }
}

/// The replay of a whole log written before there was an index, which builds that index once.
public struct IndexBuild {
    /// The engine that holds every record added, every session remembered.
    public private(set) var engine: Engine

    public init(configuration: EngineConfiguration, catalog: GameCatalog, identifiers: ParticipantIdentifiers) {
        engine = Engine(configuration: configuration, catalog: catalog, identifiers: identifiers)
        engine.retiredKept = .max
    }

    /// Each player's newest rating change, by its `rating` key.
    private var ratings: [String: RatingChange] = [:]

    /// Adds the log's next record.
    public mutating func add(_ record: Record) throws(EngineError) {
        if case let .ratingChanged(change) = record {
            ratings[IndexKind.ratingKey(game: change.game, variant: change.variant, account: change.account)] = change
        }
        try engine.apply(record)
    }

    /// The whole index of what the records added hold; the players' standings and the ladders
    /// as their newest rating changes left them.
    public var changes: [IndexChange] {
        var changes = engine.completeIndex()
        for key in ratings.keys.sorted() {
            guard let change = ratings[key] else { continue }
            changes.append(.set(IndexKind.rating, key, change.after.json))
            changes.append(.set(
                IndexKind.ladder, IndexKind.ladderKey(game: change.game, variant: change.variant, account: change.account, standing: change.after),
                ""))
        }
        return changes
    }
}
