import GamePresentation

/// The one page template every page shares.
extension HTML {
    /// A whole document: `title` escaped here, `body` already HTML.
    static func document(title: String, body: String, refreshSeconds: Int? = nil) -> String {
        let refresh = refreshSeconds.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">\n" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(refresh)<title>\(escaped(title))</title>
            <style>
            body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1d1d1f; }
            .bubble { border: 1px solid #d2d2d7; border-radius: 18px; overflow: hidden; display: inline-block; min-width: 18rem; }
            .picture { background: #f5f5f7; padding: 1rem; text-align: center; }
            .texts { padding: 0.6rem 1rem; }
            .caption { font-weight: 600; margin: 0; }
            .subcaption { color: #6e6e73; margin: 0.2rem 0 0; }
            .legend span { margin-right: 1rem; }
            figure { margin: 0.5rem 0; }
            .error { color: #b00020; }
            table { border-collapse: collapse; }
            .wide { overflow-x: auto; }
            td, th { border-bottom: 1px solid #e5e5ea; padding: 0.3rem 0.6rem; text-align: left; }
            code { font-size: 0.9em; }
            </style>
            </head>
            <body>
            \(body)
            </body>
            </html>
            """
    }
}
