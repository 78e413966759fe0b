#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processors the process may use, the default of `--jobs`: the processors online, and on Linux no more than
/// its CPU affinity mask allows (`taskset`, a container's cpuset) nor its cgroup's CPU quota (a container's CPU
/// limit, rounded up), so that a worker never waits for a processor it will not get.
enum ProcessorCount {
    static var available: Int {
        var count = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #if os(Linux)
        if let status = read("/proc/self/status"), let allowed = affinity(status: status) {
            count = min(count, allowed)
        }
        if let quota = cgroupQuota() { count = min(count, quota) }
        #endif
        return max(1, count)
    }

    /// The processors the `Cpus_allowed` mask of `/proc/self/status` names (hexadecimal, in groups of 32 bits
    /// separated by commas); `nil` when the text has no such line, or a character that is not in a mask.
    static func affinity(status: [UInt8]) -> Int? {
        let label = Array("Cpus_allowed:".utf8)
        for line in status.split(separator: UInt8(ascii: "\n")) where line.starts(with: label) {
            var count = 0
            for byte in line.dropFirst(label.count) {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): count += (byte - UInt8(ascii: "0")).nonzeroBitCount
                case UInt8(ascii: "a")...UInt8(ascii: "f"): count += (byte - UInt8(ascii: "a") + 10).nonzeroBitCount
                case UInt8(ascii: "A")...UInt8(ascii: "F"): count += (byte - UInt8(ascii: "A") + 10).nonzeroBitCount
                case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"): continue
                default: return nil
                }
            }
            return count > 0 ? count : nil
        }
        return nil
    }

    /// Whole processors of a CPU quota (`quota` microseconds of CPU time per `period`), rounded up; `nil` for no
    /// quota (a negative one, cgroup v1's "none").
    static func processors(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return max(1, (quota - 1) / period + 1)
    }

    /// cgroup v2's `cpu.max`: `QUOTA PERIOD`, or `max PERIOD` for no quota.
    static func processors(cpuMax text: [UInt8]) -> Int? {
        let fields = text.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
        guard fields.count == 2, let quota = integer(fields[0]), let period = integer(fields[1]) else { return nil }
        return processors(quota: quota, period: period)
    }

    /// The CPU quota of the process's cgroup in whole processors, from the first of its cgroup v2 and v1 files
    /// (its own cgroup's, then the mount's root, as a container sees its own) that sets one.
    static func cgroupQuota() -> Int? {
        var v2 = ["/sys/fs/cgroup/cpu.max"]
        var v1 = ["/sys/fs/cgroup/cpu"]
        if let cgroups = read("/proc/self/cgroup") {
            // Lines are `ID:CONTROLLERS:PATH`; cgroup v2's has no controllers.
            for line in cgroups.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, fields[2].first == UInt8(ascii: "/"), fields[2].count > 1 else { continue }
                let path = String(decoding: fields[2], as: UTF8.self)
                let controllers = fields[1].split(separator: UInt8(ascii: ","))
                if controllers.isEmpty {
                    v2.insert("/sys/fs/cgroup\(path)/cpu.max", at: 0)
                } else if controllers.contains(where: { $0.elementsEqual("cpu".utf8) }) {
                    v1.insert("/sys/fs/cgroup/cpu\(path)", at: 0)
                }
            }
        }
        for file in v2 {
            if let text = read(file), let count = processors(cpuMax: text) { return count }
        }
        for directory in v1 {
            guard let quota = read(directory + "/cpu.cfs_quota_us").flatMap({ integer($0) }),
                let period = read(directory + "/cpu.cfs_period_us").flatMap({ integer($0) })
            else { continue }
            if let count = processors(quota: quota, period: period) { return count }
        }
        return nil
    }

    /// A decimal integer, maybe negative, less the line feed after it.
    static func integer<Bytes: Collection<UInt8>>(_ text: Bytes) -> Int? {
        Int(String(decoding: text.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self))
    }

    /// A small system file's text; `nil` when it cannot be read.
    private static func read(_ path: String) -> [UInt8]? {
        try? FileInput.contents(of: Array(path.utf8), limit: 1 << 16)
    }
}
