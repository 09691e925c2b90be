import GamePresentation

extension IceCreamGame {
    /// Web/icecream.js: how the web client draws and plays the game, given the parts and the
    /// shapes of every choice (`IceCreamShape`) where it says `/* IceCreamShape */ null`, so
    /// that it draws what the state page and the sticker draw.
    public static let webPresentation: [UInt8]? = {
        let source = String(decoding: PackageResources.icecream_js, as: UTF8.self)
        return Array(source.replacing(drawingMark, with: drawingJSON).utf8)
    }()

    static let drawingMark = "/* IceCreamShape */ null"

    /// `{"parts": [{"item", "name", "prompt", "choices": [[value, name], …]}, …], "shapes":
    /// {value: [[tag, attributes], …], …}}`.
    static var drawingJSON: String {
        let parts = IceCream.Part.allCases.map { part in
            "{\"item\":\(JSON.string(part.queryName)),\"name\":\(JSON.string(part.name)),\"prompt\":\(JSON.string(part.prompt)),"
                + "\"choices\":[" + part.choices.map { "[\(JSON.string($0.value)),\(JSON.string($0.name))]" }.joined(separator: ",") + "]}"
        }
        let shapes = IceCream.Part.allCases.flatMap { part in
            part.choices.map { choice in
                JSON.string(choice.value) + ":[" + IceCreamShape.shapes(of: part, choice.value).map(\.element.json).joined(separator: ",") + "]"
            }
        }
        return "{\"parts\":[\(parts.joined(separator: ","))],\"shapes\":{\(shapes.joined(separator: ","))}}"
    }
}
