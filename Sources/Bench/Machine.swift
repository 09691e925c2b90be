import Foundation

/// The machine a figure was measured on, for the report: cores, CPU model, memory, and how
/// busy it already was (the load average), since client and server share its cores.
public enum Machine {
    public static func summary() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let model = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        return "\(cores) cores, \(model), \(String(format: "%.1f", memory)) GB; load average \(loadAverage())"
    }

    /// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
    public static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
