import Foundation
import FuzzTargets
import Testing

/// Every input the fuzzers kept, and every crash they found (as a regression), runs again here
/// without sanitizers: a crash fails the whole test process, naming nothing, so each input's
/// name is printed first.
@Suite struct CorpusTests {
    static func inputs(of target: String) throws -> [URL] {
        let folder = try #require(Bundle.module.url(forResource: "Corpus/\(target)", withExtension: nil))
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTargets.names)
    func everyKeptInputRunsCleanly(target: String) throws {
        let inputs = try Self.inputs(of: target)
        #expect(!inputs.isEmpty, "the corpus of \(target) is empty")
        for input in inputs {
            print("fuzz corpus \(target)/\(input.lastPathComponent)")
            FuzzTargets.run(target, Array(try Data(contentsOf: input)))
        }
    }

    /// Issue "A hostile world", item 0: a resume after Int.max trapped on `after + 1`.
    @Test func aResumeAfterTheLargestNumberIsRefused() {
        // create (amber), then resume (amber) in conversation 0 after Int.max.
        FuzzTargets.engine([0, 0, 1, 6, 0, 1, 0, 0, 1])
    }
}
