import Foundation
import Fairness
import GameRules
import Testing

/// The Merkle commitment to a board: every cell opens to the root, and nothing else does.
@Suite struct FleetCommitmentUnitTests {
    static let seed = [UInt8](repeating: 7, count: 32)
    static let cells = (0..<100).map { [3, 4, 5, 42, 52, 62, 99].contains($0) }

    @Test func everyCellOpensToTheRootAndOnlyAsItIs() {
        let commitment = FleetCommitment(board: 1, cells: Self.cells, seed: Self.seed)
        for cell in 0..<100 {
            let opening = commitment.opening(of: cell)
            #expect(opening.root == commitment.root)
            #expect(opening.covered == Self.cells[cell])
            #expect(opening.path.count == 7)
            let lie = FleetOpening(board: 1, cell: cell, covered: !opening.covered, salt: opening.salt, path: opening.path)
            #expect(lie.root != commitment.root)
            let elsewhere = FleetOpening(board: 1, cell: cell ^ 1, covered: opening.covered, salt: opening.salt, path: opening.path)
            #expect(elsewhere.root != commitment.root)
        }
    }

    @Test func anotherSeedOrAnotherBoardGivesAnotherRoot() {
        let root = FleetCommitment(board: 0, cells: Self.cells, seed: Self.seed).root
        #expect(FleetCommitment(board: 0, cells: Self.cells, seed: [UInt8](repeating: 8, count: 32)).root != root)
        var moved = Self.cells
        moved.swapAt(3, 13)
        #expect(FleetCommitment(board: 0, cells: moved, seed: Self.seed).root != root)
        // A board of 9 cells pads to 16 leaves: four steps to the root.
        #expect(FleetCommitment(board: 0, cells: Array(Self.cells.prefix(9)), seed: Self.seed).opening(of: 8).path.count == 4)
    }

    @Test func theItemsReadBackAsWritten() throws {
        let commitment = FleetCommitment(board: 1, cells: Self.cells, seed: Self.seed)
        let proofs = FleetProofs(roots: [0: commitment.root, 1: commitment.root], opening: commitment.opening(of: 42), seeds: [1: Self.seed])
        let items = try QueryString.items(in: "?Shot=E3-hit&" + proofs.query)
        #expect(try FleetProofs(items: items) == proofs)
        #expect(proofs.query.hasPrefix("Fleet_Root=0.") && proofs.query.contains("&Fleet_Opening=1.42.1."))
        let twice = try QueryString.items(in: "?" + proofs.query + "&Fleet_Seed=1." + Base64URL.encode(Self.seed))
        #expect(throws: ChainFailure.self) { try FleetProofs(items: twice) }
        #expect(throws: ChainFailure.self) { try FleetProofs(items: [QueryItem("Fleet_Root", "0.short")]) }
    }

    @Test func theServersItemsAreNotPartOfAProposal() {
        let url = "https://h/g/battleship?Hidden=0&Shot=1-miss&Fleet_Root=0.abc&Chain_Session=X&Chain_Signature=Y&Shot=4#top"
        #expect(ProofItems.removed(from: url) == "https://h/g/battleship?Hidden=0&Shot=1-miss&Shot=4#top")
        #expect(ProofItems.appending("Fleet_Root=0.abc", to: "") == "?Fleet_Root=0.abc")
        #expect(ProofItems.appending(nil, to: "?A=1") == "?A=1")
    }
}

/// Base64url as RFC 4648 writes it, without padding, and one spelling for each value.
@Suite struct Base64URLTests {
    @Test func everyLengthRoundTripsAndMatchesFoundation() throws {
        var random = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let text = Base64URL.encode(bytes)
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(text == foundation)
            #expect(Base64URL.decode(text) == bytes)
        }
    }

    @Test func anythingElseIsRefused() {
        #expect(Base64URL.decode("AAAA=") == nil)
        #expect(Base64URL.decode("AA+A") == nil)
        #expect(Base64URL.decode("A") == nil)
        // "AB" has bits left over that are not zero: "AA" is the one spelling of a zero byte.
        #expect(Base64URL.decode("AB") == nil)
        #expect(Base64URL.decode("AA") == [0])
    }
}

/// A client's check names the cell as people do, where the game names its cells.
@Suite struct FleetWitnessUnitTests {
    @Test func aContradictedAnswerNamesTheCell() throws {
        var cells = [Bool](repeating: false, count: 100)
        cells[61] = true
        let commitment = FleetCommitment(board: 1, cells: cells, seed: [UInt8](repeating: 3, count: 32))
        let names = (0..<100).map { "\(Character(UnicodeScalar(UInt8(65 + $0 % 10))))\($0 / 10 + 1)" }
        let boards = HiddenBoards(
            cellCount: 100, placed: [1], shown: [:], shots: [BoardShot(board: 1, cell: 61, hit: false)], isOver: false,
            cellNames: names)
        let items = try QueryString.items(in: "?" + FleetProofs(roots: [1: commitment.root], opening: commitment.opening(of: 61)).query)
        var witness = FleetWitness()
        let failure = #expect(throws: ChainFailure.self) { try witness.check(items, boards: boards, session: "S") }
        #expect(failure?.reason == "The server answered miss at cell B7 of seat 1's fleet, but the cell it committed to says a ship covers it.")
    }
}
