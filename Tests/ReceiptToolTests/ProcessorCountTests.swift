import Foundation
import Testing

@testable import ReceiptTool

/// The default of `--jobs`: the affinity mask and the cgroup CPU quota as Linux writes them.
struct ProcessorCountTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theAffinityMaskCountsItsBits() {
        let status = "Name:\treceipt\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed:\t1\n"
        #expect(ProcessorCount.affinity(status: Self.bytes(status)) == 2)
        #expect(ProcessorCount.affinity(status: Self.bytes("Cpus_allowed:\tff,ffffffff\n")) == 40)
        #expect(ProcessorCount.affinity(status: Self.bytes("Cpus_allowed:\t00000000,00000010\n")) == 1)
        #expect(ProcessorCount.affinity(status: Self.bytes("Cpus_allowed:\tF0\n")) == 4)
    }

    @Test func aStatusWithoutAReadableMaskLimitsNothing() {
        #expect(ProcessorCount.affinity(status: Self.bytes("Name:\treceipt\nCpus_allowed_list:\t0-1\n")) == nil)
        #expect(ProcessorCount.affinity(status: Self.bytes("Cpus_allowed:\t0-1\n")) == nil)
        #expect(ProcessorCount.affinity(status: Self.bytes("Cpus_allowed:\t0\n")) == nil)
        #expect(ProcessorCount.affinity(status: []) == nil)
    }

    /// The mask the kernel writes for a process that `taskset` puts on one processor.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset"), "taskset sets a mask"))
    func aProcessOnOneProcessorHasAMaskOfOne() throws {
        // The first processor this process may use, which need not be processor 0.
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let list = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        let first = try #require(
            Int(
                String(
                    list.dropFirst("Cpus_allowed_list:".count).drop { $0 == "\t" || $0 == " " }
                        .prefix { $0.isNumber }
                )
            )
        )
        let run = try BuiltTool.shell("taskset -c \(first) cat /proc/self/status")
        #expect(run.status == 0)
        #expect(ProcessorCount.affinity(status: run.out) == 1)
    }

    @Test func cgroupV2QuotasAreWholeProcessorsRoundedUp() {
        #expect(ProcessorCount.processors(cpuMax: Self.bytes("max 100000\n")) == nil)
        #expect(ProcessorCount.processors(cpuMax: Self.bytes("100000 100000\n")) == 1)
        #expect(ProcessorCount.processors(cpuMax: Self.bytes("150000 100000\n")) == 2)
        #expect(ProcessorCount.processors(cpuMax: Self.bytes("50000 100000\n")) == 1)
        #expect(ProcessorCount.processors(cpuMax: Self.bytes("400000 100000")) == 4)
        #expect(ProcessorCount.processors(cpuMax: Self.bytes("400000\n")) == nil)
        #expect(ProcessorCount.processors(cpuMax: Self.bytes("lots 100000\n")) == nil)
    }

    @Test func cgroupV1QuotasAreWholeProcessorsRoundedUp() {
        #expect(ProcessorCount.processors(quota: -1, period: 100_000) == nil)
        #expect(ProcessorCount.processors(quota: 200_000, period: 100_000) == 2)
        #expect(ProcessorCount.processors(quota: 200_001, period: 100_000) == 3)
        #expect(ProcessorCount.processors(quota: 1_000, period: 100_000) == 1)
        #expect(ProcessorCount.processors(quota: 100_000, period: 0) == nil)
        #expect(ProcessorCount.integer(Self.bytes("-1\n")) == -1)
        #expect(ProcessorCount.integer(Self.bytes("100000\n")) == 100_000)
    }

    @Test func theDefaultIsAtLeastOneAndAtMostTheProcessorsOnline() {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        #expect(ProcessorCount.available >= 1)
        #expect(ProcessorCount.available <= max(1, online))
    }
}
