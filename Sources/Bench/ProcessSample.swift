import Foundation

/// A process's resident memory and CPU time, read from Linux's /proc: how the benchmark
/// weighs a server without instrumenting it, whether it runs in this process or another.
public struct ProcessSample: Sendable {
    /// Resident set size (VmRSS), in bytes.
    public var residentBytes: Int
    /// User plus system CPU time since the process started, in seconds.
    public var cpuSeconds: Double

    /// The sample of process `pid`, or of this process when `nil`; `nil` when /proc cannot
    /// tell (not Linux, or the process is gone).
    public static func read(pid: Int32? = nil) -> ProcessSample? {
        let folder = "/proc/\(pid.map(String.init) ?? "self")"
        guard let status = try? String(contentsOfFile: folder + "/status", encoding: .utf8),
            let stat = try? String(contentsOfFile: folder + "/stat", encoding: .utf8),
            let rssLine = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = rssLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        // The command name in parentheses may hold spaces; the fields after it do not.
        // utime and stime are fields 14 and 15, that is the 12th and 13th after the name.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ProcessSample(residentBytes: kilobytes * 1024, cpuSeconds: (user + system) / ticks)
    }
}
