import GameCatalog
import GameRules

extension GameCatalog {
    /// What a sticker of a game's state is called, wherever it is sent from (`s` on a finished
    /// ice cream, the drawer's recent ones, line mode's `sticker CONV SEQ`): its card's
    /// description, "sugar cone with strawberry scoops…", else the game's name.
    func stickerName(game: String, items: [QueryItem]?) -> String {
        let type = self.type(GameID(rawValue: game))
        let described = items.flatMap { try? type?.stateCard(of: $0).subcaption } ?? ""
        return described.isEmpty ? type?.name ?? game : described
    }
}
