#if canImport(Glibc)
import Glibc
#endif

/// The C allocator's settings for a server that holds many idle connections.
package enum Allocator {
    /// Has allocations of 16 KB and more mapped on their own (glibc's `M_MMAP_THRESHOLD`, 128 KB
    /// by default and rising), so that the pages of a buffer never written cost no memory.
    /// swift-nio-ssl gives every TLS connection two such buffers, 32 KB for decrypted reads and
    /// 16 KB for encrypted writes, of which an idle connection writes a few pages: 2.7 KB less
    /// for each of 10,000 idle connections, and no change in CPU a move that runs could tell
    /// (docs/BENCHMARKS.md). Called by `parley serve` before it starts; returns whether the
    /// allocator took the setting.
    @discardableResult
    package static func mapLargeAllocationsApart() -> Bool {
        #if canImport(Glibc)
        // `mallopt` is in malloc.h, which the Glibc module leaves out: found by name instead.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        return mallopt(mmapThreshold, 16 * 1024) == 1
        #else
        return false
        #endif
    }
}
