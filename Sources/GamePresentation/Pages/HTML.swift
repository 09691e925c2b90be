/// Text made safe for HTML: a game's picture and the pages around it escape through here.
public enum HTML {
    /// `text` with the five characters HTML gives meaning to escaped: anything that came from
    /// a URL goes through here before it reaches a page.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
