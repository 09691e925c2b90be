import GameCatalog
import GuessTheNumber
import Logging
import Server

// Parley's server with its standard games and Guess the Number, configured as `parley serve`
// is (config.json, PARLEY_* variables); `swift run guess-server` serves it on 8443.
let catalog = GameCatalog(GameCatalog.standard.games + [GuessTheNumberGame.self])
let configuration = try await ServerConfigurationLoader(catalog: catalog).load()
try await serveParley(configuration: configuration, logger: Logger(label: "guess-server"))
