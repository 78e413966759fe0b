import Foundation
import PureX509
import Testing
import VectorSupport

@testable import PurePKCS7

/// A signer key with a 41-bit public exponent (TestVectors/pkcs7/large-exponent): the signature is valid, but
/// the key is refused before it is used, since the signer is not trusted yet and a huge exponent makes one check
/// cost as much as thousands.
@Suite struct LargeExponentTests {
    static let folder = ProjectVectors.folder("pkcs7/large-exponent")

    @Test func aSignerKeyWithAHugeExponentIsRefusedBeforeItsSignatureIsChecked() throws {
        let bytes = try ProjectVectors.bytes(Self.folder.appendingPathComponent("signed.der"))
        let signer = try Certificate(derEncoded: ProjectVectors.bytes(Self.folder.appendingPathComponent("signer.der")))
        guard case .rsa(let key) = signer.publicKey else {
            Issue.record("the signer's key is not RSA")
            return
        }
        #expect(key.exponentBitCount == 41)
        let signedData = try SignedData(berEncoded: bytes)
        #expect(signedData.certificates.map(\.encoded) == [signer.encoded])
        do throws(PKCS7Error) {
            _ = try signedData.verifySignature()
            Issue.record("a 41-bit exponent was used")
        } catch {
            #expect(error.code == .unsupportedAlgorithm)
            #expect(error.reason == "the signer's RSA exponent has 41 bits, above the policy's 32")
        }
        // The bound is the policy's, exactly: 40 bits still refuses, 41 lets the signature be checked (it is
        // valid; the chain is not).
        var policy = AlgorithmPolicy.standard
        policy.maximumRSAExponentBits = 40
        #expect(throws: PKCS7Error.self) { try signedData.verifySignature(algorithms: policy) }
        policy.maximumRSAExponentBits = 41
        _ = try signedData.verifySignature(algorithms: policy)
    }
}
