import GameCatalog
import GuessTheNumber
import Server

// Parley's server with its standard games and Guess the Number, read as `parley serve` reads
// its settings: its flags (`swift run guess-server --help`), PARLEY_* variables, config.json.
await serveParley(catalog: GameCatalog(GameCatalog.standard.games + [GuessTheNumberGame.self]))
