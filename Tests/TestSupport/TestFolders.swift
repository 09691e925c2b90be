import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where tests make their folders: under `parley-tests/PID` in the temporary directory, one
/// folder a test process, removed when the process exits, so that folders a test forgets (or a
/// server it kills leaves) do not pile up run after run. The folders of test processes that are
/// gone (killed before they could remove their own) are removed when the next one starts.
package enum TestFolders {
    /// This process's folder, made (and its dead siblings swept) the first time it is asked for.
    package static let root: URL = {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("parley-tests")
        let own = getpid()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let pid = Int32(name), pid != own, kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
        let root = parent.appendingPathComponent(String(own))
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFolders.root) }
        return root
    }()

    /// A new, empty folder named `prefix-UUID`.
    package static func make(_ prefix: String = "parley") -> String {
        let path = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
