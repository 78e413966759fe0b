import Foundation
import PureCrypto
import PureX509
import Testing
import VectorSupport

@testable import PurePKCS7

/// What a container may carry and what a signer may use before it is trusted (issue 25, defects 1, 6 and 7), on
/// the receipt-shaped containers of TestVectors/x509/worst-bags and the reproductions of TestVectors/repro.
@Suite struct ContainerLimitsTests {
    static let receipts = ProjectVectors.folder("x509/worst-bags/receipts")
    static let repro = ProjectVectors.folder("repro")

    static func bytes(_ file: String, in folder: URL = receipts) throws -> [UInt8] {
        try ProjectVectors.bytes(folder.appendingPathComponent(file))
    }

    /// Apple's receipt algorithms (AlgorithmPolicy.appleReceipts, which lives with the receipt code): SHA-1 to
    /// SHA-512, RSA keys of 2048–4096 bits.
    static let appleAlgorithms = AlgorithmPolicy(
        allowedRSADigests: [.sha1, .sha256, .sha384, .sha512],
        minimumRSAModulusBits: 2048,
        maximumRSAModulusBits: 4096
    )

    static func signatureError(_ file: String, algorithms: AlgorithmPolicy) throws -> PKCS7Error? {
        let signedData = try SignedData(berEncoded: try bytes(file))
        do throws(PKCS7Error) {
            _ = try signedData.verifySignature(algorithms: algorithms)
            return nil
        } catch {
            return error
        }
    }

    @Test func aContainerOfMaximumCertificatesIsRead() throws {
        let signedData = try SignedData(berEncoded: try Self.bytes("valid-10-certificates.der"))
        #expect(signedData.certificates.count == SignedData.maximumCertificates)
        _ = try signedData.verifySignature(algorithms: Self.appleAlgorithms)
    }

    @Test func oneCertificatePastTheLimitIsRefused() throws {
        let bytes = try Self.bytes("eleven-certificates.der")
        do throws(PKCS7Error) {
            _ = try SignedData(berEncoded: bytes)
            Issue.record("a container of 11 certificates was read")
        } catch {
            #expect(error.code == .tooManyCertificates)
        }
    }

    /// The 1 MB reproduction: thousands of self-issued certificates. The set is read no further than the 11th.
    @Test func theOneMegabyteBagIsRefusedAsTooManyCertificates() throws {
        let bytes = try Self.bytes("pathsearch-1MB.der", in: Self.repro)
        #expect(bytes.count > 900_000)
        do throws(PKCS7Error) {
            _ = try SignedData(berEncoded: bytes)
            Issue.record("the 1 MB bag was read")
        } catch {
            #expect(error.code == .tooManyCertificates)
        }
    }

    /// A 1024-bit signer whose signature is also invalid: the key is refused first, so the error is the key's.
    /// The same file under a policy that admits 1024 bits fails on the signature, which shows it is invalid.
    @Test func aSmallSignerKeyIsRefusedBeforeItsSignatureIsChecked() throws {
        let error = try #require(
            try Self.signatureError("signer-1024-bad-signature.der", algorithms: Self.appleAlgorithms)
        )
        #expect(error.code == .unsupportedAlgorithm)
        #expect(error.reason == "the signer's RSA key has 1024 bits, below the policy's 2048")
        var admitting = Self.appleAlgorithms
        admitting.minimumRSAModulusBits = 1024
        #expect(try Self.signatureError("signer-1024-bad-signature.der", algorithms: admitting)?.code == .badSignature)
        #expect(try Self.signatureError("signer-1024.der", algorithms: admitting) == nil)
    }

    /// The signer's key size at both of Apple's bounds and one past each.
    @Test(
        arguments: [
            ("signer-2047.der", "the signer's RSA key has 2047 bits, below the policy's 2048"),
            ("signer-4097.der", "the signer's RSA key has 4097 bits, above the policy's 4096"),
            ("valid-apple-shape.der", nil), ("valid-4096.der", nil),
        ] as [(String, String?)]
    )
    func theSignerKeySizeIsApplesFromTwoToFourThousandNinetySixBits(_ file: String, _ refusal: String?) throws {
        let error = try Self.signatureError(file, algorithms: Self.appleAlgorithms)
        #expect(error?.code == (refusal == nil ? nil : .unsupportedAlgorithm), "\(String(describing: error))")
        #expect(error?.reason == refusal)
    }

    /// The signer's digest passes through the policy: the SHA-1 reproduction is refused under a policy without
    /// SHA-1, before its signature is checked; its SHA-256 twin is not.
    @Test func theSignersDigestMeetsTheAlgorithmPolicy() throws {
        let sha1 = try SignedData(berEncoded: try Self.bytes("sk-sha1.der", in: Self.repro))
        do throws(PKCS7Error) {
            _ = try sha1.verifySignature(algorithms: .standard)
            Issue.record("a SHA-1 signer passed a policy without SHA-1")
        } catch {
            #expect(error.code == .unsupportedAlgorithm)
            #expect(error.reason == "the signer's digest: sha1 is not allowed by the algorithm policy")
        }
        _ = try sha1.verifySignature(algorithms: .allowingSHA1)
        let sha256 = try SignedData(berEncoded: try Self.bytes("sk-sha256.der", in: Self.repro))
        _ = try sha256.verifySignature(algorithms: .standard)
    }
}
