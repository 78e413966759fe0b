import Testing

@testable import ReceiptTool

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an interruption stops the writes, in this process: threads that take the write lock again as soon as they
/// let it go cannot keep it from the interruption. Serialized: the locks are the process's own.
@Suite(.serialized) struct InterruptionTests {
    @Test func busyWritersCannotKeepTheWriteLockFromAnInterruption() throws {
        let null = open("/dev/null", O_WRONLY)
        try #require(null >= 0)
        defer { close(null) }
        final class Flag: @unchecked Sendable { var stop = false }
        let flag = Flag()
        let line = Array(repeating: UInt8(ascii: "x"), count: 64)
        // Two writers that write again at once, so that the write lock is free only between two of their writes.
        let writers = (0..<2).compactMap { _ in
            StartedThread.start {
                while !flag.stop {
                    line.withUnsafeBytes { try? StandardStreams.writeAll($0, to: null, stream: "test") }
                }
            }
        }
        try #require(writers.count == 2)
        usleep(50_000)
        let start = ContinuousClock.now
        let taken = Interruption.stopWrites(within: 2)
        let waited = ContinuousClock.now - start
        flag.stop = true
        if taken { StandardStreams.writeLock.unlock() }
        StandardStreams.turnstile.unlock()
        for writer in writers { writer.join() }
        #expect(taken)
        #expect(waited < .seconds(1))
    }
}
