import Stickers
import Testing

/// The header decides what a sticker is: its format and size, whatever the file is called.
@Suite struct StickerImageTests {
    static func chunk(_ type: String, _ data: [UInt8] = []) -> [UInt8] {
        let length = UInt32(data.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 255), UInt8(length >> 8 & 255), UInt8(length & 255)]
            + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)] }

    static func png(width: Int, height: Int, animated: Bool = false) -> [UInt8] {
        let header = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + (animated ? chunk("acTL", be32(2) + be32(0)) : []) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND")
    }

    static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + [UInt8(width & 255), UInt8(width >> 8), UInt8(height & 255), UInt8(height >> 8), 0, 0, 0, 0x3B]
    }

    /// SOI, an APP0 (JFIF) segment, then a baseline frame header.
    static func jpeg(width: Int, height: Int, frame: UInt8 = 0xC0) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let sof: [UInt8] = [0xFF, frame, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), 3]
            + Array(repeating: 1, count: 9)
        return [0xFF, 0xD8] + app0 + sof + [0xFF, 0xD9]
    }

    @Test func eachFormatIsReadFromItsHeader() throws {
        #expect(try StickerImage.inspect(Self.png(width: 408, height: 408)) == StickerImage(format: .png, width: 408, height: 408, bytes: Self.png(width: 408, height: 408).count))
        #expect(try StickerImage.inspect(Self.png(width: 300, height: 618, animated: true)).format == .apng)
        let gif = try StickerImage.inspect(Self.gif(width: 320, height: 500))
        #expect(gif.format == .gif && gif.width == 320 && gif.height == 500)
        let jpeg = try StickerImage.inspect(Self.jpeg(width: 618, height: 301))
        #expect(jpeg.format == .jpeg && jpeg.width == 618 && jpeg.height == 301)
        #expect(try StickerImage.inspect(Self.jpeg(width: 400, height: 400, frame: 0xC2)).format == .jpeg, "progressive")
        #expect(StickerImage.Format.apng.mediaType == "image/png" && StickerImage.Format.jpeg.mediaType == "image/jpeg")
    }

    @Test func anythingElseIsRefusedWithWhatIsWrong() {
        #expect(throws: StickerRefusal.wrongSize(width: 299, height: 400)) { try StickerImage.inspect(Self.png(width: 299, height: 400)) }
        #expect(throws: StickerRefusal.wrongSize(width: 400, height: 619)) { try StickerImage.inspect(Self.gif(width: 400, height: 619)) }
        #expect(throws: StickerRefusal.wrongSize(width: 4000, height: 4000)) { try StickerImage.inspect(Self.jpeg(width: 4000, height: 4000)) }
        let large = Self.png(width: 400, height: 400) + Array(repeating: 0, count: StickerImage.maximumBytes)
        #expect(throws: StickerRefusal.tooLarge(large.count)) { try StickerImage.inspect(large) }
        // A text file called sticker.png, an empty file, a PNG cut short, a JPEG with no frame.
        for (bytes, code) in [
            (Array("<svg>not a png</svg>".utf8), "not-an-image"), ([], "not-an-image"),
            (Array(Self.png(width: 400, height: 400).prefix(20)), "not-an-image"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0, 0xFF, 0xDA, 0x00, 0x02], "not-an-image"),
            (Array(Self.gif(width: 400, height: 400).prefix(8)), "not-an-image"),
        ] as [([UInt8], String)] {
            #expect(throws: StickerRefusal.self) { try StickerImage.inspect(bytes) }
            do { _ = try StickerImage.inspect(bytes) } catch { #expect(error.code == code && error.reason.contains("not a PNG, APNG, GIF or JPEG")) }
        }
    }
}
