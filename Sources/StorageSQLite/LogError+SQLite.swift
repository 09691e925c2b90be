import GRDB
import Storage

extension LogError {
    /// Translates what GRDB or SQLite threw into the log's own error, keeping SQLite's message
    /// for the operator: "disk I/O error" says more than any paraphrase.
    init(_ error: any Error, at path: String) {
        switch error {
        case let error as LogError:
            self = error
        case is CancellationError:
            self = .cancelled
        case let error as DatabaseError:
            let detail = "\(error.message ?? "SQLite error") (SQLite code \(error.extendedResultCode.rawValue))"
            switch error.resultCode {
            case .SQLITE_NOTADB:
                self = .notALog(path, "the file is not a SQLite database: \(detail)")
            case .SQLITE_CORRUPT, .SQLITE_FORMAT:
                self = .corrupt(path, detail)
            case .SQLITE_FULL:
                self = .diskFull(path, detail)
            default:
                self = .ioFailure(path, detail)
            }
        default:
            self = .ioFailure(path, String(describing: error))
        }
    }
}
