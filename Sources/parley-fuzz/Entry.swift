import FuzzTargets
import Foundation

#if FUZZING
/// libFuzzer's entry: the target is named by `PARLEY_FUZZ_TARGET` (see scripts/fuzz).
private let target = ProcessInfo.processInfo.environment["PARLEY_FUZZ_TARGET"] ?? "engine"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTargets.run(target, data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to this module's; it hands over to libFuzzer's driver.
@_cdecl("parley_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runDriver(&argc, &argv) { data, count in fuzz(data, count) }
}
#else
/// `parley-fuzz TARGET FILE…` runs a fuzz target on inputs kept as files, such as a crash
/// libFuzzer wrote: the way to reproduce one under a debugger.
@main
struct ReplayInputs {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let target = arguments.first, FuzzTargets.names.contains(target) else {
            print("usage: parley-fuzz \(FuzzTargets.names.joined(separator: "|")) FILE…")
            exit(2)
        }
        for path in arguments.dropFirst() {
            FuzzTargets.run(target, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            print("\(path): ok")
        }
    }
}
#endif
