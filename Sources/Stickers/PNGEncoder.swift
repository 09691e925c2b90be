import CompressNIO
import NIOCore

/// Pixels as a PNG file: 8-bit RGBA, each row unfiltered, compressed with zlib (compress-nio's
/// binding of the system's zlib, the one compression Parley's packages bring). A canvas of a
/// game's sticker is small and flat-coloured, so a few KB.
public enum PNGEncoder {
    /// `pixels` holds red, green, blue and alpha of each pixel, row by row from the top.
    public static func encode(width: Int, height: Int, rgba pixels: [UInt8]) throws -> [UInt8] {
        precondition(pixels.count == width * height * 4, "a PNG's pixels are width x height x 4 bytes")
        var raw = ByteBuffer()
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.writeInteger(UInt8(0))
            raw.writeBytes(pixels[row * width * 4..<(row + 1) * width * 4])
        }
        let compressed = try raw.compress(with: .zlib(configuration: .init(compressionLevel: .bestCompression)))
        let header = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", Array(buffer: compressed)) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(crc32(typed)))
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
    }

    static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32(0xFFFF_FFFF)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
