import Server
import Testing

/// `parley serve` has glibc map allocations of 16 KB and more apart, found by name since
/// malloc.h is not in the Glibc module: the allocator must take the setting, or the memory of
/// an idle connection grows back by about 2.7 KB (docs/BENCHMARKS.md).
@Suite struct AllocatorTests {
    @Test func theAllocatorTakesTheSetting() {
        #expect(Allocator.mapLargeAllocationsApart())
    }
}
