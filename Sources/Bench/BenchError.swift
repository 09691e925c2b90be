/// Why the benchmark could not run, in words for its user.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
