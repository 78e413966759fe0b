import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

/// Issue 25, defect 7 (the tool's part): a PEM bundle is every certificate in it, for `fingerprint` and `--anchor`.
@Suite struct CertificateBundleTests {
    static func pem(_ relativePath: String) throws -> String {
        let base64 = Data(try ProjectVectors.bytes(relativePath))
            .base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
    }

    @Test func fingerprintPrintsEveryCertificateOfABundleInOrder() throws {
        let run = runTool(["fingerprint", ProjectVectors.file("repro/two-certs.pem").path])
        #expect(run.status == 0)
        #expect(
            run.out == """
                SHA1 Fingerprint=61:1E:5B:66:2C:59:3A:08:FF:58:D1:4A:E2:24:52:D1:98:DF:6C:60
                SHA256 Fingerprint=B0:B1:73:0E:CB:C7:FF:45:05:14:2C:49:F1:29:5E:6E:DA:6B:CA:ED:7E:2C:\
                68:C5:BE:91:B5:A1:10:01:F0:24

                SHA1 Fingerprint=FF:18:CC:A9:30:37:FA:C5:B8:A4:AA:92:46:94:FC:43:D7:84:77:99
                SHA256 Fingerprint=53:FD:00:82:78:E5:A5:95:FE:1E:90:8A:E9:C5:E5:67:5F:26:24:32:64:A5:A6:43:\
                8C:02:3E:3C:E2:87:07:60

                """
        )
    }

    @Test func aBundleWithSomethingElseInItIsRefusedNamingTheBlock() throws {
        let bundle =
            try Self.pem("certs/apple-roots/AppleIncRootCertificate.cer")
            + "-----BEGIN PUBLIC KEY-----\nMAA=\n-----END PUBLIC KEY-----\n"
        let run = runTool(["fingerprint", "-"], stdin: Array(bundle.utf8))
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix("receipt: - (certificate 2 of 2): "))
        let unterminated =
            try Self.pem("certs/apple-roots/AppleIncRootCertificate.cer") + "-----BEGIN CERTIFICATE-----\nMAA=\n"
        let open = runTool(["fingerprint", "-"], stdin: Array(unterminated.utf8))
        #expect(open.status == 1)
        #expect(open.err == "receipt: -: PEM block 'CERTIFICATE' has no END line\n")
    }

    /// Text before the first block is explanatory text as well (RFC 7468 §2), such as the attributes `openssl
    /// pkcs12` writes above each certificate; binary input is never taken for it.
    @Test func textBeforeTheFirstBlockIsIgnored() throws {
        let root = try Self.pem("certs/apple-roots/AppleIncRootCertificate.cer")
        let storeKit = try Self.pem("certs/storekit/StoreKitTestCertificate.cer")
        let bagAttributes = "Bag Attributes\r\n    friendlyName: Apple Root CA\r\nsubject=/C=US/O=Apple Inc.\r\n"
        let run = runTool(["fingerprint", "-"], stdin: Array((bagAttributes + root + "hello\n" + storeKit).utf8))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == runTool(["fingerprint", "-"], stdin: Array((root + storeKit).utf8)).out)
        #expect(run.out.components(separatedBy: "SHA256 Fingerprint=").count == 3)
        // Not text before the block: not a bundle, and refused as what it is.
        let binary = [UInt8]([0x30, 0x82, 0x01, 0x00]) + Array(("\n" + root).utf8)
        let refused = runTool(["fingerprint", "-"], stdin: binary)
        #expect(refused.status == 1)
        #expect(refused.err.contains("not a DER certificate"))
        // A BEGIN inside a line of text is not a block's start.
        let inline = runTool(["fingerprint", "-"], stdin: Array(("see " + root).utf8))
        #expect(inline.status == 1)
    }

    @Test func everyCertificateOfAnAnchorBundleIsAnAnchor() throws {
        // The Apple root first, the StoreKit test certificate second: each receipt needs its own.
        let bundle = try temporaryFile(
            Array(
                (try Self.pem("certs/apple-roots/AppleIncRootCertificate.cer")
                    + "explanatory text between blocks is ignored\n"
                    + (try Self.pem("certs/storekit/StoreKitTestCertificate.cer"))).utf8
            )
        )
        let appStore = ProjectVectors.file("receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der").path
        let xcode = try ProjectVectors.files(in: "receipts/xcode", suffix: ".der").map(\.path)
        let run = runTool(["verify", "--anchor", bundle, appStore] + xcode)
        #expect(run.status == 0, "\(run.out)")
        #expect(run.lines.count == 1 + xcode.count)
    }
}
