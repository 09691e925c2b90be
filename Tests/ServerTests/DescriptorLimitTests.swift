@testable import Server
import ServerTestSupport
import Testing
import Transport

/// The start warns about the limit on open files only when it is below what the settings need,
/// and says in words what to change.
@Suite struct DescriptorLimitTests {
    @Test func enoughFilesSayNothing() {
        #expect(DescriptorLimit.warning(openFiles: 1_048_576, connections: 20_000) == nil)
        #expect(DescriptorLimit.warning(openFiles: 20_064, connections: 20_000) == nil)
        #expect(DescriptorLimit.warning(openFiles: 1_024, connections: 900) == nil)
    }

    @Test func tooFewFilesSayWhatTheServerNeedsAndWhatToChange() throws {
        let warning = try #require(DescriptorLimit.warning(openFiles: 20_000, connections: 20_000))
        #expect(warning == "This process may open 20,000 files, fewer than the server needs: 20,000 connections (limits.connections) "
            + "and 64 files of its own. Raise the limit on open files to at least 20,064 (ulimit -n, or LimitNOFILE in a systemd unit), "
            + "or set limits.connections to 19,936 or fewer.")
    }
}
