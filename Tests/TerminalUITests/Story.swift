import Battleship
import GameCatalog
import GamePresentation
import IceCream
import TerminalUI
import Transcript
import Wire

/// Amber and Ben built an ice cream, then started a seed Battleship in which Amber hid her
/// boats and Ben has fired once.
enum Story {
    static let finished = IceCream(base: .sugarCone, scoops: .vanilla, topping: .hotFudge)

    static func iceCream(_ url: String, _ caption: String, _ summary: String, by sender: ParticipantID) -> Message {
        Message(
            game: "icecream", url: "https://localhost:8443/g/icecream" + url, session: Cast.iceCreamSession,
            layout: TemplateLayout(caption: caption), summaryText: "\(sender.token) \(summary)", sender: sender)
    }

    static let placed = Message(
        game: "battleship", url: "?Ship_Location=0&Ship_Location=4&Is_Complete=0", session: Cast.battleshipSession,
        layout: TemplateLayout(
            caption: "\(Cast.amber.token) placed their ships! Can you find them?", subcaption: "2 ships, 3 misses allowed"),
        summaryText: "\(Cast.amber.token) placed their ships", sender: Cast.amber)

    static let shot = Message(
        game: "battleship", url: "?Ship_Location=0&Ship_Location=4&Shot=4-hit&Is_Complete=0",
        session: Cast.battleshipSession,
        layout: TemplateLayout(
            caption: "\(Cast.ben.token) fired at 4: a hit!", subcaption: "Fired at 4", trailingCaption: "Hits 1 of 2",
            trailingSubcaption: "Misses 0 of 3"),
        summaryText: "\(Cast.ben.token) fired at 4: hit", sender: Cast.ben)

    static let waiting = Cast.status(.player, [Cast.ben], prompt: "Find the ships: pick a cell")

    static let events = [
        Cast.event(1, .joined, Cast.ben),
        Cast.event(2, iceCream("?Base=base02", "Let's build an ice cream", "chose a base", by: Cast.amber)),
        Cast.event(3, iceCream("?Base=base02&Scoops=scoops01", "I added some scoops", "added scoops", by: Cast.ben)),
        Cast.event(
            4, iceCream("?Base=base02&Scoops=scoops01&Topping=topping02", "Our finished ice cream", "finished", by: Cast.amber)),
        Cast.event(5, placed),
        Cast.event(6, shot, status: waiting),
    ]

    static let header = ScreenHeader(title: "Amber & Ben", viewer: Cast.amber, names: Cast.names, status: waiting, online: true)

    static let compact = CompactScreen(
        header: header, events: events, drawer: DrawerItem.all(in: GameCatalog([BattleshipGame.self, IceCreamGame.self])),
        drawerSelection: 2,
        drawerLines: [IceCreamGame.drawerLine(finished: [finished], width: .max)!],
        input: "hello Ben", error: "It is not your turn.")
}
