import Transcript

/// Which conversations an engine decides. A server runs several pipelines (one per core), each
/// with an engine of its own, and a conversation belongs to the pipeline its id hashes to: the
/// moves of different conversations never wait for each other, while each conversation is
/// decided in one place, in order. The hash is FNV-1a over the id's UTF-8 bytes, the same in
/// every process, so a conversation goes to the same pipeline for as long as their number stays.
public struct Partition: Hashable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Every conversation: tests, tools, and a server with one pipeline.
    public static let whole = Partition(index: 0, count: 1)

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (0..<count).contains(index), "partition \(index) of \(count)")
        self.index = index
        self.count = count
    }

    /// The partition of `count` that `conversation` belongs to.
    public static func index(of conversation: ConversationID, among count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in conversation.rawValue.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }

    public func holds(_ conversation: ConversationID) -> Bool {
        count == 1 || Self.index(of: conversation, among: count) == index
    }

    public var description: String { "\(index + 1) of \(count)" }
}
