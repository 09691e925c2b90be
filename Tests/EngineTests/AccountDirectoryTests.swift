import Testing
import Transcript
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
}
