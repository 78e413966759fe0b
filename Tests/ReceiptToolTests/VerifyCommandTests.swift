import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

@Suite struct VerifyCommandTests {
    static func paths(_ folder: String) throws -> [String] {
        try ProjectVectors.files(in: folder, suffix: ".der").map(\.path)
    }

    static let g5Receipt = "receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der"

    @Test func everyAppStoreReceiptVerifiesInParallelInInputOrder() throws {
        let paths = try Self.paths("receipts/apple")
        #expect(paths.count == 22)
        Self.expectValidInInputOrder(paths)
    }

    @Test(.needsOptionalVectors) func theOptionalReceiptVerifiesAmongTheOthers() throws {
        let paths =
            try Self.paths("receipts/apple")
            + OptionalVectors.appStoreReceiptPaths.map {
                OptionalVectors.file($0).path
            }
        Self.expectValidInInputOrder(paths)
    }

    static func expectValidInInputOrder(_ paths: [String]) {
        let run = runTool(["verify"] + paths)
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == paths.count)
        for (line, path) in zip(lines, paths) {
            #expect(line.hasPrefix("\(path): valid: "))
        }
        #expect(runTool(["verify", "--jobs", "1"] + paths).out == run.out)
    }

    @Test func validatingAtNowFailsTheChainWithExitStatusOne() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        let run = runTool(["verify", "--at", "now", path])
        #expect(run.status == 1)
        #expect(run.out.hasPrefix("\(path): INVALID chain: "))
        #expect(run.out.contains("expired at 2026-08-23T14:50:02Z"))
        let atCreation = runTool(["verify", "--at", "2025-12-26T18:39:47Z", path])
        #expect(atCreation.status == 0)
    }

    @Test func jsonOutputHasTheDocumentedKeys() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        let run = runTool(["verify", "--json", path, "--bundle-id", "dev.bonzer.weeka.app", "--version", "2"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["file"] as? String == path)
        #expect(object["valid"] as? Bool == true)
        #expect(object["error"] is NSNull)
        #expect(object["validation_time"] as? String == "2025-12-26T18:39:47Z")
        let chain = try #require(object["chain"] as? [[String: Any]])
        #expect(chain.count == 3)
        #expect(chain[0]["key"] as? String == "RSA-2048")
        let receipt = try #require(object["receipt"] as? [String: Any])
        #expect(receipt["bundle_id"] as? String == "dev.bonzer.weeka.app")
        #expect(receipt["age_rating"] as? String == "4+")
        let inApp = try #require(receipt["in_app"] as? [[String: Any]])
        #expect(inApp.count == 2)
        #expect(inApp[0]["cancellation_date"] is NSNull)
        #expect(inApp[0]["expires_date"] as? String == "2025-12-26T18:19:07Z")

        let wrong = runTool(["verify", "--json", "--bundle-id", "com.example.other", path])
        #expect(wrong.status == 1)
        let failure = try #require(try JSONSerialization.jsonObject(with: Data(wrong.out.utf8)) as? [String: Any])
        #expect(failure["valid"] as? Bool == false)
        let error = try #require(failure["error"] as? [String: Any])
        #expect(error["step"] as? String == "bundleIdentifier")
        #expect(error["code"] as? String == "bundleIdentifier")
    }

    @Test func theDeviceIdentifierIsCheckedWhenGiven() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        #expect(runTool(["verify", "--device-id", "956328D9-CC6A-47F4-BE40-6953FB0AB6C7", path]).status == 0)
        let wrong = runTool(["verify", "--device-id", "00000000-0000-0000-0000-000000000000", path])
        #expect(wrong.status == 1)
        #expect(wrong.out.contains("INVALID deviceHash"))
        #expect(runTool(["verify", "--device-id", "xyz", path]).status == 2)
    }

    /// --environment and --app-apple-id hold receipts to their type and app item ID, as they hold StoreKit 2 data:
    /// a Production receipt passes with its own, and fails at the step of each with another (sandbox receipts are
    /// `ProductionSandbox`).
    @Test func theEnvironmentAndTheAppAppleIDAreCheckedOfReceipts() throws {
        let production = ProjectVectors.file("receipts/apple/TPInAppReceipt_receipt-production.der").path
        let own = runTool(["verify", "--environment", "Production", "--app-apple-id", "690661663", production])
        #expect(own.status == 0, "\(own.out)")
        let otherApp = runTool(["verify", "--environment", "Production", "--app-apple-id", "1", "--json", production])
        #expect(otherApp.status == 1)
        let error = try #require(
            (try JSONSerialization.jsonObject(with: Data(otherApp.out.utf8)) as? [String: Any])?["error"]
                as? [String: Any]
        )
        #expect(error["code"] as? String == "appItemIdentifier")
        #expect(error["message"] as? String == "appItemIdentifier: the app item identifier is not the expected one")
        let sandbox = runTool(["verify", "--environment", "Sandbox", production])
        #expect(sandbox.status == 1)
        #expect(sandbox.out.contains("INVALID receiptType: receipt type Production, expected ProductionSandbox"))
        let g5 = ProjectVectors.file(Self.g5Receipt).path
        #expect(runTool(["verify", "--environment", "Sandbox", "--app-apple-id", "1", g5]).status == 0)
        #expect(runTool(["verify", "--environment", "Xcode", g5]).out.contains("INVALID receiptType"))
    }

    @Test func aDeviceIdentifierIsAUUIDOrAMACAddress() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        for device in ["00:11:22:33:44", "00112233445566", "0011223344556677", "956328D9-CC6A-47F4-BE40-6953FB0AB6"] {
            let run = runTool(["verify", "--device-id", device, path])
            #expect(run.status == 2, "\(device)")
            #expect(run.err.contains("--device-id takes a UUID (16 bytes) or a MAC address (6 bytes)"), "\(device)")
        }
        let mac = runTool(["verify", "--device-id", "00:11:22:33:44:55", path])
        #expect(mac.status == 1)
        #expect(mac.out.contains("INVALID deviceHash"))
    }

    @Test func standardInputIsReadOnce() throws {
        let anchor = ProjectVectors.file("certs/storekit/StoreKitTestCertificate.cer").path
        let receipt = try ProjectVectors.bytes(Self.g5Receipt)
        for arguments in [["-", "-"], ["-", "--anchor", "-"], ["--lines", "-", "--anchor", "-"]] {
            let run = runTool(["verify"] + arguments, stdin: receipt)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.contains("standard input (-) can be read only once"), "\(arguments)")
        }
        // Once is fine: here the receipt is read and fails at the chain under the StoreKit certificate.
        #expect(runTool(["verify", "--anchor", anchor, "-"], stdin: receipt).out.contains("INVALID chain"))
    }

    @Test func nothingToVerifyIsNotSuccess() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        for arguments in [[empty.path], ["--recursive", empty.path], ["--lines", "-"]] {
            let run = runTool(["verify"] + arguments, stdin: Array(" \n\n".utf8))
            #expect(run.status == 2, "\(arguments)")
            #expect(run.out.isEmpty)
            #expect(run.err.contains("verify: no inputs"), "\(arguments)")
        }
    }

    @Test func xcodeReceiptsNeedTheirStoreKitCertificateAsAnchor() throws {
        let paths = try Self.paths("receipts/xcode")
        let untrusted = runTool(["verify"] + paths)
        #expect(untrusted.status == 1)
        #expect(untrusted.out.split(separator: "\n").allSatisfy { $0.contains("INVALID chain") })
        let storeKit = ProjectVectors.file("certs/storekit/StoreKitTestCertificate.cer").path
        #expect(runTool(["verify", "--anchor", storeKit] + paths).status == 0)
    }

    @Test func inputsThatAreNotReceiptsFailAtTheContainer() throws {
        for path in try ProjectVectors.files(in: "receipts/not-pkcs7", suffix: "").map(\.path)
        where !path.hasSuffix(".json") {
            let run = runTool(["verify", path])
            #expect(run.status == 1, "\(path)")
            #expect(run.out.contains("INVALID container"), "\(run.out)")
        }
        #expect(runTool(["verify", "/nonexistent/receipt"]).status == 2)
        #expect(runTool(["verify"]).status == 2)
    }

    /// Text that decodes as no form the tool reads is invalid at the container, as before, with a reason that
    /// says what the text looks like rather than what the DER reader made of its first byte.
    @Test func textThatIsNotAReceiptSaysWhatItLooksLike() throws {
        let base64 = Data(try ProjectVectors.bytes(Self.g5Receipt)).base64EncodedString()
        let jws = try String(contentsOfFile: VerifySignedDataTests.transaction, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let lead = "INVALID container: text that is neither base64, PEM nor a StoreKit 2 JWS"
        let unpadded = base64.replacingOccurrences(of: "=", with: "")
        for (text, expected) in [
            ("", "INVALID container: the input is empty"),
            (" \n\t", "INVALID container: the input holds only whitespace"),
            (#"{"receipt-data":"\#(base64)"}"#, "\(lead): it looks like JSON; pass a receipt's base64"),
            ("\"\(jws)\"", "\(lead): it is quoted; pass the text between the quotes"),
            (
                base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"),
                "\(lead): it uses base64url's '-' and '_', where a receipt's base64 has '+' and '/'"
            ),
            (
                unpadded,
                "\(lead): \(unpadded.count) base64 characters, not a multiple of 4"
            ),
            ("hello world", "\(lead)\n"),
        ] {
            let path = try temporaryFile(Array(text.utf8))
            let run = runTool(["verify", path])
            #expect(run.status == 1, "\(text.prefix(20))")
            #expect(run.out.contains(expected), "\(run.out)")
            let json = runTool(["verify", "--json", path])
            #expect(json.out.contains(#""code":"container.malformed","step":"container""#), "\(json.out)")
        }
        // Base64 that decodes to text: Apple's pre-StoreKit transaction receipt (a mock of its library's), and any.
        let legacy = ProjectVectors.file("jws/apple-library-mocks/legacyTransaction.jws").path
        let legacyRun = runTool(["verify", "--json", legacy])
        #expect(legacyRun.status == 1)
        #expect(legacyRun.out.contains(#""code":"container.malformed""#))
        #expect(legacyRun.out.contains("base64 of an iOS 6 transaction receipt (a property list with purchase-info)"))
        let words = runTool(["verify", "--lines", "-"], stdin: Array("aGVsbG8gd29ybGQK\n".utf8))
        #expect(words.out == "line 1: INVALID container: base64 of text, not of a receipt's DER\n")
        // UTF-16 (Windows PowerShell 5), UTF-8 beyond ASCII, curly quotes, base64 with a dot.
        let utf16: [UInt8] = [0xFF, 0xFE] + base64.utf8.flatMap { [$0, 0] as [UInt8] }
        let others: [([UInt8], String)] = [
            (utf16, "INVALID container: UTF-16 text"),
            (Array("héllo wörld 日本語".utf8), "\(lead)\n"),
            (Array("“\(jws)”".utf8), "\(lead): it is quoted"),
            (Array((base64 + ".").utf8), "\(lead): base64 with a '.' in it, which a receipt's base64 never holds"),
        ]
        for (bytes, expected) in others {
            let run = runTool(["verify", try temporaryFile(bytes)])
            #expect(run.status == 1)
            #expect(run.out.contains(expected), "\(run.out)")
        }
        // PEM after explanatory text (RFC 7468 §2) is a receipt.
        let receipt = try ProjectVectors.bytes(Self.g5Receipt)
        let explained =
            "Receipt of the café's app\n-----BEGIN PKCS7-----\n\(Data(receipt).base64EncodedString())\n"
            + "-----END PKCS7-----\n"
        #expect(runTool(["verify", try temporaryFile(Array(explained.utf8))]).status == 0)
        // entitlements reads receipts only, and says so of a JWS.
        let entitlements = runTool(["entitlements", VerifySignedDataTests.transaction])
        #expect(entitlements.status == 1)
        #expect(
            entitlements.out.contains(
                "INVALID container: StoreKit 2 signed data (a JWS), where entitlements "
                    + "reads App Store receipts: receipt verify verifies a JWS"
            )
        )
        // dump says the same; a PEM block without its END line is named.
        let json = try temporaryFile(Array(#"{"signedPayload":"x"}"#.utf8))
        let dump = runTool(["dump", json])
        #expect(dump.status == 1)
        #expect(dump.err.contains("text that is neither base64, PEM nor a StoreKit 2 JWS: it looks like JSON"))
        let pem = try temporaryFile(Array("-----BEGIN PKCS7-----\nMIIB\n".utf8))
        #expect(runTool(["verify", pem]).out.contains("INVALID container: PEM block 'PKCS7' has no END line"))
        // A line of --lines too; binary bytes still get the DER reader's offset.
        let lines = runTool(["verify", "--lines", "-"], stdin: Array("{\"a\":1}\n".utf8))
        #expect(lines.out.contains("line 1: \(lead): it looks like JSON"), "\(lines.out)")
        let binary = try temporaryFile([0x01, 0x02, 0xFF])
        #expect(runTool(["verify", binary]).out.contains("not a PKCS#7 SignedData: offset 0"))
    }

    /// A UTF-8 byte order mark before text (Windows editors, PowerShell) is not part of the input: base64, a JWS,
    /// the first line of --lines, and dump's and --anchor's inputs read as without it.
    @Test func aByteOrderMarkBeforeTextIsDropped() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let base64 = Array(Data(try ProjectVectors.bytes(Self.g5Receipt)).base64EncodedString().utf8)
        let jws = try ProjectVectors.bytes("jws/apple-signed/gopay_transaction_2022-11-04_0cd9c84b.jws")
        let receiptFile = try temporaryFile(mark + base64)
        let jwsFile = try temporaryFile(mark + jws)
        let run = runTool(["verify", receiptFile, jwsFile])
        #expect(run.status == 0, "\(run.out)")
        #expect(run.out.contains(": valid: dev.bonzer.weeka.app 2, 2 in-app purchases"))
        #expect(run.out.contains(": valid: transaction Com.VoiceRecording.Telephone Sandbox"))
        let lines = runTool(["verify", "--lines", "-"], stdin: mark + base64 + [0x0A] + jws)
        #expect(lines.status == 0, "\(lines.out)")
        // A first line of the mark and whitespace alone is skipped, as a line of whitespace is.
        let skipped = runTool(["verify", "--lines", "-"], stdin: mark + Array("  \r\n".utf8) + base64 + [0x0A])
        #expect(skipped.status == 0, "\(skipped.out)")
        #expect(skipped.out.hasPrefix("line 2: valid: "))
        // Before bytes that are not text the mark is kept: DER after it is no longer DER at offset 0.
        let der = try temporaryFile(mark + (try ProjectVectors.bytes(Self.g5Receipt)))
        #expect(runTool(["verify", der]).out.contains("INVALID container: not a PKCS#7 SignedData: offset 0"))
        #expect(runTool(["dump", receiptFile]).status == 0)
        let root = try ProjectVectors.bytes("certs/apple-roots/AppleIncRootCertificate.cer")
        let pem = "-----BEGIN CERTIFICATE-----\n\(Data(root).base64EncodedString())\n-----END CERTIFICATE-----\n"
        let anchor = try temporaryFile(mark + Array(pem.utf8))
        #expect(runTool(["verify", "--anchor", anchor, ProjectVectors.file(Self.g5Receipt).path]).status == 0)
    }

    /// An option of one value given twice, and an environment Apple does not name, are usage errors: the batch
    /// would otherwise be checked against a value the user may not have meant.
    @Test func ambiguousExpectationsAreUsageErrors() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        for (arguments, message) in [
            (["--bundle-id", "a", "--bundle-id", "dev.bonzer.weeka.app"], "verify: --bundle-id is given once"),
            (["--version", "1", "--version", "2"], "verify: --version is given once"),
            (["--at", "now", "--at", "now"], "verify: --at is given once"),
            (["--jobs", "1", "--jobs", "2"], "verify: --jobs is given once"),
            (["--environment", "sandbox"], "verify: --environment takes Production, Sandbox, Xcode or LocalTesting"),
        ] {
            let run = runTool(["verify"] + arguments + [path])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.contains(message), "\(run.err)")
            #expect(run.out.isEmpty)
        }
        let entitlements = runTool(["entitlements", "--at", "now", "--at", "now", path])
        #expect(entitlements.status == 2)
        #expect(entitlements.err.contains("entitlements: --at is given once"))
        let digest = runTool(["digest", "-a", "sha1", "-a", "sha256", path])
        #expect(digest.status == 2)
        #expect(digest.err.contains("digest: -a is given once"))
        // --anchor adds an anchor each time.
        let root = ProjectVectors.file("certs/apple-roots/AppleIncRootCertificate.cer").path
        #expect(runTool(["verify", "--anchor", root, "--anchor", root, path]).status == 0)
        #expect(runTool(["verify", "--environment", "Sandbox", path]).status == 0)
    }

    @Test func dumpShowsEverythingMarkedUnverified() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        let text = runTool(["dump", path])
        #expect(text.status == 0)
        #expect(text.out.hasPrefix("UNVERIFIED: "))
        #expect(text.out.contains("  bundle_id: dev.bonzer.weeka.app\n"))
        let json = runTool(["dump", "--json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["verified"] as? Bool == false)
        #expect((object["certificates"] as? [Any])?.count == 3)
    }
}
