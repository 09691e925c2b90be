import Fairness
import Foundation
import GameRules
import Transcript
import Wire

extension Record {
    /// The event a stored record holds (its `payload`), as `WireJSON.decode(Record.self, from:)`
    /// reads it: the same event, or an error. An accepted move in the format written now, the
    /// record read for every move another node stored and for every move of a conversation
    /// loaded, is read straight from its bytes (`JSONScanner`), several times faster than
    /// `JSONDecoder`; any other record, and any text the scanner is not sure of, goes to
    /// `JSONDecoder`. `StoredReadingTests` holds the two to the same events.
    public init(stored payload: Data) throws {
        if let move = Self.acceptedMove(in: payload) {
            self = .accepted(move)
        } else {
            self = try WireJSON.decode(Record.self, from: payload)
        }
    }

    /// The accepted move in `payload` when it is one of format 2 that the scanner reads surely.
    package static func acceptedMove(in payload: Data) -> AcceptedMove? {
        payload.withUnsafeBytes { raw -> AcceptedMove? in
            let bytes = raw.bindMemory(to: UInt8.self)
            // The scanner reads strings from valid UTF-8, which `JSONDecoder` requires of the
            // whole text: a text with a byte out of place is the decoder's to refuse.
            guard bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil else { return nil }
            var s = JSONScanner(bytes)
            return try? acceptedMove(&s)
        }
    }

    private static func acceptedMove(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> AcceptedMove {
        var format = Field<Int>(), type = Field<String>()
        var conversation = Field<ConversationID>(), seq = Field<Int>(), session = Field<SessionID>(), game = Field<GameID>()
        var variant = Field<String>(), sender = Field<AccountID>(), seat = Field<Int>(), request = Field<String>()
        var state = Field<String>(), moveCount = Field<Int>(), texts = Field<StepTexts>(), at = Field<Int>()
        var proposal = Field<String?>(), chain = Field<MessageChain?>(), proofs = Field<String?>(), secondsPerMove = Field<Int?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "format": try format.set(s.int())
            case "type":
                try type.set(s.string())
                // Any other event is `JSONDecoder`'s to read.
                guard try type.required() == "accepted" else { throw JSONScanner.Declined() }
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "seq": try seq.set(s.int())
            case "session": try session.set(FrameReader.session(&s))
            case "game": try game.set(GameID(rawValue: s.string()))
            case "variant": try variant.set(s.string())
            case "sender": try sender.set(AccountID(rawValue: s.string()))
            case "seat": try seat.set(s.int())
            case "request": try request.set(s.string())
            case "state": try state.set(s.string())
            case "moveCount": try moveCount.set(s.int())
            case "texts": try texts.set(stepTexts(&s))
            case "at": try at.set(s.int())
            case "proposal": try proposal.set(s.optionalString())
            case "chain": try chain.set(s.optional(messageChain))
            case "proofs": try proofs.set(s.optionalString())
            case "secondsPerMove": try secondsPerMove.set(s.null() ? nil : s.int())
            default: try s.skipValue()
            }
        }
        try s.end()
        guard try format.required() == storedFormat, try type.required() == "accepted" else { throw JSONScanner.Declined() }
        return AcceptedMove(
            conversation: try conversation.required(), seq: try seq.required(), session: try session.required(),
            game: try game.required(), variant: try variant.required(), sender: try sender.required(), seat: try seat.required(),
            request: try request.required(), state: try state.required(), moveCount: try moveCount.required(),
            texts: try texts.required(), at: Date(timeIntervalSince1970: Double(Int64(try at.required())) / 1000),
            proposal: proposal.optional(), chain: chain.optional(), proofs: proofs.optional(), secondsPerMove: secondsPerMove.optional())
    }

    /// Key for key as `StepTexts`'s synthesized `Decodable` reads it.
    private static func stepTexts(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> StepTexts {
        var caption = Field<String>(), subcaption = Field<String?>(), trailingCaption = Field<String?>()
        var trailingSubcaption = Field<String?>(), summary = Field<String>(), accessibilityLabel = Field<String>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "caption": try caption.set(s.string())
            case "subcaption": try subcaption.set(s.optionalString())
            case "trailingCaption": try trailingCaption.set(s.optionalString())
            case "trailingSubcaption": try trailingSubcaption.set(s.optionalString())
            case "summary": try summary.set(s.string())
            case "accessibilityLabel": try accessibilityLabel.set(s.string())
            default: try s.skipValue()
            }
        }
        return StepTexts(
            caption: try caption.required(), subcaption: subcaption.optional(), trailingCaption: trailingCaption.optional(),
            trailingSubcaption: trailingSubcaption.optional(), summary: try summary.required(),
            accessibilityLabel: try accessibilityLabel.required())
    }

    /// As `MessageChain`'s `Decodable` conformance reads it; a digest or signature it refuses
    /// is declined, for `JSONDecoder` to refuse.
    private static func messageChain(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> MessageChain {
        var seats = Field<[ChainLink]>(), spectator = Field<ChainLink>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "seats": try seats.set(s.array(chainLink))
            case "spectator": try spectator.set(chainLink(&s))
            default: try s.skipValue()
            }
        }
        return MessageChain(seats: try seats.required(), spectator: try spectator.required())
    }

    private static func chainLink(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ChainLink {
        var previous = Field<String?>(), signature = Field<String?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "previous": try previous.set(s.optionalString())
            case "signature": try signature.set(s.optionalString())
            default: try s.skipValue()
            }
        }
        var link = (previous: ChainDigest?.none, signature: ChainSignature?.none)
        if let text = previous.optional() {
            guard let digest = ChainDigest(text: text) else { throw JSONScanner.Declined() }
            link.previous = digest
        }
        if let text = signature.optional() {
            guard let parsed = ChainSignature(text: text) else { throw JSONScanner.Declined() }
            link.signature = parsed
        }
        return ChainLink(previous: link.previous, signature: link.signature)
    }
}
