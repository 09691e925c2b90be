import Synchronization

/// `admin.token` as it stands: set at the start, replaced by a reload. `nil` turns the admin
/// API off.
package final class AdminToken: Sendable {
    private let value: Mutex<String?>

    package init(_ token: String?) {
        value = Mutex(token)
    }

    package var current: String? { value.withLock { $0 } }

    package func replace(with token: String?) {
        value.withLock { $0 = token }
    }
}
