import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

@Suite struct CertificateCommandTests {
    private static let appleRoot = "certs/apple-roots/AppleIncRootCertificate.cer"

    @Test func printsTheAppleRoot() throws {
        let run = runTool(["cert", ProjectVectors.file(Self.appleRoot).path])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("subject: C=US, O=Apple Inc., OU=Apple Certification Authority, CN=Apple Root CA\n"))
        #expect(run.out.contains("notBefore: 2006-04-25T21:40:36Z\nnotAfter: 2035-02-09T21:40:36Z\n"))
        #expect(run.out.contains("publicKey:\n  type: RSA\n  bits: 2048\n"))
        #expect(run.out.contains("signatureAlgorithm: sha1WithRSAEncryption\n"))
        #expect(run.out.contains("  - oid: 2.5.29.19\n    name: basicConstraints\n    critical: yes\n    ca: yes\n"))
        #expect(
            run.out.hasSuffix(
                "sha256Fingerprint: B0B1730ECBC7FF4505142C49F1295E6EDA6BCAED7E2C68C5BE91B5A11001F024\n"
            )
        )
    }

    @Test func printsJSON() throws {
        let run = runTool(["cert", "--json", ProjectVectors.file(Self.appleRoot).path])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["serial"] as? String == "02")
        #expect((object["publicKey"] as? [String: Any])?["bits"] as? Int == 2048)
        let extensions = try #require(object["extensions"] as? [[String: Any]])
        #expect(
            extensions.first { $0["name"] as? String == "keyUsage" }?["usages"] as? [String] == [
                "keyCertSign", "cRLSign",
            ]
        )
    }

    /// A PEM bundle, explanatory text before its first block, gives every certificate, as fingerprint reads it.
    @Test func printsEachCertificateOfABundle() throws {
        let pem = try ["certs/apple-roots/AppleRootCA-G3.cer", Self.appleRoot].map { path in
            let base64 = Data(try ProjectVectors.bytes(path)).base64EncodedString()
            return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
        }.joined()
        let path = try temporaryFile(Array(("Bag Attributes\n    friendlyName: Café\n" + pem).utf8))
        let text = runTool(["cert", path])
        #expect(text.status == 0, "\(text.err)")
        #expect(
            text.out.hasPrefix("subject: CN=Apple Root CA - G3, OU=Apple Certification Authority, O=Apple Inc., C=US\n")
        )
        #expect(
            text.out.contains("\n\nsubject: C=US, O=Apple Inc., OU=Apple Certification Authority, CN=Apple Root CA\n")
        )
        let json = runTool(["cert", "--json", path])
        #expect(json.out.split(separator: "\n").count == 2)
    }

    @Test func refusesWhatIsNotACertificate() throws {
        let run = runTool(["cert", try temporaryFile([0x30, 0x03, 0x02, 0x01, 0x01])])
        #expect(run.status == 1)
        #expect(run.err.contains("not a DER certificate"))
        #expect(runTool(["cert"]).status == 2)
    }
}
