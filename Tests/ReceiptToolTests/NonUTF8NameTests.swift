import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, defect 5: a file name that is not UTF-8 opens as the bytes given and prints escaped.
@Suite struct NonUTF8NameTests {
    static let receipt = "receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der"
    /// `\xff\xfe.der`: two bytes that begin no UTF-8 character.
    static let name: [UInt8] = [0xFF, 0xFE] + Array(".der".utf8)

    /// A new directory holding the G5 receipt under ``name``, and that file's path as bytes.
    static func directoryWithReceipt() throws -> (directory: String, path: [UInt8]) {
        let directory = try temporaryDirectory()
        let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name
        let bytes = try ProjectVectors.bytes(receipt)
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        return (directory, path)
    }

    @Test func aNameThatIsNotUTF8OpensAndPrintsEscaped() throws {
        let (directory, path) = try Self.directoryWithReceipt()
        let shown = "\(directory)/\\x{ff}\\x{fe}.der"
        let verify = runTool(bytes: [Array("verify".utf8), path])
        #expect(verify.status == 0, "\(verify.out)")
        #expect(verify.out.hasPrefix("\(shown): valid: "))
        let json = runTool(bytes: [Array("verify".utf8), Array("--json".utf8), path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["file"] as? String == shown)
        let digest = runTool(bytes: [Array("digest".utf8), path])
        #expect(digest.status == 0)
        #expect(digest.out.hasSuffix("  \(shown)\n"))
        #expect(runTool(bytes: [Array("asn1".utf8), path]).status == 0)
        #expect(runTool(bytes: [Array("dump".utf8), path]).status == 0)
        // Found in a directory, the name is the same bytes.
        let walked = runTool(["verify", directory])
        #expect(walked.status == 0)
        #expect(walked.out.hasPrefix("\(shown): valid: "))
    }

    @Test func theBuiltToolTakesItsArgumentsAsBytes() throws {
        let (directory, _) = try Self.directoryWithReceipt()
        // printf makes the name's bytes inside the shell; the tool receives them unchanged in argv.
        let file = "\"$(printf '%s/\\377\\376.der' \(BuiltTool.quoted(directory)))\""
        let verify = try BuiltTool.shell("\"$RECEIPT\" verify \(file)")
        #expect(verify.status == 0, "\(verify.err)")
        #expect(verify.outText.hasPrefix("\(directory)/\\x{ff}\\x{fe}.der: valid: "))
        let missing = try BuiltTool.shell("\"$RECEIPT\" asn1 \"$(printf '/nonexistent/\\377\\033[2J')\"")
        #expect(missing.status == 2)
        #expect(missing.err == "receipt: /nonexistent/\\x{ff}\\u{1b}[2J: input.notFound: no such file or directory\n")
    }
}
