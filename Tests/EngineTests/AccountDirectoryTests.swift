import GameRules
import Testing
import Transcript
import Wire
@testable import Engine

/// The directory's count of known members per conversation follows its memberships through
/// every way they change, and an account's count of conversations is the larger of what the
/// store's index said and what the directory holds.
@Suite struct AccountDirectoryTests {
    let first = ConversationID(rawValue: "C1")
    let second = ConversationID(rawValue: "C2")

    @Test func knownMembersFollowEveryChangeOfMemberships() {
        var directory = AccountDirectory()
        directory.addMembership(of: "amber", in: first)
        directory.addMembership(of: "amber", in: first)
        directory.addMembership(of: "ben", in: first)
        #expect(directory.hasKnownMember(first) && !directory.hasKnownMember(second))
        directory.removeMembership(of: "amber", in: first)
        #expect(directory.hasKnownMember(first), "ben is still in it")
        directory.removeMembership(of: "ben", in: first)
        directory.removeMembership(of: "ben", in: first)
        #expect(!directory.hasKnownMember(first))
        directory.setMemberships(of: "chris", to: [first, second])
        #expect(directory.hasKnownMember(first) && directory.hasKnownMember(second))
        directory.setMemberships(of: "chris", to: [second])
        #expect(!directory.hasKnownMember(first) && directory.conversations(of: "chris") == [second])
        directory.setMemberships(of: "chris", to: nil)
        #expect(!directory.hasKnownMember(second) && directory.conversations(of: "chris") == nil)
    }

    @Test func anAccountsCountIsTheLargerOfTheIndexsAndTheDirectorys() {
        var directory = AccountDirectory()
        directory.addMembership(of: "amber", in: first)
        #expect(directory.conversationCount(of: "amber") == 1)
        directory.learnConversationCount(of: "amber", 5)
        directory.addMembership(of: "amber", in: second)
        #expect(directory.conversationCount(of: "amber") == 6, "a join counts on top of what the index said")
        directory.removeMembership(of: "amber", in: first)
        #expect(directory.conversationCount(of: "amber") == 5)
        directory.setMemberships(of: "amber", to: nil)
        #expect(directory.conversationCount(of: "amber") == 0, "forgetting an account forgets its count")
    }

    @Test func forgettingAccountsKeepsTheConnectedAndTheNamesStillNeeded() {
        var directory = AccountDirectory()
        directory.addMembership(of: "amber", in: first)
        directory.addMembership(of: "ben", in: first)
        directory.names = ["amber": "Amber", "ben": "Ben", "chris": "Chris"]
        directory.forgetAccounts(keeping: { $0 == "amber" }, keepingNamesOf: ["chris"])
        #expect(directory.conversations(of: "amber") == [first] && directory.conversations(of: "ben") == nil)
        #expect(directory.names == ["amber": "Amber", "chris": "Chris"])
        #expect(directory.hasKnownMember(first), "amber is still known to be in it")
    }

    /// A create is decided by the directory: an id of the partition asked for, an invite no
    /// conversation in memory has, the opener joined; refused to an account in too many
    /// conversations; the directory left as it was.
    @Test func aCreateIsDecidedByTheDirectory() throws {
        var directory = AccountDirectory()
        directory.addMembership(of: "amber", in: first)
        var random = SeededRandom(seed: 11)
        let partition = Partition(index: 1, count: 3)
        guard case let .success((id, records)) = directory.decide(
            create: .init(id: "c"), by: "amber", partition: partition, limit: 2, random: &random)
        else { throw Unexpected("refused") }
        #expect(partition.holds(id))
        guard case let .conversationCreated(created, invite, "amber")? = records.first, created == id,
            case .joined(id, 1, "amber", .player)? = records.last
        else { throw Unexpected(records) }
        #expect(directory.invites[invite] == nil && directory.conversations(of: "amber") == [first])
        directory.addMembership(of: "amber", in: second)
        guard case let .failure(refusal) = directory.decide(
            create: .init(id: "d"), by: "amber", partition: partition, limit: 2, random: &random)
        else { throw Unexpected("a third conversation over a limit of two") }
        #expect(refusal.frame.code == EngineError.tooManyConversations(2).code)
    }

    /// A rename is decided by the directory: a name that breaks the rule is refused, the same
    /// name again stores nothing, a first name is stored without being told, a new one is told.
    @Test func aRenameIsDecidedByTheDirectory() throws {
        var directory = AccountDirectory()
        let configuration = EngineConfiguration(publicURL: "https://parley.test")
        guard case .refused = directory.decide(rename: .init(id: "r", name: " \n "), by: "amber", configuration: configuration)
        else { throw Unexpected("a blank name was taken") }
        guard case let .renamed(.renamed("amber", "Amber"), "Amber", announced) = directory.decide(
            rename: .init(id: "r", name: " Amber "), by: "amber", configuration: configuration)
        else { throw Unexpected("a first name was refused") }
        #expect(!announced, "a first name is no news")
        #expect(directory.names["amber"] == nil, "deciding changed the directory")
        directory.names["amber"] = "Amber"
        guard case .unchanged = directory.decide(rename: .init(id: "r", name: "Amber"), by: "amber", configuration: configuration)
        else { throw Unexpected("the same name again was stored") }
        guard case .renamed(_, "Ambre", true) = directory.decide(
            rename: .init(id: "r", name: "Ambre"), by: "amber", configuration: configuration)
        else { throw Unexpected("a new name was not told") }
    }
}
