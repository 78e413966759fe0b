import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

/// `receipt verify` on StoreKit signed data: a JWS recognised by its form among receipts, in files and in
/// `--lines`, verified under the bundled Apple Root CA - G3 at its signedDate, with the caller's expectations.
@Suite struct VerifySignedDataTests {
    static let transaction = ProjectVectors.file("jws/apple-signed/gopay_transaction_2022-11-04_0cd9c84b.jws").path
    static let notification = ProjectVectors.file(
        "jws/apple-signed/gopay_notification-DID_RENEW_2022-03-04_9d61db45.jws"
    ).path

    @Test func aRealTransactionVerifiesAtItsSignedDateWithItsPayloadInJSON() throws {
        let run = runTool(["verify", "--json", "--bundle-id", "Com.VoiceRecording.Telephone", Self.transaction])
        #expect(run.status == 0)
        #expect(run.out.contains(#""valid":true,"error":null,"validation_time":"2022-11-04T11:01:25Z","chain":["#))
        #expect(run.out.contains(#""kind":"transaction","payload":{"transactionId":"2000000184445477""#))
    }

    @Test func aNotificationPrintsItsNestedDataVerified() throws {
        let run = runTool(["verify", Self.notification])
        #expect(run.status == 0)
        #expect(run.out.contains(": valid: notification com.audaos.audarecorder Sandbox with 2 nested, verified"))
    }

    @Test func aTransactionRefusedForAnotherBundleHasItsCode() throws {
        let run = runTool(["verify", "--json", "--bundle-id", "com.example.other", Self.transaction])
        #expect(run.status == 1)
        #expect(run.out.contains(#""code":"expectations.bundleIdMismatch","step":"expectations""#))
    }

    @Test func todayTheExpiredLeafIsRefusedAtTheChain() throws {
        let run = runTool(["verify", "--json", "--at", "2026-11-25T12:00:00Z", Self.transaction])
        #expect(run.status == 1)
        #expect(run.out.contains(#""code":"chain.expired","step":"chain""#))
    }

    @Test func aLookAlikeChainIsRefusedAndTheBatchGoesOn() throws {
        let forgery = ProjectVectors.file("jws/forgeries/trust-lookalike-chain.jws").path
        let receipt = ProjectVectors.file("receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der").path
        let run = runTool(["verify", "--json", forgery, receipt, Self.transaction])
        #expect(run.status == 1)
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""code":"chain.badSignature""#))
        #expect(lines[1].contains(#""valid":true"#) && lines[1].contains(#""receipt":{"#))
        #expect(lines[2].contains(#""valid":true"#) && lines[2].contains(#""kind":"transaction""#))
    }

    @Test func linesMixReceiptsAndSignedData() throws {
        var input = try ProjectVectors.bytes("jws/apple-signed/gopay_transaction_2022-11-04_0cd9c84b.jws")
        input += Array("\n".utf8)
        input += Array(try ProjectVectors.bytes("receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der").base64().utf8)
        input += Array("\n".utf8)
        let run = runTool(["verify", "--json", "--lines", "-"], stdin: input)
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"line":1,"valid":true"#) && lines[0].contains(#""kind":"transaction""#))
        #expect(lines[1].hasPrefix(#"{"line":2,"valid":true"#) && lines[1].contains(#""receipt":{"#))
    }

    @Test func aJWSWithAPartMissingIsRefusedAsSignedDataNotAsAReceipt() throws {
        let path = ProjectVectors.file("jws/negative/mimo-dotnet_missing-part.jws").path
        let run = runTool(["verify", "--json", path])
        #expect(run.status == 1)
        #expect(run.out.contains(#""code":"compactSerialization.partCount""#))
        // Padding in a part: refused as a JWS, at that part. Base64's alphabet: at the container, saying why.
        let padded = runTool([
            "verify", "--json", ProjectVectors.file("jws/forgeries/base64url-padded-signature.jws").path,
        ])
        #expect(padded.status == 1)
        #expect(padded.out.contains(#""code":"compactSerialization.invalidBase64URL""#), "\(padded.out)")
        let standard = runTool(["verify", ProjectVectors.file("jws/forgeries/base64url-standard-alphabet.jws").path])
        #expect(standard.status == 1)
        #expect(
            standard.out.contains(
                "INVALID container: text that is neither base64, PEM nor a StoreKit 2 JWS: "
                    + "it has a JWS's parts, but with base64's '+' or '/' where base64url has '-' and '_'"
            ),
            "\(standard.out)"
        )
    }

    @Test func theTestPKIIsTrustedOnlyAsAnAnchor() throws {
        let control = ProjectVectors.file("jws/forgeries/control-transaction.jws").path
        let anchor = ProjectVectors.file("jws/forgeries/pki/test-root.der").path
        #expect(runTool(["verify", control]).status == 1)
        #expect(runTool(["verify", "--anchor", anchor, control]).status == 0)
    }

    @Test func theAppAppleIDIsDecimalDigits() throws {
        for id in ["+5", "-5", "0", " 5", "5x", "9223372036854775808"] {
            let run = runTool(["verify", "--app-apple-id", id, Self.transaction])
            #expect(run.status == 2, "\(id)")
            #expect(run.err.contains("--app-apple-id takes a positive number"), "\(id)")
        }
    }

    /// --device-id is answered by receipts alone and --version by receipts and app transactions: a JWS of
    /// another kind verified under them is invalid at the expectations step, never valid with the check left
    /// undone.
    @Test func expectationsAJWSCannotAnswerMakeItInvalid() throws {
        for (arguments, field, answered) in [
            (["--version", "1"], "applicationVersion", "--version applies to receipts and app transactions only"),
            (["--device-id", "00:11:22:33:44:55"], "deviceId", "--device-id applies to receipts only"),
            (
                ["--version", "1", "--device-id", "00:11:22:33:44:55"], "applicationVersion",
                "--version applies to receipts and app transactions only"
            ),
        ] {
            let run = runTool(["verify", "--json", Self.transaction] + arguments)
            #expect(run.status == 1, "\(arguments)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            let error = try #require(object["error"] as? [String: Any])
            #expect(error["code"] as? String == "expectations.kindMismatch", "\(arguments)")
            #expect(
                error["message"] as? String
                    == "expectations: \(field): \(answered), not to StoreKit 2 data of kind transaction",
                "\(error)"
            )
        }
        // A forgery still fails at its own step first.
        let forged = ProjectVectors.file("jws/forgeries/signature-payload-byte-changed.jws").path
        let anchor = ProjectVectors.file("jws/forgeries/pki/test-root.der").path
        #expect(runTool(["verify", "--anchor", anchor, forged, "--version", "1"]).out.contains("INVALID signature"))
    }

    /// An app transaction carries the app's version: --version is compared with its applicationVersion, as with
    /// a receipt's application_version; --device-id still makes it invalid.
    @Test func anAppTransactionAnswersVersion() throws {
        let anchor = ProjectVectors.file("jws/forgeries/pki/test-root.der").path
        let app = ProjectVectors.file("jws/forgeries/control-app-transaction.jws").path
        let same = runTool(["verify", "--anchor", anchor, "--version", "3", app])
        #expect(same.status == 0, "\(same.out)")
        #expect(same.out.contains(": valid: appTransaction com.example.pure-receipt Sandbox"))
        let other = runTool(["verify", "--json", "--anchor", anchor, "--version", "3.0", app])
        #expect(other.status == 1)
        #expect(other.out.contains(#""code":"expectations.applicationVersionMismatch","step":"expectations""#))
        #expect(other.out.contains("expectations: applicationVersion: application version 3, expected 3.0"))
        let device = runTool(["verify", "--anchor", anchor, "--version", "3", "--device-id", "00:11:22:33:44:55", app])
        #expect(device.status == 1)
        #expect(
            device.out.contains("--device-id applies to receipts only, not to StoreKit 2 data of kind appTransaction")
        )
    }

    /// A JWS line of --lines with whitespace around it is a JWS, as a file with the same text is.
    @Test func aJWSLineIsRecognisedWithWhitespaceAroundIt() throws {
        let text = try String(contentsOfFile: Self.transaction, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for line in [" \(text)", "\(text) ", "\t\(text)\r"] {
            let run = runTool(["verify", "--lines", "-"], stdin: Array((line + "\n").utf8))
            #expect(run.status == 0, "\(run.out)")
            #expect(run.out.hasPrefix("line 1: valid: transaction "))
        }
    }

    /// Data signed by Xcode's StoreKit testing (`x5c` of one certificate) verifies when that certificate is an
    /// `--anchor`, and only then: without it the count is refused, and a one-certificate `x5c` whose certificate
    /// merely chains to an anchor is refused at the chain.
    @Test func xcodeDataVerifiesWhenItsCertificateIsAnAnchor() throws {
        let sample = ProjectVectors.file("jws/xcode/xcode-signed-transaction.jws").path
        let other = ProjectVectors.file("jws/xcode/verify-storekit2-nodejs_xcode-signed-transaction_2024-12-11.jws")
            .path
        let certificate = try temporaryFile(try Self.firstCertificate(ofJWSAt: sample), name: "xcode.cer")

        let trusted = runTool(["verify", "--anchor", certificate, sample])
        #expect(trusted.status == 0, "\(trusted.out)")
        #expect(trusted.out.contains(": valid: transaction com.example.naturelab.backyardbirds.example Xcode, "))
        #expect(trusted.out.contains("signed by StoreKit Testing in Xcode, at 2023-10-19T01:45:36Z"))

        let untrusted = runTool(["verify", "--json", sample])
        #expect(untrusted.status == 1)
        #expect(untrusted.out.contains(#""code":"header.certificateCount""#))
        #expect(untrusted.out.contains("certificate count 1, expected 3"))

        // Another Xcode certificate, of the same name, is not the one trusted.
        let another = runTool(["verify", "--json", "--anchor", certificate, other])
        #expect(another.status == 1)
        #expect(another.out.contains(#""code":"chain.noPath""#), "\(another.out)")
        #expect(another.out.contains("the one certificate of x5c (Xcode's layout) is not an --anchor"))

        // A test PKI's leaf alone, its root trusted: the root is an issuer, not the named signer.
        let root = ProjectVectors.file("jws/forgeries/pki/test-root.der").path
        let alone = ProjectVectors.file("jws/forgeries/shape-x5c-leaf-alone.jws").path
        let refused = runTool(["verify", "--json", "--anchor", root, alone])
        #expect(refused.status == 1)
        #expect(refused.out.contains(#""code":"chain.noPath""#))
        let leaf = ProjectVectors.file("jws/forgeries/pki/test-leaf.der").path
        #expect(runTool(["verify", "--anchor", leaf, alone]).status == 0)

        // Neither layout takes two certificates: the error is Apple's layout's.
        let two = ProjectVectors.file("jws/forgeries/shape-x5c-two.jws").path
        let counted = runTool(["verify", "--anchor", root, two])
        #expect(counted.status == 1)
        #expect(counted.out.contains("INVALID header: x5c: certificate count 2, expected 3"))
    }

    /// A certificate without a common name (Apple's library mocks' root) is named by its whole subject in the text
    /// result's chain, not by a "?".
    @Test func aChainCertificateWithoutCommonNameIsNamedByItsSubject() throws {
        let anchor = ProjectVectors.file("jws/apple-library-mocks/testCA.der").path
        let mock = ProjectVectors.file("jws/apple-library-mocks/testNotification.jws").path
        let run = runTool(["verify", "--anchor", anchor, mock])
        #expect(run.status == 0, "\(run.out)")
        #expect(
            run.out.contains(
                "signed by C=US, ST=California, L=Cupertino, O=Leaf ← C=US, ST=California, L=Cupertino, "
                    + "O=Intermediate ← C=US, ST=California, L=Cupertino, at "
            ),
            "\(run.out)"
        )
    }

    /// The DER of the first `x5c` certificate of the JWS at `path`, read without the library.
    static func firstCertificate(ofJWSAt path: String) throws -> [UInt8] {
        let text = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        var header = String(try #require(text.split(separator: ".").first))
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        header += String(repeating: "=", count: (4 - header.count % 4) % 4)
        let json = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: header)))
        let x5c = try #require((json as? [String: Any])?["x5c"] as? [String])
        let first = try #require(x5c.first)
        return [UInt8](try #require(Data(base64Encoded: first)))
    }

    @Test func productionWithoutTheAppAppleIDIsAUsageError() throws {
        let run = runTool(["verify", "--environment", "Production", Self.transaction])
        #expect(run.status == 2)
        #expect(run.err.contains("--environment Production needs --app-apple-id"))
    }
}

extension [UInt8] {
    fileprivate func base64() -> String { Data(self).base64EncodedString() }
}
