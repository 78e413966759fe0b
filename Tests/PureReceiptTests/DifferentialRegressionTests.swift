import Foundation
import PureDER
import PurePKCS7
import PureReceipt
import PureX509
import Testing
import VectorSupport

/// Receipts this project once accepted and OpenSSL refuses (TestVectors/differential-regressions, made by its
/// make.py from the receipts of TestVectors/receipts/apple, with OpenSSL's verdict on each in the manifest): the
/// false accepts `scripts/differential.sh` found, each minimised to one changed octet, and the fields the
/// container parser skipped unread (`crls`, `unsignedAttrs`), each given values OpenSSL accepts and refuses. Each
/// must get the verdict its manifest records under the default validator (bundled Apple root, the receipt's
/// creation date): valid, or failing at the recorded step with the recorded codes and offset.
@Suite struct DifferentialRegressionTests {
    struct Expected: Decodable {
        let valid: Bool?
        let step: String?
        let pkcs7: String?
        let x509: String?
        let der: String?
        let derOffset: Int?
    }

    struct Regression: Decodable, CustomTestStringConvertible {
        let file: String
        let source: String
        /// For a differential finding: the octet of `source` that was changed, and how.
        let offset: Int?
        let xor: UInt8?
        let openssl: String
        let expected: Expected
        var testDescription: String { file }
    }

    struct Manifest: Decodable {
        let differential: [Regression]
        let unreadFields: [Regression]
    }

    static let folder = ProjectVectors.folder("differential-regressions")

    static let manifest: Manifest? = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }()

    static let regressions: [Regression] = manifest.map { $0.differential + $0.unreadFields } ?? []

    static func source(_ regression: Regression) throws -> [UInt8] {
        let folder = ProjectVectors.folder("receipts/apple")
        return try ProjectVectors.bytes(folder.appendingPathComponent(regression.source))
    }

    @Test func theManifestListsEveryFileAndNoAcceptOpenSSLRefuses() throws {
        let manifest = try #require(Self.manifest)
        #expect(manifest.differential.count == 3)
        #expect(manifest.differential.allSatisfy { $0.offset != nil && $0.xor != nil })
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".der")
        }
        #expect(Set(files) == Set(Self.regressions.map(\.file)))
        for regression in Self.regressions where regression.openssl != "accept" {
            #expect(regression.expected.valid != true, "\(regression.file): OpenSSL refuses it")
        }
    }

    @Test func eachFindingIsItsSourceWithOneOctetChanged() throws {
        for regression in Self.manifest?.differential ?? [] {
            let bytes = try ProjectVectors.bytes(Self.folder.appendingPathComponent(regression.file))
            var source = try Self.source(regression)
            _ = try ReceiptValidator().validate(source)
            let offset = try #require(regression.offset)
            source[offset] ^= try #require(regression.xor)
            #expect(bytes == source, "\(regression.file)")
        }
    }

    @Test(arguments: regressions)
    func eachFileGetsTheVerdictItsManifestRecords(_ regression: Regression) throws {
        let bytes = try ProjectVectors.bytes(Self.folder.appendingPathComponent(regression.file))
        let expected = regression.expected
        do {
            let validated = try ReceiptValidator().validate(bytes)
            #expect(expected.valid == true, "\(regression.file) validated")
            #expect(validated.chain.certificates.count == 3)
        } catch {
            #expect(expected.valid != true, "\(regression.file): \(error)")
            #expect(error.step.rawValue == expected.step)
            #expect(error.pkcs7?.code.rawValue == expected.pkcs7)
            #expect(error.pkcs7?.certificate?.code.rawValue == expected.x509)
            let der = error.pkcs7?.certificate?.der ?? error.pkcs7?.der
            #expect(der?.code.rawValue == expected.der)
            #expect(der?.offset == expected.derOffset)
        }
    }
}
