/// Real image files for the tests that send stickers: a PNG of one colour, whole and valid (a
/// browser draws it), its pixels stored without compression (zlib's stored blocks).
public enum TestImages {
    public static func png(width: Int, height: Int, red: UInt8 = 0xE8, green: UInt8 = 0x7A, blue: UInt8 = 0x9C) -> [UInt8] {
        let row = [0] + Array(repeating: [red, green, blue], count: width).joined()
        let pixels = Array(Array(repeating: row, count: height).joined())
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, pixels.count - offset)
            let last: UInt8 = offset + count == pixels.count ? 1 : 0
            zlib += [last, UInt8(count & 255), UInt8(count >> 8), UInt8(~count & 255), UInt8((~count >> 8) & 255)]
            zlib += pixels[offset..<offset + count]
            offset += count
        } while offset < pixels.count
        zlib += be32(Int(adler32(pixels)))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0]) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(crc32(typed)))
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
