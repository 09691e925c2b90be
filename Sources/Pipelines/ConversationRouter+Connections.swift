import Transport

extension ConversationRouter: ConnectionRouting {}
