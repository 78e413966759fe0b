import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

/// Issue 23: `verify` and `entitlements` stream their inputs — files, directories, `--lines` — through a bounded
/// window, printing each result in input order as soon as it is ready.
@Suite struct StreamingBatchTests {
    static let g5 = "receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der"

    static func base64(_ relativePath: String) throws -> String {
        Data(try ProjectVectors.bytes(relativePath)).base64EncodedString()
    }

    static func appleReceipts() throws -> [URL] {
        try ProjectVectors.files(in: "receipts/apple", suffix: ".der")
    }

    @Test func eachLineIsOneReceiptNamedByItsNumber() throws {
        let receipts = try Self.appleReceipts()
        var lines = try receipts.map { Data(try ProjectVectors.bytes($0)).base64EncodedString() }
        lines.insert("", at: 3)  // blank: skipped, but counted
        lines.insert("not base64 at all", at: 5)
        lines[7] += "\r"  // CRLF line ends are taken too
        let input = Array((lines.joined(separator: "\n")).utf8)  // no line feed after the last line
        let text = runTool(["verify", "--lines", "-"], stdin: input)
        #expect(text.status == 1)
        #expect(text.lines.count == receipts.count + 1)
        #expect(text.lines[2].hasPrefix("line 3: valid: "))
        #expect(text.lines[3].hasPrefix("line 5: valid: "))
        #expect(text.lines[4].hasPrefix("line 6: INVALID container: "))
        #expect(text.lines[6].hasPrefix("line 8: valid: "))
        #expect(text.lines.last?.hasPrefix("line \(lines.count): valid: ") == true)
        #expect(text.err == "receipt: verify: 1 of \(receipts.count + 1) invalid\n")

        let json = runTool(["verify", "--json", "--lines", try temporaryFile(input)])
        #expect(json.lines.count == receipts.count + 1)
        for (index, line) in json.lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["file"] == nil)
            #expect(object["line"] as? Int == index + (index >= 3 ? 2 : 1))
            #expect(line.hasPrefix("{\"line\":"))
        }
        let entitlements = runTool(["entitlements", "--json", "--lines", "-"], stdin: input)
        #expect(entitlements.lines.count == receipts.count + 1)
        #expect(entitlements.lines.first?.hasPrefix("{\"line\":1,\"valid\":true,") == true)
    }

    @Test func resultsComeInInputOrderWhateverTheJobs() throws {
        let receipts = try Self.appleReceipts().map(\.path)
        let invalid = try temporaryFile([0x30, 0x03, 0x02, 0x01, 0x01])
        let inputs = (0..<6).flatMap { round in receipts + (round % 2 == 0 ? [invalid, "/nonexistent"] : []) }
        let one = runTool(["verify", "--jobs", "1"] + inputs)
        #expect(one.lines.count == inputs.count)
        for jobs in ["2", "3", "8"] {
            let run = runTool(["verify", "--jobs", jobs] + inputs)
            #expect(run.out == one.out, "--jobs \(jobs)")
            #expect(run.status == 2)
        }
    }

    /// Each job is a thread with a share of the window of inputs in flight: a number of jobs beyond any machine
    /// is refused as a usage error before anything is read, where it would exhaust memory or overflow the window;
    /// so is anything but decimal digits.
    @Test func jobsBeyondTheMaximumAreRefused() throws {
        let receipt = try temporaryFile(try ProjectVectors.bytes(Self.g5))
        for command in ["verify", "entitlements"] {
            for jobs in ["1025", "1000000000", "9223372036854775807", "0", "-1", "two", "+3", " 3", ""] {
                let run = runTool([command, "--jobs", jobs, receipt])
                #expect(run.status == 2, "\(command) --jobs \(jobs)")
                #expect(run.out.isEmpty, "\(command) --jobs \(jobs)")
                #expect(run.err.contains("--jobs takes a number from 1 to 1024"), "\(command) --jobs \(jobs)")
            }
            let largest = runTool([command, "--jobs", "1024", receipt])
            #expect(largest.status == 0, "\(command) --jobs 1024")
            #expect(largest.lines.count == 1, "\(command) --jobs 1024")
        }
    }

    @Test func directoriesGiveTheirFilesInNameOrderAndRecursiveDescends() throws {
        let directory = try temporaryDirectory()
        let receipt = try ProjectVectors.bytes(Self.g5)
        let manager = FileManager.default
        for name in ["b.der", "a.der", ".hidden.der", "sub/c.der", "sub/deeper/d.der", "z/.e.der"] {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(receipt).write(to: url)
        }
        try manager.createSymbolicLink(atPath: "\(directory)/link.der", withDestinationPath: "\(directory)/a.der")
        try manager.createSymbolicLink(atPath: "\(directory)/loop", withDestinationPath: directory)
        let names = { (run: ToolRun) in run.lines.map { String($0.prefix { $0 != ":" }) } }
        let flat = runTool(["verify", directory])
        #expect(flat.status == 0)
        #expect(names(flat) == ["a.der", "b.der", "link.der"].map { "\(directory)/\($0)" })
        let deep = runTool(["verify", "--recursive", directory])
        #expect(deep.status == 0)
        #expect(
            names(deep) == ["a.der", "b.der", "link.der", "sub/c.der", "sub/deeper/d.der"].map { "\(directory)/\($0)" }
        )
        #expect(runTool(["verify", "-r", directory]).out == deep.out)
    }

    @Test func directoriesAreDescendedToTheDepthLimitAndNoFurther() throws {
        let root = try temporaryDirectory()
        var path = root
        let receipt = Data(try ProjectVectors.bytes(Self.g5))
        for level in 1...(DirectoryWalk.maximumDepth + 1) {
            path += "/\(level)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try receipt.write(to: URL(fileURLWithPath: "\(path)/r.der"))
        }
        let run = runTool(["verify", "-r", root])
        #expect(run.status == 2)
        #expect(run.lines.count == DirectoryWalk.maximumDepth + 1)
        // "65" sorts before "r.der": the walk meets the directory past the limit first, and reports it.
        #expect(run.lines.first == "\(path): ERROR input.unreadable: deeper than 64 directories below the one given")
        #expect(run.lines.dropFirst().allSatisfy { $0.contains("/r.der: valid: ") })
    }

    @Test func linesTakeThePlaceOfFiles() throws {
        let path = ProjectVectors.file(Self.g5).path
        #expect(runTool(["verify", "--lines", "-", path]).status == 2)
        #expect(runTool(["verify", "--lines", "-", "--lines", "-"]).status == 2)
        let missing = runTool(["verify", "--lines", "/nonexistent"])
        #expect(missing.status == 2)
        #expect(missing.out.isEmpty)
        #expect(missing.err == "receipt: /nonexistent: input.notFound: no such file or directory\n")
        // Lines of whitespace only are no inputs: nothing verified is a usage error, not success.
        let empty = runTool(["verify", "--lines", "-"], stdin: Array("\n \n".utf8))
        #expect(empty.status == 2)
        #expect(empty.out.isEmpty)
    }

    /// The same lines whatever the reads' sizes: three bytes per read, so that lines cross reads, or all at once, so
    /// that a line's line feed is already read when the line is taken.
    @Test(arguments: [3, 1_000])
    func aLineReaderSkipsBlankLinesAndReportsLongOnesWithoutHoldingThem(readSize: Int) {
        let text = Array("short\r\n\n   \n0123456789ABCDEF\nok\n0123456789\n0123456789A\nlast".utf8)
        var offset = 0
        var reader = LineReader(limit: 10) { buffer throws(InputError) in
            let count = min(readSize, buffer.count, text.count - offset)
            buffer.copyBytes(from: text[offset..<offset + count])
            offset += count
            return count
        }
        var lines: [String] = []
        while let line = reader.next() {
            switch line {
            case .text(let number, let bytes): lines.append("\(number) \(String(decoding: bytes, as: UTF8.self))")
            case .failed(let number, let error): lines.append("\(number) \(error.code.rawValue)")
            }
        }
        #expect(lines == ["1 short", "4 input.tooLarge", "5 ok", "6 0123456789", "7 input.tooLarge", "8 last"])
    }

    @Test func aLineReaderReportsAReadErrorOnceAndStops() {
        var reads = 0
        var reader = LineReader(limit: 100) { buffer throws(InputError) in
            reads += 1
            guard reads == 1 else { throw InputError(code: .unreadable, reason: "input/output error") }
            buffer.copyBytes(from: Array("one\ntw".utf8))
            return 6
        }
        guard case .text(1, _) = reader.next() else {
            Issue.record("expected line 1")
            return
        }
        guard case .failed(2, let error) = reader.next() else {
            Issue.record("expected the error")
            return
        }
        #expect(error.code == .unreadable)
        #expect(reader.next() == nil)
    }

    @Test func theSchedulerKeepsAtMostItsWindowInFlightAndPrintsInOrder() throws {
        final class Tracker: @unchecked Sendable {
            let lock = NSLock()
            var taken = 0
            var printed = 0
            var widest = 0
            var outOfOrder = 0
        }
        let tracker = Tracker()
        let count = 5_000
        for jobs in [1, 2, 5] {
            tracker.lock.withLock {
                tracker.taken = 0
                tracker.printed = 0
                tracker.widest = 0
            }
            try BatchScheduler<Int, Int>.run(
                jobs: jobs,
                next: {
                    tracker.lock.withLock {
                        guard tracker.taken < count else { return nil }
                        tracker.taken += 1
                        tracker.widest = max(tracker.widest, tracker.taken - tracker.printed)
                        return tracker.taken - 1
                    }
                },
                makeWorker: { 0 },
                process: { item, processed in
                    processed += 1
                    // Some items are slow, so that others finish out of order behind them.
                    if item % 97 == 0 { usleep(2_000) }
                    return item
                },
                emit: { items in
                    tracker.lock.withLock {
                        for item in items {
                            if item != tracker.printed { tracker.outOfOrder += 1 }
                            tracker.printed += 1
                        }
                    }
                }
            )
            tracker.lock.withLock {
                #expect(tracker.printed == count)
                #expect(tracker.outOfOrder == 0)
                #expect(tracker.widest <= jobs * BatchScheduler<Int, Int>.windowPerJob, "--jobs \(jobs)")
            }
        }
    }

    @Test func outputsReadyTogetherAreEmittedTogetherInOrder() throws {
        final class Batches: @unchecked Sendable {
            let lock = NSLock()
            var taken = 0
            var processed = 0
            var sizes: [Int] = []
            var emitted: [Int] = []
        }
        let batches = Batches()
        let count = 40
        let window = 2 * BatchScheduler<Int, Int>.windowPerJob
        try BatchScheduler<Int, Int>.run(
            jobs: 2,
            next: {
                batches.lock.withLock {
                    guard batches.taken < count else { return nil }
                    batches.taken += 1
                    return batches.taken - 1
                }
            },
            makeWorker: { () },
            process: { item, _ in
                // The first item finishes only once the other worker has processed the window's other seven
                // (or after ten seconds, and then the test fails): they are then all ready together.
                if item == 0 {
                    for _ in 0..<10_000 where batches.lock.withLock({ batches.processed }) < window - 1 {
                        usleep(1_000)
                    }
                } else {
                    batches.lock.withLock { batches.processed += 1 }
                }
                return item
            },
            emit: { items in
                batches.lock.withLock {
                    batches.sizes.append(items.count)
                    batches.emitted += items
                }
            }
        )
        batches.lock.withLock {
            #expect(batches.emitted == Array(0..<count))
            #expect(batches.sizes.allSatisfy { $0 >= 1 && $0 <= window })
            // Item 0 and the window's other seven, finished while it waited, in one call.
            #expect(batches.sizes.first == window)
        }
    }

    @Test func theSchedulerStopsAtTheFirstFailureToPrint() {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var taken = 0
        }
        let counter = Counter()
        #expect(throws: ToolFailure.self) {
            try BatchScheduler<Int, Int>.run(
                jobs: 2,
                next: {
                    counter.lock.withLock {
                        counter.taken += 1
                        return counter.taken <= 1_000 ? counter.taken - 1 : nil
                    }
                },
                makeWorker: { () },
                process: { item, _ in item },
                emit: { items throws(ToolFailure) in
                    if items.contains(10) { throw .usage("stop") }
                }
            )
        }
        #expect(counter.lock.withLock { counter.taken } <= 11 + 2 * BatchScheduler<Int, Int>.windowPerJob)
    }

    @Test func anInterruptionLeavesEveryPrintedLineWhole() throws {
        let line = try Self.base64(Self.g5) + "\n"
        for signal in [SIGINT, SIGTERM] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try BuiltTool.path())
            process.arguments = ["verify", "--json", "--jobs", "2", "--lines", "-"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Twenty lines, and standard input left open: the tool waits for more when the signal comes.
            try input.fileHandleForWriting.write(contentsOf: Data(String(repeating: line, count: 20).utf8))
            var printed = Data()
            while printed.filter({ $0 == 0x0A }).count < 20 {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed += chunk
            }
            kill(process.processIdentifier, signal)
            printed += output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == signal)
            #expect(printed.last == 0x0A)
            let lines = printed.split(separator: 0x0A)
            #expect(lines.count == 20)
            for line in lines {
                #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil)
            }
        }
    }

    /// Output whose reader stopped reading blocks a write, which holds the lock an interruption waits for: the
    /// signal still ends the process, after the grace period.
    @Test func anInterruptionEndsTheProcessWhileItsOutputIsBlocked() throws {
        // Far more output than a pipe holds, never read while the signal is waited for.
        let (process, output, lines) = try Self.startVerifying(copies: 200, jobs: 1)
        defer { unlink(lines) }
        let blocked = Self.waitUntilBlockedWriting(process.processIdentifier)
        let clock = ContinuousClock()
        let signalled = clock.now
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning && clock.now - signalled < .seconds(20) { usleep(10_000) }
        let ended = !process.isRunning
        // Unblocks a process that did not end, so that the test itself ends.
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(ended, "the process did not end within 20 s of SIGTERM")
        // Where /proc tells, the tool must have been seen blocked, and then the grace period must have passed.
        if let blocked {
            #expect(blocked, "the tool was never seen blocked in a pipe write")
            #expect(clock.now - signalled >= .seconds(Interruption.graceSeconds) || !ended)
        }
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
    }

    /// The tool started on `verify --json --lines` of `copies` lines of the G5 receipt, its output a pipe; the path
    /// of the lines' file, for the caller to remove.
    static func startVerifying(copies: Int, jobs: Int) throws -> (Process, Pipe, String) {
        let line = try Self.base64(Self.g5) + "\n"
        let lines = try temporaryFile(Array(String(repeating: line, count: copies).utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltTool.path())
        process.arguments = ["verify", "--json", "--jobs", "\(jobs)", "--lines", lines]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output, lines)
    }

    /// Whether the process is seen blocked in a write to a pipe (Linux's /proc tells), within 10 s; where nothing
    /// tells, `nil` after a second.
    static func waitUntilBlockedWriting(_ process: Int32) -> Bool? {
        guard FileManager.default.fileExists(atPath: "/proc/\(process)/wchan") else {
            usleep(1_000_000)
            return nil
        }
        for _ in 0..<1_000 {
            let state = (try? String(contentsOfFile: "/proc/\(process)/wchan", encoding: .utf8)) ?? ""
            if state.contains("pipe_write") { return true }
            usleep(10_000)
        }
        return false
    }

    /// A reader that keeps reading, slowly, while the tool writes without pause: the interruption still comes
    /// between two writes, so every line is whole.
    @Test func anInterruptionOfABusyWriterLeavesEveryLineWhole() throws {
        let (process, output, lines) = try Self.startVerifying(copies: 2_000, jobs: 2)
        defer { unlink(lines) }
        let reader = output.fileHandleForReading
        var printed = Data()
        // Reads a little at a time, so that the writers are mostly blocked in the pipe, and signals midway.
        var signalled = false
        while true {
            let chunk = try reader.read(upToCount: 4_096) ?? Data()
            if chunk.isEmpty { break }
            printed += chunk
            if !signalled && printed.count > 100_000 {
                kill(process.processIdentifier, SIGTERM)
                signalled = true
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        #expect(signalled)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
        #expect(printed.last == 0x0A)
        for line in printed.split(separator: 0x0A) {
            #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil)
        }
    }

    @Test func theMapStepExampleOfTheDocsMergesPartsBackInInputOrder() throws {
        // Tests/ReceiptToolTests/map-step.sh is the example docs/cli.md shows, run here as written.
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("map-step.sh")
            .path
        let receipts = try Self.appleReceipts()
        var lines: [String] = []
        for round in 0..<12 {
            lines += try receipts.map { Data(try ProjectVectors.bytes($0)).base64EncodedString() }
            if round % 3 == 0 { lines.append("not a receipt") }
        }
        let input = try temporaryFile(Array((lines.joined(separator: "\n") + "\n").utf8))
        let merged = try temporaryFile([])
        let run = try BuiltTool.shell(
            "sh \(BuiltTool.quoted(script)) \"$RECEIPT\" \(BuiltTool.quoted(input)) \(BuiltTool.quoted(merged)) 50"
        )
        #expect(run.status == 1, "\(run.err)")
        let whole = try BuiltTool.shell("\"$RECEIPT\" verify --json --lines \(BuiltTool.quoted(input))")
        #expect(whole.status == 1)
        let mergedBytes = try Data(contentsOf: URL(fileURLWithPath: merged))
        #expect(mergedBytes.count > 0)
        #expect(String(decoding: mergedBytes, as: UTF8.self) == whole.outText)
    }
}
