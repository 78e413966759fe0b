import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

@Suite struct ASN1CommandTests {
    private static let xcodeReceipt = "receipts/xcode/app-store-server-library_xcode-app-receipt-with-transaction.der"
    private static let appStoreReceipt = "receipts/apple/Kvitto_receipt.der"
    private static let appleRoot = "certs/apple-roots/AppleIncRootCertificate.cer"

    @Test func dumpsTheTreeOfARealReceipt() throws {
        let path = ProjectVectors.file(Self.appStoreReceipt).path
        let run = runTool(["asn1", path])
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        let lines = run.out.split(separator: "\n")
        #expect(lines.first == "    0:d=0  hl=4 l=4699 cons: SEQUENCE")
        #expect(
            lines.dropFirst().first
                == "    4:d=1  hl=2 l=   9 prim:  OBJECT            :1.2.840.113549.1.7.2 (signedData)"
        )
        #expect(run.out.contains(":1.2.840.113635.100.6.11.1 (Apple receipt signing marker)"))
        #expect(run.out.contains("PRINTABLESTRING   :\"Apple Inc.\""))
        #expect(run.out.contains("UTCTIME           :060425214036Z (2006-04-25T21:40:36Z)"))
    }

    @Test func dumpsTheBERTreeOfAnXcodeReceiptWithANoteUnlessDERIsDemanded() throws {
        let path = ProjectVectors.file(Self.xcodeReceipt).path
        let automatic = runTool(["asn1", path])
        #expect(automatic.status == 0)
        #expect(automatic.out.hasPrefix("    0:d=0  hl=2 l= inf cons: SEQUENCE\n"))
        #expect(automatic.out.contains("   52:d=5  hl=2 l= inf cons:      OCTET STRING\n"))
        #expect(automatic.out.contains("UTF8STRING        :\"StoreKit\""))
        #expect(
            automatic.err
                == "receipt: note: \(path) is BER, not DER (offset 0: indefinite length, which DER forbids); "
                + "shown with the BER rules\n"
        )
        let ber = runTool(["asn1", "--ber", path])
        #expect(ber.status == 0)
        #expect(ber.out == automatic.out)
        #expect(ber.err.isEmpty)
        let strict = runTool(["asn1", "--der", path])
        #expect(strict.status == 1)
        #expect(strict.out.isEmpty)
        #expect(strict.err == "receipt: \(path): offset 0: indefinite length, which DER forbids\n")
    }

    @Test func aCorruptBERInputReportsWhereBERFailed() throws {
        // Indefinite SEQUENCE { INTEGER 1, BOOLEAN 07 }: DER stops at offset 0, BER at the BOOLEAN.
        let run = runTool(["asn1", try temporaryFile([0x30, 0x80, 0x02, 0x01, 0x01, 0x01, 0x01, 0x07, 0x00, 0x00])])
        #expect(run.status == 1)
        #expect(
            run.err.hasSuffix(
                "offset 5: BOOLEAN must be one octet, 00 or FF (read as BER; as DER: offset 0: indefinite length, "
                    + "which DER forbids)\n"
            )
        )
    }

    @Test func appStoreReceiptsNeedNoNote() throws {
        let path = ProjectVectors.file(Self.appStoreReceipt).path
        let strict = runTool(["asn1", "--der", path])
        #expect(strict.status == 0)
        #expect(strict.err.isEmpty)
        #expect(strict.out == runTool(["asn1", path]).out)
    }

    @Test func base64AndPEMInputGiveTheSameTreeAsBinary() throws {
        let der = try ProjectVectors.bytes(Self.appleRoot)
        let binary = runTool(["asn1", try temporaryFile(der)])
        #expect(binary.status == 0)
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        let fromBase64 = runTool(["asn1", try temporaryFile(Array(base64.utf8))])
        let pem = "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
        let fromPEM = runTool(["asn1", try temporaryFile(Array(("\n" + pem).utf8))])
        let fromStandardInput = runTool(["asn1", "-"], stdin: Array(pem.utf8))
        for run in [fromBase64, fromPEM, fromStandardInput] {
            #expect(run.status == 0)
            #expect(run.out == binary.out)
        }
    }

    @Test func garbageFailsWithOneLineNamingTheOffset() throws {
        let cases: [([UInt8], String)] = [
            ([0x30, 0x82, 0x01, 0x00, 0x05], "offset 0: length 256 exceeds the 1 bytes that remain"),
            ([0x30, 0x03, 0x02, 0x01, 0x01, 0xFF], "offset 5: 1 bytes after the last element"),
            ([0x30, 0x03, 0x01, 0x01, 0x07], "offset 2: BOOLEAN must be one octet, 00 or FF"),
            ([0xFF, 0xFF, 0xFF], "offset 0: the input ends inside a tag number"),
            ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x00], "offset 0: tag number longer than 4 octets"),
            ([], "offset 0: expected an identifier octet, found the end of the input"),
        ]
        for (bytes, message) in cases {
            let path = try temporaryFile(bytes)
            let run = runTool(["asn1", path])
            #expect(run.status == 1)
            #expect(run.out.isEmpty)
            #expect(run.err == "receipt: \(path): \(message)\n")
        }
    }

    @Test func textThatIsNeitherDERNorBase64IsRejected() throws {
        let notBase64 = runTool(["asn1", try temporaryFile(Array("NOT A RECEIPT\n".utf8))])
        #expect(notBase64.status == 1)
        #expect(notBase64.err.hasSuffix("the text is not valid base64\n"))
        let unterminated = runTool(["asn1", "-"], stdin: Array("-----BEGIN CERTIFICATE-----\nMAA=\n".utf8))
        #expect(unterminated.status == 1)
        #expect(unterminated.err == "receipt: -: PEM block 'CERTIFICATE' has no END line\n")
    }

    @Test func realNonReceiptInputsFailCleanly() throws {
        for url in try ProjectVectors.files(in: "receipts/not-pkcs7", suffix: "") where !url.path.hasSuffix(".json") {
            let run = runTool(["asn1", url.path])
            #expect(run.status == 1, "\(url.lastPathComponent)")
            #expect(run.err.split(separator: "\n").count == 1)
        }
    }

    @Test func inputsLargerThanTheLimitAreRefusedUnread() {
        let run = runTool(["asn1", "-"], stdin: [UInt8](repeating: 0x30, count: maximumInputFileSize + 1))
        #expect(run.status == 2)
        #expect(run.err == "receipt: -: input.tooLarge: larger than \(maximumInputFileSize) bytes, the most read\n")
    }

    @Test func usageErrorsExitWithTwo() {
        #expect(runTool([]).status == 2)
        #expect(runTool(["frobnicate"]).status == 2)
        #expect(runTool(["asn1"]).status == 2)
        #expect(runTool(["asn1", "--strict", "x"]).status == 2)
        #expect(runTool(["asn1", "a", "b"]).status == 2)
        let missing = runTool(["asn1", "/nonexistent/receipt.der"])
        #expect(missing.status == 2)
        #expect(missing.err == "receipt: /nonexistent/receipt.der: input.notFound: no such file or directory\n")
        #expect(runTool(["--help"]).status == 0)
    }

    @Test func theBuiltExecutableExitsWithTheDocumentedStatuses() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("receipt")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("the receipt executable was not found beside the test binary at \(binary.path)")
            return
        }
        for (bytes, expected) in [([0x05, 0x00] as [UInt8], Int32(0)), ([0x30, 0x80, 0x00], 1), ([0xA0, 0x84], 1)] {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["asn1", try temporaryFile(bytes)]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == expected)
        }
    }

    /// `count` NULLs inside `depth` nested SEQUENCEs, in DER.
    static func nestedNulls(count: Int, depth: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count * 2)
        for index in 0..<count { bytes[index * 2] = 0x05 }
        for _ in 0..<depth {
            var length = bytes.count
            var octets: [UInt8] = []
            while length > 0 {
                octets.insert(UInt8(length & 0xFF), at: 0)
                length >>= 8
            }
            let header: [UInt8] = bytes.count < 0x80 ? [UInt8(bytes.count)] : [0x80 | UInt8(octets.count)] + octets
            bytes = [0x30] + header + bytes
        }
        return bytes
    }

    @Test func theTreeIsPrintedAsItIsWalkedNotGatheredFirst() throws {
        let count = 1 << 14
        let run = runTool(["asn1", try temporaryFile(Self.nestedNulls(count: count, depth: 64))])
        #expect(run.status == 0)
        #expect(run.lines.count == count + 64)
        #expect(run.lines.last?.hasSuffix(String(repeating: " ", count: 64) + "NULL") == true)
        // Each write is one chunk of whole lines, whatever the size of the whole.
        #expect(run.writes.count > 10)
        #expect(run.writes.allSatisfy { $0.count < OutputBuffer.chunkSize + 256 && $0.last == 0x0A })
    }

    @Test func memoryDoesNotGrowWithTheOutput() throws {
        // 2^20 elements in 2 MiB print about 100 MB; the process's peak must not follow.
        let input = try temporaryFile(Self.nestedNulls(count: (1 << 20) - 64, depth: 64))
        let peak = try Self.peakResidentKilobytes([try BuiltTool.path(), "asn1", input])
        #expect(peak.status == 0)
        #expect(peak.kilobytes > 0)
        #expect(peak.kilobytes < 64 << 10, "peak resident memory \(peak.kilobytes) KiB")
    }

    /// Runs `arguments` with standard output to /dev/null and returns its exit status and the highest peak
    /// resident memory (`VmHWM`) seen while it ran, read every few milliseconds. (The `ru_maxrss` of `wait4`
    /// would count this test process's memory too: a child spawned by `vfork` starts its count from its parent's.)
    static func peakResidentKilobytes(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0)
        var peak = 0
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            let report = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            for line in report.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                peak = max(peak, Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0)
            }
            usleep(5_000)
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        return (status & 0x7F == 0 ? (status >> 8) & 0xFF : -1, peak)
    }
}
