import GameRules
import Transcript

/// What the server's frames hold: events with their message and status, and conversations,
/// read as their synthesized `Decodable` conformances read them.
extension FrameReader {
    static func event(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Event {
        var conversation = Field<ConversationID>(), seq = Field<Int>(), kind = Field<Event.Kind>()
        var message = Field<Message?>(), status = Field<GameStatus?>(), participant = Field<ParticipantInfo?>()
        var text = Field<String?>(), sticker = Field<Sticker?>(), reveal = Field<String?>(), pairing = Field<PairingInfo?>()
        var ratings = Field<[RatingInfo]?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "seq": try seq.set(s.int())
            case "kind":
                guard let value = Event.Kind(rawValue: try s.string()) else { throw JSONScanner.Declined() }
                try kind.set(value)
            case "message": try message.set(s.optional(Self.message))
            case "status": try status.set(s.optional(gameStatus))
            case "participant": try participant.set(s.optional(participantInfo))
            case "text": try text.set(s.optionalString())
            case "sticker": try sticker.set(s.optional(Self.sticker))
            case "reveal": try reveal.set(s.optionalString())
            case "pairing": try pairing.set(s.optional(Self.pairing))
            case "ratings": try ratings.set(s.optional { (s: inout JSONScanner) throws(JSONScanner.Declined) in try s.array(Self.ratingInfo) })
            default: try s.skipValue()
            }
        }
        return Event(
            conversation: try conversation.required(), seq: try seq.required(), kind: try kind.required(),
            message: message.optional(), status: status.optional(), participant: participant.optional(), text: text.optional(),
            sticker: sticker.optional(), reveal: reveal.optional(), pairing: pairing.optional(),
            ratings: ratings.optional())
    }

    static func ratingInfo(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> RatingInfo {
        var participant = Field<ParticipantID>(), game = Field<String>(), variant = Field<String>(), result = Field<RatingInfo.Result>()
        var before = Field<RatingValue>(), after = Field<RatingValue>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "participant": try participant.set(participantID(&s))
            case "game": try game.set(s.string())
            case "variant": try variant.set(s.string())
            case "result":
                guard let value = RatingInfo.Result(rawValue: try s.string()) else { throw JSONScanner.Declined() }
                try result.set(value)
            case "before": try before.set(ratingValue(&s))
            case "after": try after.set(ratingValue(&s))
            default: try s.skipValue()
            }
        }
        return RatingInfo(
            participant: try participant.required(), game: try game.required(), variant: try variant.required(),
            result: try result.required(), before: try before.required(), after: try after.required())
    }

    static func ratingValue(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> RatingValue {
        var rating = Field<Int>(), deviation = Field<Int>(), provisional = Field<Bool>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "rating": try rating.set(s.int())
            case "deviation": try deviation.set(s.int())
            case "provisional": try provisional.set(s.bool())
            default: try s.skipValue()
            }
        }
        return RatingValue(rating: try rating.required(), deviation: try deviation.required(), provisional: try provisional.required())
    }

    static func pairing(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> PairingInfo {
        var game = Field<String>(), variant = Field<String?>(), secondsPerMove = Field<Int>(), rated = Field<Bool>()
        var players = Field<[ParticipantID]>(), ratings = Field<[RatingValue]?>(), startBy = Field<Int?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "ratings": try ratings.set(s.optional { (s: inout JSONScanner) throws(JSONScanner.Declined) in try s.array(Self.ratingValue) })
            case "game": try game.set(s.string())
            case "variant": try variant.set(s.optionalString())
            case "secondsPerMove": try secondsPerMove.set(s.int())
            case "rated": try rated.set(s.bool())
            case "players": try players.set(s.array(participantID))
            case "startBy": try startBy.set(s.optional { (s: inout JSONScanner) throws(JSONScanner.Declined) in try s.int() })
            default: try s.skipValue()
            }
        }
        return PairingInfo(
            game: try game.required(), variant: variant.optional(), secondsPerMove: try secondsPerMove.required(),
            rated: try rated.required(), players: try players.required(), ratings: ratings.optional(),
            startBy: startBy.optional().map(Int64.init))
    }

    static func sticker(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Sticker {
        var id = Field<String>(), name = Field<String>(), format = Field<String>(), url = Field<String>()
        var width = Field<Int>(), height = Field<Int>(), bytes = Field<Int>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "id": try id.set(s.string())
            case "name": try name.set(s.string())
            case "format": try format.set(s.string())
            case "url": try url.set(s.string())
            case "width": try width.set(s.int())
            case "height": try height.set(s.int())
            case "bytes": try bytes.set(s.int())
            default: try s.skipValue()
            }
        }
        return Sticker(
            id: try id.required(), name: try name.required(), format: try format.required(), width: try width.required(),
            height: try height.required(), bytes: try bytes.required(), url: try url.required())
    }

    static func message(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> Message {
        var game = Field<GameID>(), url = Field<String>(), session = Field<SessionID?>(), layout = Field<TemplateLayout>()
        var summaryText = Field<String?>(), accessibilityLabel = Field<String?>(), sender = Field<ParticipantID>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "game": try game.set(GameID(rawValue: s.string()))
            case "url": try url.set(s.string())
            case "session": try session.set(s.optional(Self.session))
            case "layout": try layout.set(templateLayout(&s))
            case "summaryText": try summaryText.set(s.optionalString())
            case "accessibilityLabel": try accessibilityLabel.set(s.optionalString())
            case "sender": try sender.set(participantID(&s))
            default: try s.skipValue()
            }
        }
        return Message(
            game: try game.required(), url: try url.required(), session: session.optional(), layout: try layout.required(),
            summaryText: summaryText.optional(), accessibilityLabel: accessibilityLabel.optional(),
            sender: try sender.required())
    }

    static func templateLayout(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> TemplateLayout {
        var caption = Field<String?>(), subcaption = Field<String?>(), trailingCaption = Field<String?>()
        var trailingSubcaption = Field<String?>(), imageTitle = Field<String?>(), imageSubtitle = Field<String?>()
        var image = Field<String?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "caption": try caption.set(s.optionalString())
            case "subcaption": try subcaption.set(s.optionalString())
            case "trailingCaption": try trailingCaption.set(s.optionalString())
            case "trailingSubcaption": try trailingSubcaption.set(s.optionalString())
            case "imageTitle": try imageTitle.set(s.optionalString())
            case "imageSubtitle": try imageSubtitle.set(s.optionalString())
            case "image": try image.set(s.optionalString())
            default: try s.skipValue()
            }
        }
        return TemplateLayout(
            caption: caption.optional(), subcaption: subcaption.optional(), trailingCaption: trailingCaption.optional(),
            trailingSubcaption: trailingSubcaption.optional(), imageTitle: imageTitle.optional(),
            imageSubtitle: imageSubtitle.optional(), image: image.optional())
    }

    static func gameStatus(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> GameStatus {
        var session = Field<String>(), game = Field<String>(), variant = Field<String>(), moves = Field<Int>()
        var turn = Field<TurnInfo>(), outcome = Field<OutcomeInfo>(), prompt = Field<String?>(), deadline = Field<Int64?>()
        var secondsPerMove = Field<Int?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "session": try session.set(s.string())
            case "game": try game.set(s.string())
            case "variant": try variant.set(s.string())
            case "moves": try moves.set(s.int())
            case "turn": try turn.set(turnInfo(&s))
            case "outcome": try outcome.set(outcomeInfo(&s))
            case "prompt": try prompt.set(s.optionalString())
            case "deadline": try deadline.set(s.optionalInt64())
            case "secondsPerMove": try secondsPerMove.set(s.optional { (s: inout JSONScanner) throws(JSONScanner.Declined) in try s.int() })
            default: try s.skipValue()
            }
        }
        return GameStatus(
            session: try session.required(), game: try game.required(), variant: try variant.required(),
            moves: try moves.required(), turn: try turn.required(), outcome: try outcome.required(), prompt: prompt.optional(),
            deadline: deadline.optional(), secondsPerMove: secondsPerMove.optional())
    }

    static func turnInfo(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> TurnInfo {
        var kind = Field<TurnInfo.Kind>(), participants = Field<[ParticipantID]>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "kind":
                guard let value = TurnInfo.Kind(rawValue: try s.string()) else { throw JSONScanner.Declined() }
                try kind.set(value)
            case "participants": try participants.set(s.array(participantID))
            default: try s.skipValue()
            }
        }
        return TurnInfo(kind: try kind.required(), participants: try participants.required())
    }

    static func outcomeInfo(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> OutcomeInfo {
        var finished = Field<Bool>(), winners = Field<[ParticipantID]>(), losers = Field<[ParticipantID]>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "finished": try finished.set(s.bool())
            case "winners": try winners.set(s.array(participantID))
            case "losers": try losers.set(s.array(participantID))
            default: try s.skipValue()
            }
        }
        return OutcomeInfo(finished: try finished.required(), winners: try winners.required(), losers: try losers.required())
    }

    static func participantInfo(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ParticipantInfo {
        var id = Field<ParticipantID>(), name = Field<String?>(), role = Field<String?>(), bot = Field<Bool?>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "bot": try bot.set(s.optional { (s: inout JSONScanner) throws(JSONScanner.Declined) in try s.bool() })
            case "id": try id.set(participantID(&s))
            case "name": try name.set(s.optionalString())
            case "role": try role.set(s.optionalString())
            default: try s.skipValue()
            }
        }
        // A role this version does not know is read as a player's: fields may be added.
        let known = role.optional().flatMap(ParticipantRole.init(rawValue:)) ?? .player
        return ParticipantInfo(id: try id.required(), name: name.optional(), role: known, bot: bot.optional() ?? false)
    }

    static func conversationSummary(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ConversationSummary {
        var conversation = Field<ConversationID>(), invite = Field<String>(), watchInvite = Field<String?>(), you = Field<ParticipantID>()
        var members = Field<[ParticipantInfo]>(), lastSeq = Field<Int>()
        try s.beginObject()
        while let key = try s.nextKey() {
            switch key {
            case "conversation": try conversation.set(ConversationID(spelling: s.string()))
            case "invite": try invite.set(s.string())
            case "watchInvite": try watchInvite.set(s.optionalString())
            case "you": try you.set(participantID(&s))
            case "members": try members.set(s.array(participantInfo))
            case "lastSeq": try lastSeq.set(s.int())
            default: try s.skipValue()
            }
        }
        return ConversationSummary(
            conversation: try conversation.required(), invite: try invite.required(), watchInvite: watchInvite.optional(),
            you: try you.required(),
            members: try members.required(), lastSeq: try lastSeq.required())
    }

    /// A UUID in its usual spelling is read from the bytes; any other string (one with an
    /// escape) goes through the initializer `ParticipantID`'s `Decodable` conformance calls.
    static func participantID(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> ParticipantID {
        if let uuid = s.canonicalUUID() { return ParticipantID(uuid) }
        guard let id = ParticipantID(uuidString: try s.string()) else { throw JSONScanner.Declined() }
        return id
    }

    /// Read as `participantID` reads.
    package static func session(_ s: inout JSONScanner) throws(JSONScanner.Declined) -> SessionID {
        if let uuid = s.canonicalUUID() { return SessionID(uuid) }
        guard let session = SessionID(uuidString: try s.string()) else { throw JSONScanner.Declined() }
        return session
    }
}
