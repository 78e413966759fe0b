import Foundation
import PureDER
import PurePKCS7
import PureReceipt
import PureX509
import Testing
import VectorSupport

/// The false accepts `scripts/differential.sh` found (we accepted, OpenSSL refused), minimised to the real
/// receipt with one octet changed (TestVectors/differential-regressions, made by its make.py from the receipts of
/// TestVectors/receipts/apple). Each must now fail at the step, with the codes and at the offset its manifest
/// records, under the default validator (bundled Apple root, the receipt's creation date).
@Suite struct DifferentialRegressionTests {
    struct Expected: Decodable {
        let step: String
        let pkcs7: String
        let x509: String
        let der: String
        let derOffset: Int
    }

    struct Regression: Decodable, CustomTestStringConvertible {
        let file: String
        let source: String
        let offset: Int
        let xor: UInt8
        let expected: Expected
        var testDescription: String { file }
    }

    struct Manifest: Decodable {
        let regressions: [Regression]
    }

    static let folder = ProjectVectors.folder("differential-regressions")

    static let regressions: [Regression] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [] }
        return manifest.regressions
    }()

    @Test func theManifestListsEveryRegression() throws {
        #expect(Self.regressions.count == 3)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".der")
        }
        #expect(Set(files) == Set(Self.regressions.map(\.file)))
    }

    @Test(arguments: regressions)
    func aFalseAcceptIsRefusedWhereTheManifestSays(_ regression: Regression) throws {
        let bytes = try SharedVectors.bytes(Self.folder.appendingPathComponent(regression.file))
        // The file is its source receipt with one octet changed, and the source itself validates.
        var source = try SharedVectors.bytes(
            ProjectVectors.folder("receipts/apple").appendingPathComponent(regression.source)
        )
        _ = try ReceiptValidator().validate(source)
        source[regression.offset] ^= regression.xor
        #expect(bytes == source)

        do {
            _ = try ReceiptValidator().validate(bytes)
            Issue.record("\(regression.file) validated")
        } catch {
            #expect(error.step.rawValue == regression.expected.step)
            #expect(error.pkcs7?.code.rawValue == regression.expected.pkcs7)
            #expect(error.pkcs7?.certificate?.code.rawValue == regression.expected.x509)
            #expect(error.pkcs7?.certificate?.der?.code.rawValue == regression.expected.der)
            #expect(error.pkcs7?.certificate?.der?.offset == regression.expected.derOffset)
        }
    }
}
