import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

/// Issue 25, defect 3: output that cannot be written is an I/O error (a message on standard error, exit 2) in every
/// command, never a silent success.
@Suite struct WriteErrorTests {
    static let receipt = ProjectVectors.file("receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der").path
    static let root = ProjectVectors.file("certs/apple-roots/AppleIncRootCertificate.cer").path

    /// One invocation of every command that prints to standard output.
    static let commands: [[String]] = [
        ["verify", receipt], ["verify", "--json", receipt], ["entitlements", receipt], ["dump", receipt],
        ["dump", "--json", receipt], ["asn1", receipt], ["digest", receipt], ["fingerprint", root], ["cert", root],
        ["cert", "--json", root], ["--help"],
    ]

    @Test func everyCommandFailsWithStatusTwoWhenStandardOutputFails() {
        for arguments in Self.commands {
            let run = runTool(arguments, outputFails: "no space left on device")
            #expect(run.status == 2, "\(arguments)")
            #expect(
                run.err == "receipt: standard output: output.writeFailed: no space left on device\n",
                "\(arguments)"
            )
        }
    }

    @Test func aFullDeviceIsAnIOErrorForTheBuiltTool() throws {
        for arguments in Self.commands {
            let command = arguments.map(BuiltTool.quoted).joined(separator: " ")
            let run = try BuiltTool.shell("\"$RECEIPT\" \(command) >/dev/full")
            #expect(run.status == 2, "\(arguments)")
            #expect(
                run.err == "receipt: standard output: output.writeFailed: no space left on device\n",
                "\(arguments)"
            )
        }
    }

    @Test func aClosedStandardOutputIsAnIOError() throws {
        for arguments in [["verify", Self.receipt], ["digest", Self.receipt], ["asn1", Self.receipt]] {
            let command = arguments.map(BuiltTool.quoted).joined(separator: " ")
            let run = try BuiltTool.shell("\"$RECEIPT\" \(command) >&-")
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err == "receipt: standard output: output.writeFailed: bad file descriptor\n", "\(arguments)")
        }
    }

    @Test func aPipeClosedByItsReaderIsAnIOErrorNotASignal() throws {
        for arguments in [["verify", "--jobs", "2", Self.receipt, Self.receipt], ["digest", Self.receipt]] {
            // The pipe's only reading end is closed before the tool starts: its first write fails with EPIPE.
            let output = Pipe()
            try output.fileHandleForReading.close()
            let error = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try BuiltTool.path())
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "\(arguments)")
            #expect(process.terminationStatus == 2, "\(arguments)")
            #expect(message == "receipt: standard output: output.writeFailed: broken pipe\n", "\(arguments)")
        }
    }

    @Test func aStandardErrorThatCannotBeWrittenStillEndsWithStatusTwo() throws {
        let invalid = try temporaryFile([0x30, 0x00])
        let run = try BuiltTool.shell("\"$RECEIPT\" verify \(BuiltTool.quoted(invalid)) 2>/dev/full")
        #expect(run.status == 2)
        #expect(run.outText.contains("INVALID container"))
    }
}
