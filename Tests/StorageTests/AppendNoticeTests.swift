import Foundation
import Storage
@testable import StoragePostgres
import Testing

/// A notice as it travels between nodes on PostgreSQL's channel: where a stream was and is, and
/// its records when they are small text; anything else in their place is read from the store.
@Suite struct AppendNoticeTests {
    typealias Notice = PostgresEventLog.Notice

    static func record(_ position: Int64, _ text: String) -> LogRecord {
        LogRecord(position: position, stream: "S", payload: Data(text.utf8))
    }

    @Test func aNoticeCarriesItsRecordsAndReadsBackTheSame() throws {
        let records = [Self.record(4, #"{"format":2,"text":"a b"}"#), Self.record(9, "{}")]
        let notice = Notice(origin: "node", notice: AppendNotice(stream: "S", after: 2, through: 9, records: records))
        #expect(notice.payload == "node 2 9 S\n4 {\"format\":2,\"text\":\"a b\"}\n9 {}")
        let read = try #require(Notice(payload: notice.payload))
        #expect(read.origin == "node")
        #expect(read.notice == notice.notice)
    }

    @Test func recordsThatAreNotSmallOneLineTextAreLeftToTheStore() throws {
        for payload in [Data([0x7B, 0xFF]), Data("a\nb".utf8), Data("a\u{0}".utf8), Data(String(repeating: "x", count: 7_900).utf8)] {
            let records = [LogRecord(position: 3, stream: "S", payload: payload)]
            let notice = Notice(origin: "o", notice: AppendNotice(stream: "S", after: 0, through: 3, records: records))
            #expect(notice.payload == "o 0 3 S")
            #expect(Notice(payload: notice.payload)?.notice == AppendNotice(stream: "S", after: 0, through: 3))
        }
    }

    /// The header of an older node's notice, or lines out of order, short of `through` or past
    /// it: the notice stands, its records are read from the store.
    @Test(arguments: ["o 2 9 S", "o 2 9 S\n9 b\n4 a", "o 2 9 S\n4 a", "o 2 9 S\n4 a\n10 b", "o 2 9 S\n2 a\n9 b", "o 2 9 S\nx a\n9 b", "o 2 9 S\n9"])
    func aNoticeWithoutWellFormedRecordsSaysWhereToRead(payload: String) throws {
        let read = try #require(Notice(payload: payload))
        #expect(read.notice == AppendNotice(stream: "S", after: 2, through: 9))
    }

    @Test(arguments: ["", "o 2 S", "o x 9 S", "o 2 9", "o 2 y S\n9 a"])
    func aPayloadThatIsNoNoticeIsIgnored(payload: String) {
        #expect(Notice(payload: payload) == nil)
    }
}
