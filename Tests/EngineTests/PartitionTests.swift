import Engine
import Foundation
import GameRules
import Testing
import Transcript
import Wire

/// An engine of one partition makes and learns only conversations of its partition.
@Suite struct PartitionTests {
    @Test func anEngineMakesConversationsOfItsPartitionOnly() {
        var harness = EngineHarness()
        harness.engine.partition = Partition(index: 1, count: 3)
        var made: [ConversationID] = []
        for index in 0..<30 {
            let decision = harness.engine.handle(
                .create(.init(id: "c\(index)")), from: "amber", now: harness.clock, random: &harness.random)
            guard case let .conversation(reply)? = decision.replies.first else {
                Issue.record("create \(index) was refused")
                return
            }
            made.append(reply.conversation.conversation)
        }
        #expect(made.allSatisfy { Partition.index(of: $0, among: 3) == 1 })
        #expect(Set(made).count == 30)
    }

    @Test func anAccountIsTaughtOnlyTheConversationsOfThePartition() {
        let ids = (0..<40).map { _ in ConversationID(rawValue: UUID().uuidString) }
        var engine = Engine(
            configuration: EngineConfiguration(publicURL: "https://parley.test"), catalog: .standard,
            identifiers: ParticipantIdentifiers(secret: EngineHarness.secret))
        engine.partition = Partition(index: 0, count: 2)
        engine.knowsEveryAccount = false
        engine.learn("amber", conversations: ids, name: "Amber")
        #expect(engine.conversations(of: "amber") == ids.filter { Partition.index(of: $0, among: 2) == 0 }.sorted())
    }

    @Test func theSameIdGoesToTheSamePartitionAndAllPartitionsAreUsed() {
        let ids = (0..<400).map { UUID(uuid: (UInt8($0 % 256), UInt8($0 / 256), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)).uuidString }.map(ConversationID.init(rawValue:))
        let partitions = ids.map { Partition.index(of: $0, among: 4) }
        #expect(partitions == ids.map { Partition.index(of: $0, among: 4) })
        #expect(Set(partitions) == [0, 1, 2, 3])
        #expect(Partition.whole.holds(ids[0]))
    }

}
