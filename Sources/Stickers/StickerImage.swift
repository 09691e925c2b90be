/// A sticker's image as its header says it is: the Messages framework's stickers are PNG, APNG,
/// GIF or JPEG files of at most 500 KB, 300 to 618 pixels on a side. The format is read from the
/// bytes, never from a name, and only as far as the header: nothing is decoded further, so a
/// file that claims a size it does not hold is the sender's loss, not the server's.
public struct StickerImage: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable, Codable, CaseIterable {
        case png, apng, gif, jpeg

        /// The type a browser is told the bytes are.
        public var mediaType: String {
            switch self {
            case .png, .apng: "image/png"
            case .gif: "image/gif"
            case .jpeg: "image/jpeg"
            }
        }
    }

    /// The most bytes a sticker may have: 500 KB.
    public static let maximumBytes = 500 * 1024
    /// The sides a sticker may have, in pixels.
    public static let sides = 300...618

    public let format: Format
    public let width: Int
    public let height: Int
    public let bytes: Int

    public init(format: Format, width: Int, height: Int, bytes: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The image `data` holds, if it may be a sticker; otherwise why not.
    public static func inspect(_ data: some Collection<UInt8>) throws(StickerRefusal) -> StickerImage {
        let bytes = Array(data)
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes.count) }
        guard let (format, width, height) = try header(bytes) else { throw .notAnImage(why: "its first bytes are not those of a PNG, GIF or JPEG file") }
        guard sides.contains(width), sides.contains(height) else { throw .wrongSize(width: width, height: height) }
        return StickerImage(format: format, width: width, height: height, bytes: bytes.count)
    }

    /// The format and size the header gives; `nil` when the bytes begin as no format does.
    static func header(_ bytes: [UInt8]) throws(StickerRefusal) -> (Format, Int, Int)? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(bytes) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            guard bytes.count >= 10 else { throw .notAnImage(why: "its GIF header is cut short") }
            return (.gif, Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(bytes) }
        return nil
    }

    /// PNG: the first chunk is `IHDR` (width, height, big-endian); an `acTL` chunk before the
    /// first `IDAT` makes it an animated PNG.
    private static func png(_ bytes: [UInt8]) throws(StickerRefusal) -> (Format, Int, Int) {
        guard bytes.count >= 33, bytes[12..<16].elementsEqual("IHDR".utf8) else {
            throw .notAnImage(why: "its PNG header has no IHDR chunk first")
        }
        let (width, height) = (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bigEndian(bytes, offset, 4)
            let type = bytes[offset + 4..<offset + 8]
            if type.elementsEqual("acTL".utf8) { return (.apng, width, height) }
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { break }
            // Length, type, data and CRC.
            guard length <= bytes.count else { break }
            offset += 12 + length
        }
        return (.png, width, height)
    }

    /// JPEG: the frame's size is in its start-of-frame segment (SOF0 to SOF15 but DHT, JPG and
    /// DAC), after the segments before it.
    private static func jpeg(_ bytes: [UInt8]) throws(StickerRefusal) -> (Format, Int, Int) {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw .notAnImage(why: "its JPEG segments are broken at byte \(offset)") }
            let marker = bytes[offset + 1]
            // Fill bytes, and markers without a length.
            if marker == 0xFF { offset += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            let length = bigEndian(bytes, offset + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { break }
                return (.jpeg, bigEndian(bytes, offset + 7, 2), bigEndian(bytes, offset + 5, 2))
            }
            // A scan before any frame header: not a JPEG this reads.
            if marker == 0xDA || length < 2 { break }
            offset += 2 + length
        }
        throw .notAnImage(why: "its JPEG header gives no frame size")
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}

/// Why a file may not be a sticker: a typed refusal whose reason says what is wrong.
public struct StickerRefusal: Error, Hashable, Sendable {
    public let code: String
    public let reason: String

    public static func tooLarge(_ bytes: Int) -> Self {
        Self(code: "sticker-too-large", reason: "The file has \(bytes) bytes; a sticker has at most \(StickerImage.maximumBytes) (500 KB).")
    }

    /// A file not read to its end, since it was longer than a sticker may be.
    public static let overLimit = Self(
        code: "sticker-too-large", reason: "The file has more than \(StickerImage.maximumBytes) bytes; a sticker has at most "
            + "\(StickerImage.maximumBytes) (500 KB).")

    public static func wrongSize(width: Int, height: Int) -> Self {
        Self(code: "sticker-wrong-size", reason: "The image is \(width)x\(height) pixels; a sticker is \(StickerImage.sides.lowerBound) to "
            + "\(StickerImage.sides.upperBound) pixels on each side.")
    }

    public static func notAnImage(why: String) -> Self {
        Self(code: "not-an-image", reason: "The file is not a PNG, APNG, GIF or JPEG image: \(why).")
    }
}
