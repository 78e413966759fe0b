import Foundation
import PureX509
import Testing
import VectorSupport

@testable import PurePKCS7

/// The project's own CMS vectors (TestVectors/pkcs7, made by make-cms.sh with openssl): signed attributes
/// present and absent, SHA-1/256/384/512, signer by key identifier, BER envelopes, and one file per failure.
/// Three of them OpenSSL 3.0 wrongly accepts (a contentType attribute that differs from eContentType, a
/// signature algorithm naming another digest, two signers); this library refuses them.
@Suite struct SyntheticCMSTests {
    struct Vector: Decodable, CustomTestStringConvertible {
        let file: String
        let expected: String
        let alsoAccepted: [String]
        let hasSignedAttributes: Bool?
        var testDescription: String { file }
    }

    struct Manifest: Decodable {
        let validationInstant: Int64
        let anchors: [String]
        let files: [Vector]
    }

    static let folder = ProjectVectors.folder("pkcs7/out")

    static let manifest: Manifest? = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }()

    static func bytes(_ file: String) throws -> [UInt8] {
        try ProjectVectors.bytes(folder.appendingPathComponent(file))
    }

    static let codes: [String: PKCS7Error.Code] = [
        "badSignature": .badSignature, "messageDigestMismatch": .messageDigestMismatch,
        "contentTypeMismatch": .contentTypeMismatch, "missingAttribute": .missingAttribute,
        "algorithmMismatch": .algorithmMismatch, "signerNotFound": .signerNotFound,
        "unsupportedSignerCount": .unsupportedSignerCount, "missingContent": .missingContent,
        "untrustedSigner": .untrustedSigner,
    ]

    @Test func theManifestHasEveryKindOfCase() throws {
        let manifest = try #require(Self.manifest)
        #expect(manifest.files.count >= 23)
        #expect(Set(manifest.files.map(\.expected)) == Set(Self.codes.keys).union(["valid"]))
    }

    @Test(arguments: manifest?.files ?? [])
    func vectorGetsItsExpectedVerdict(_ vector: Vector) throws {
        let manifest = try #require(Self.manifest)
        let anchors = try manifest.anchors.map { try Certificate(derEncoded: Self.bytes($0)) }
        let validator = PathValidator(anchors: anchors, algorithms: .allowingSHA1)
        let input = try Self.bytes(vector.file)
        let payload = try Self.bytes("payload.bin")
        do throws(PKCS7Error) {
            let signedData = try SignedData(berEncoded: input)
            let verified = try signedData.verify(
                validator: validator,
                at: manifest.validationInstant,
                policy: .none
            )
            #expect(vector.expected == "valid", "verified, expected \(vector.expected)")
            #expect(Array(verified.content) == payload)
            #expect(verified.hadSignedAttributes == vector.hasSignedAttributes)
        } catch {
            let accepted = ([vector.expected] + vector.alsoAccepted).compactMap { Self.codes[$0] }
            #expect(accepted.contains(error.code), "\(error)")
        }
    }
}
