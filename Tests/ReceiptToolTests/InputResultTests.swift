import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

/// Issue 25, defect 4: every input has its result, in input order, with a code; the same condition has the same
/// exit status in every command (docs/cli.md's table).
@Suite struct InputResultTests {
    static let validName = "receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der"
    static let valid = ProjectVectors.file(validName).path
    static let other = ProjectVectors.file("receipts/apple/Kvitto_receipt.der").path
    static let root = ProjectVectors.file("certs/apple-roots/AppleIncRootCertificate.cer").path

    @Test func aMissingInputHasItsOwnLineBetweenTheOthers() {
        let run = runTool(["verify", Self.valid, "/nonexistent", Self.other])
        #expect(run.status == 2)
        #expect(run.lines.count == 3)
        #expect(run.lines[0].hasPrefix("\(Self.valid): valid: "))
        #expect(run.lines[1] == "/nonexistent: ERROR input.notFound: no such file or directory")
        #expect(run.lines[2].hasPrefix("\(Self.other): valid: "))
        #expect(run.err == "receipt: verify: 1 of 3 inputs could not be read\n")
    }

    @Test func theSummaryCountsInvalidInputsBesideUnreadableOnes() {
        for command in ["verify", "entitlements"] {
            let run = runTool([command, "--bundle-id", "other", Self.valid, "/nonexistent", Self.other, Self.root])
            #expect(run.status == 2)
            #expect(run.lines.count == 4)
            #expect(run.lines[1] == "/nonexistent: ERROR input.notFound: no such file or directory")
            #expect(run.err == "receipt: \(command): 1 of 4 inputs could not be read, 3 invalid\n")
        }
    }

    /// `--` ends the options: a name after it that begins with `-` is a file, as a shell's glob may give it.
    @Test func doubleDashEndsTheOptions() throws {
        for command in ["verify", "entitlements"] {
            let refused = runTool([command, "-missing"])
            #expect(refused.status == 2)
            #expect(refused.err.contains("unknown option '-missing'"))
            let run = runTool([command, Self.valid, "--", "-missing", "--json"])
            #expect(run.status == 2)
            #expect(run.lines.count == 3)
            #expect(run.lines[0].hasPrefix("\(Self.valid): " + (command == "verify" ? "valid: " : "at ")))
            #expect(run.lines[1] == "-missing: ERROR input.notFound: no such file or directory")
            #expect(run.lines[2] == "--json: ERROR input.notFound: no such file or directory")
        }
        // `-` alone is still standard input.
        let standardInput = runTool(["verify", "--", "-"], stdin: try ProjectVectors.bytes(Self.validName))
        #expect(standardInput.status == 0)
        #expect(standardInput.lines.count == 1)
        #expect(standardInput.lines.first?.hasPrefix("-: valid: ") == true)
        let digest = runTool(["digest", "--", "-missing", "-a"])
        #expect(digest.status == 2)
        #expect(digest.lines == ["input.notFound  -missing", "input.notFound  -a"])
        let dump = runTool(["dump", "--", "--json"])
        #expect(dump.status == 2)
        #expect(dump.err.hasPrefix("receipt: --json: input.notFound"))
    }

    @Test func aMissingInputHasItsOwnJSONObject() throws {
        for command in ["verify", "entitlements"] {
            let run = runTool([command, "--json", Self.valid, "/nonexistent", Self.other])
            #expect(run.status == 2)
            #expect(run.lines.count == 3)
            let objects = try run.lines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
            #expect(objects.map { $0["file"] as? String } == [Self.valid, "/nonexistent", Self.other])
            #expect(objects.map { $0["valid"] as? Bool } == [true, false, true])
            let error = try #require(objects[1]["error"] as? [String: Any])
            #expect(error["code"] as? String == "input.notFound")
            #expect(error["step"] as? String == "input")
            #expect(error["message"] as? String == "no such file or directory")
            // The same members as the result of an invalid receipt, in the same order.
            let invalid = runTool([command, "--json", "--bundle-id", "other", Self.valid])
            #expect(Self.keys(run.lines[1]) == Self.keys(Substring(invalid.out.dropLast())))
        }
    }

    @Test func anUnreadableInputIsReportedWithItsReason() throws {
        // Reading /proc/self/mem from its start fails with EIO: a file that opens but cannot be read.
        let run = runTool(["verify", "/proc/self/mem", Self.valid])
        #expect(run.status == 2)
        #expect(run.lines.first == "/proc/self/mem: ERROR input.unreadable: input/output error")
        #expect(run.lines.count == 2)
    }

    @Test func anOversizedInputHasItsLineAndTheSameStatusInEveryCommand() throws {
        let large = try temporaryFile([UInt8](repeating: 0x30, count: maximumInputFileSize + 1))
        let verify = runTool(["verify", large, Self.valid])
        #expect(verify.status == 2)
        #expect(
            verify.lines.first
                == "\(large): ERROR input.tooLarge: larger than \(maximumInputFileSize) bytes, the most read"
        )
        for command in ["entitlements", "dump", "asn1", "cert", "fingerprint"] {
            let run = runTool([command, large])
            #expect(run.status == 2, "\(command)")
            #expect(run.out.contains("input.tooLarge") || run.err.contains("input.tooLarge"), "\(command)")
        }
        // At the limit the input is read, and then refused for what it is: base64 of more DER than is parsed.
        let atLimit = try temporaryFile([UInt8](repeating: 0x30, count: maximumInputFileSize))
        #expect(runTool(["verify", atLimit]).status == 1)
        let asn1 = runTool(["asn1", atLimit])
        #expect(asn1.status == 1)
        #expect(
            asn1.err.hasSuffix(
                ": offset 0: input of \(maximumInputFileSize / 4 * 3) bytes; at most 16777216 are parsed\n"
            )
        )
    }

    @Test func theSameConditionHasTheSameStatusInEveryCommand() throws {
        let commands: [[String]] = [
            ["verify"], ["entitlements"], ["dump"], ["asn1"], ["cert"], ["fingerprint"], ["digest"],
            ["verify", "--anchor", "/nonexistent", Self.valid],
        ]
        for command in commands {
            let arguments = command.count == 1 ? command + ["/nonexistent"] : command
            let run = runTool(arguments)
            #expect(run.status == 2, "\(command)")
            #expect((run.out + run.err).contains("input.notFound"), "\(command)")
        }
        let directory = try temporaryDirectory()
        for command in ["dump", "asn1", "cert", "fingerprint", "digest"] {
            let run = runTool([command, directory])
            #expect(run.status == 2, "\(command)")
            #expect((run.out + run.err).contains("input.isDirectory"), "\(command)")
        }
        let malformed = try temporaryFile([0x30, 0x03, 0x02, 0x01])
        for command in ["verify", "entitlements", "dump", "asn1", "cert", "fingerprint"] {
            #expect(runTool([command, malformed]).status == 1, "\(command)")
        }
    }

    @Test func digestPrintsALineForEveryInputInOrder() throws {
        let abc = try temporaryFile(Array("abc".utf8))
        let run = runTool(["digest", abc, "/nonexistent", try temporaryDirectory(), abc])
        #expect(run.status == 2)
        #expect(run.lines.count == 4)
        #expect(run.lines[1] == "input.notFound  /nonexistent")
        #expect(run.lines[2].hasPrefix("input.isDirectory  "))
        #expect(run.lines[3] == run.lines[0])
        #expect(run.err.hasSuffix("receipt: digest: 2 of 4 inputs could not be read\n"))
    }

    static func keys(_ line: Substring) -> [String] {
        // The members' names in order: JSONSerialization loses the order, so read them off the text.
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        return object.keys.sorted {
            (line.range(of: "\"\($0)\":")?.lowerBound ?? line.endIndex)
                < (line.range(of: "\"\($1)\":")?.lowerBound ?? line.endIndex)
        }
    }
}
