import Foundation
import PureCrypto
import PureDER
import PureX509
import Testing
import VectorSupport

@testable import PurePKCS7

/// CMS signers that sign with ECDSA (TestVectors/pkcs7/ecdsa, made by its make.py with openssl and the elliptic
/// test PKI): a P-256 and a P-384 signer, with and without signed attributes, and one file per failure.
@Suite struct ECDSASignerTests {
    /// A file and the verdict it must get: `nil` for valid, else the exact error code.
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let expected: PKCS7Error.Code?
        var testDescription: String { file }
    }

    /// A valid file, its signer certificate and the hash it names.
    struct Valid: CustomTestStringConvertible, Sendable {
        let file: String
        let signer: String
        let digest: RSADigestAlgorithm
        let hasSignedAttributes: Bool
        var testDescription: String { file }
    }

    static let folder = "pkcs7/ecdsa"
    static let validationInstant: Int64 = 1_748_736_000  // 2025-06-01T00:00:00Z, as manifest.json says
    static let p256Leaf = "jws/forgeries/pki/test-leaf.der"
    static let p384Signer = "pkcs7/ecdsa/p384-signer.der"

    static let valid: [Valid] = [
        Valid(file: "p256-sha256-attrs.der", signer: p256Leaf, digest: .sha256, hasSignedAttributes: true),
        Valid(file: "p256-sha256-noattr.der", signer: p256Leaf, digest: .sha256, hasSignedAttributes: false),
        Valid(file: "p384-sha384-attrs.der", signer: p384Signer, digest: .sha384, hasSignedAttributes: true),
        Valid(file: "p384-sha384-noattr.der", signer: p384Signer, digest: .sha384, hasSignedAttributes: false),
        Valid(file: "p256-sha512-noattr.der", signer: p256Leaf, digest: .sha512, hasSignedAttributes: false),
        Valid(file: "p384-sha256-attrs.der", signer: p384Signer, digest: .sha256, hasSignedAttributes: true),
    ]

    static let refused: [Case] = [
        Case(file: "p256-sha1-noattr.der", expected: .unsupportedAlgorithm),
        Case(file: "content-changed-noattr.der", expected: .badSignature),
        Case(file: "content-changed-attrs.der", expected: .messageDigestMismatch),
        Case(file: "signature-byte-changed.der", expected: .badSignature),
        Case(file: "signature-byte-changed-attrs.der", expected: .badSignature),
        Case(file: "signature-not-der.der", expected: .badSignature),
        Case(file: "digest-signature-mismatch.der", expected: .algorithmMismatch),
        Case(file: "ecdsa-null-parameters.der", expected: .malformed),
        Case(file: "rsa-algorithm-with-ec-key.der", expected: .badSignature),
        Case(file: "rsaencryption-with-ec-key.der", expected: .badSignature),
        Case(file: "ecdsa-algorithm-with-rsa-key.der", expected: .badSignature),
    ]

    static func bytes(_ file: String) throws -> [UInt8] {
        try ProjectVectors.bytes("\(folder)/\(file)")
    }

    static func validator(_ algorithms: AlgorithmPolicy = .standard) throws -> PathValidator {
        let root = try Certificate(derEncoded: ProjectVectors.bytes("jws/forgeries/pki/test-root.der"))
        return PathValidator(anchors: [root], algorithms: algorithms)
    }

    /// The error `file` gets from parsing and verification under `algorithms`, or `nil` if it verifies.
    static func error(_ file: String, algorithms: AlgorithmPolicy = .standard) throws -> PKCS7Error? {
        let input = try bytes(file)
        let validator = try validator(algorithms)
        do throws(PKCS7Error) {
            _ = try SignedData(berEncoded: input).verify(validator: validator, at: validationInstant)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: valid)
    func anECDSASignerVerifiesAndItsChainValidatesToTheTestRoot(_ vector: Valid) throws {
        let signer = try Certificate(derEncoded: ProjectVectors.bytes(vector.signer))
        let root = try Certificate(derEncoded: ProjectVectors.bytes("jws/forgeries/pki/test-root.der"))
        let signedData = try SignedData(berEncoded: Self.bytes(vector.file))
        let verified = try signedData.verify(validator: Self.validator(), at: Self.validationInstant)
        #expect(Array(verified.content) == (try Self.bytes("payload.bin")))
        #expect(verified.hadSignedAttributes == vector.hasSignedAttributes)
        #expect(verified.digestAlgorithm == vector.digest)
        #expect(verified.chain.leaf.encoded == signer.encoded)
        #expect(verified.chain.anchor.encoded == root.encoded)
        #expect(verified.chain.certificates.count == 3)
    }

    @Test(arguments: refused)
    func aChangedOrMismatchedECDSASignerIsRefusedWithItsCode(_ vector: Case) throws {
        let error = try Self.error(vector.file)
        #expect(error?.code == vector.expected, "\(String(describing: error))")
    }

    @Test func ecdsaWithSHA1IsNotVerified() throws {
        let error = try Self.error("p256-sha1-noattr.der", algorithms: .allowingSHA1)
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.reason == "signature algorithm 1.2.840.10045.4.1 is not supported")
    }

    @Test func everyFileOfTheFolderIsTestedWithTheVerdictItsManifestGives() throws {
        struct Manifest: Decodable {
            struct File: Decodable {
                let file: String
                let expected: String
            }
            let validationInstant: Int64
            let files: [File]
        }
        let data = try Data(contentsOf: ProjectVectors.file("\(Self.folder)/manifest.json"))
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        #expect(manifest.validationInstant == Self.validationInstant)
        let tested = Self.valid.map { ($0.file, "valid") } + Self.refused.map { ($0.file, $0.expected?.rawValue ?? "") }
        #expect(manifest.files.map(\.file).sorted() == tested.map(\.0).sorted())
        for file in manifest.files {
            #expect(tested.first { $0.0 == file.file }?.1 == file.expected, "\(file.file)")
        }
    }

    @Test func ecdsaWithSHA256WithNULLParametersIsMalformedWhereTheNULLIs() throws {
        let input = try Self.bytes("ecdsa-null-parameters.der")
        do throws(PKCS7Error) {
            _ = try SignedData(berEncoded: input)
            Issue.record("NULL parameters on ecdsa-with-SHA256 were accepted")
        } catch {
            #expect(error.code == .malformed)
            #expect(error.der?.code == .unexpectedTag)
            #expect(error.der.map { input[$0.offset] } == 0x05)
        }
    }

    @Test(
        arguments: [
            ("rsa-algorithm-with-ec-key.der", "an RSA signature cannot verify with the signer's P-256 key"),
            ("rsaencryption-with-ec-key.der", "an RSA signature cannot verify with the signer's P-256 key"),
            ("ecdsa-algorithm-with-rsa-key.der", "an ECDSA signature cannot verify with the signer's RSA-2048 key"),
        ]
    )
    func aSignatureAlgorithmOfTheOtherFamilyThanTheKeyIsABadSignature(_ file: String, _ reason: String) throws {
        let signedData = try SignedData(berEncoded: Self.bytes(file))
        do throws(PKCS7Error) {
            _ = try signedData.verifySignature()
            Issue.record("\(file) verified")
        } catch {
            #expect(error.code == .badSignature)
            #expect(error.reason == reason)
        }
    }

    /// The signer is not trusted before its chain validates, so the policy judges its curve and its digest before
    /// any arithmetic: a file whose signature is broken is refused for its algorithm, not for its signature.
    @Test func theAlgorithmPolicyJudgesTheSignersCurveAndDigestBeforeItsSignature() throws {
        let broken = try SignedData(berEncoded: Self.bytes("signature-byte-changed-attrs.der"))  // P-384, SHA-384
        #expect(throws: PKCS7Error.self) { try broken.verifySignature(algorithms: .standard) }
        var noP384 = AlgorithmPolicy.standard
        noP384.allowedCurves = [.p256]
        var noECDSASHA384 = AlgorithmPolicy.standard
        noECDSASHA384.allowedECDSADigests = [.sha256, .sha512]
        let refusals: [(AlgorithmPolicy, String)] = [
            (noP384, "the signer's P-384 key: the curve is not allowed by the algorithm policy"),
            (noECDSASHA384, "the signer's digest: ECDSA with sha384 is not allowed by the algorithm policy"),
            (
                .init(allowedRSADigests: [.sha384]),
                "the signer's digest: ECDSA with sha384 is not allowed by the"
                    + " algorithm policy"
            ),
        ]
        for (policy, reason) in refusals {
            do throws(PKCS7Error) {
                _ = try broken.verifySignature(algorithms: policy)
                Issue.record("the policy let the signer through")
            } catch {
                #expect(error.code == .unsupportedAlgorithm)
                #expect(error.reason == reason)
            }
        }
    }

    @Test func applesSignedDataPolicyRefusesAnECDSASignerWithSHA512AndAcceptsSHA256And384() throws {
        #expect(try Self.error("p256-sha512-noattr.der", algorithms: .appleSignedData)?.code == .unsupportedAlgorithm)
        #expect(try Self.error("p256-sha256-attrs.der", algorithms: .appleSignedData) == nil)
        #expect(try Self.error("p384-sha384-noattr.der", algorithms: .appleSignedData) == nil)
    }

    @Test func anECDSASignerVerifiesInTwoStepsAsAnRSASignerDoes() throws {
        let signedData = try SignedData(berEncoded: Self.bytes("p384-sha384-attrs.der"))
        let checked = try signedData.verifySignature(algorithms: .standard)
        #expect(checked.digestAlgorithm == .sha384)
        #expect(checked.signerCertificate.publicKey?.curve == .p384)
        let verified = try checked.validateChain(validator: Self.validator(), at: Self.validationInstant)
        #expect(verified.chain.leaf.encoded == checked.signerCertificate.encoded)
        // One second past the signer's notAfter (2027-01-01T00:00:00Z) the chain no longer validates.
        let validator = try Self.validator()
        do throws(PKCS7Error) {
            _ = try checked.validateChain(validator: validator, at: 1_798_761_601)
            Issue.record("an expired signer's chain validated")
        } catch {
            #expect(error.code == .untrustedSigner)
            #expect(error.path?.code == .expired)
        }
    }
}
