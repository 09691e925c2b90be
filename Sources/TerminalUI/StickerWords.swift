import Wire

/// A sticker in words, where no picture can be shown: its name (neutralised: its sender chose
/// it), format, size and weight, such as "[sticker] Chocolate on a waffle cone (PNG, 408x408, 23 KB)".
public enum StickerWords {
    public static func line(_ sticker: Sticker) -> String {
        "[sticker] \(ChatText.neutralised(sticker.name)) (\(sticker.format.uppercased()), \(sticker.width)x\(sticker.height), "
            + "\(kilobytes(sticker.bytes)))"
    }

    /// "23 KB", "0.5 KB": kilobytes of 1024 bytes, one decimal below ten.
    static func kilobytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1024
        return value < 10 ? "\((value * 10).rounded() / 10) KB" : "\(Int(value.rounded())) KB"
    }
}
