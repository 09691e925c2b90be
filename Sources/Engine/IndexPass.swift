import GameCatalog
import Storage
import Transcript

/// The index entries that stored records make and an index of an older layout lacks, worked out
/// from the records alone, read once in log order: the message that started each game
/// (`IndexKind.start`, layout 3), every message and every finished session (`message` and
/// `finished`, layout 4), every game (`game`, layout 5). Here each entry's place is its record's own position.
public struct IndexPass {
    private let catalog: GameCatalog
    /// The sessions begun and not yet finished.
    private var playing: [SessionID: StoredSession] = [:]

    public init(catalog: GameCatalog) {
        self.catalog = catalog
    }

    /// The entries of `record`, stored at `position`.
    public mutating func changes(for record: Record, at position: Int64) throws(EngineError) -> [IndexChange] {
        guard let id = StoredSession.id(of: record) else { return [] }
        var changes: [IndexChange] = []
        let here = IndexKind.recordPlace(after: position - 1, skipping: 0)
        if let start = Engine.startChange(ofStored: record) { changes.append(start) }
        if case let .accepted(move) = record, IndexKind.indexesMessage(move.moveCount) {
            changes.append(.set(IndexKind.message, IndexKind.messageKey(id, move.moveCount), here))
            if move.moveCount == 1 { changes.append(IndexedGame.change(startedBy: move)) }
        }
        var session = playing[id] ?? StoredSession(id: id)
        try session.follow(record, catalog: catalog)
        if session.isFinished {
            changes.append(.set(IndexKind.finished, id.uuidString, here))
            playing[id] = nil
        } else {
            playing[id] = session
        }
        return changes
    }
}
