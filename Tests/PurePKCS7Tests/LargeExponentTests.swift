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
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("signed.der")))
        let signer = try Certificate(
            derEncoded: [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("signer.der")))
        )
        #expect(signer.publicKey?.exponentBitCount == 41)
        let signedData = try SignedData(berEncoded: bytes)
        #expect(signedData.certificates.map(\.encoded) == [signer.encoded])
        do throws(PKCS7Error) {
            _ = try signedData.verifySignature()
            Issue.record("a 41-bit exponent was used")
        } catch {
            #expect(error.code == .unsupportedAlgorithm)
            #expect(error.reason == "the signer's RSA exponent has 41 bits, above the policy's 32")
        }
        // A policy that allows the exponent lets the signature be checked (it is valid; the chain is not).
        var generous = AlgorithmPolicy.standard
        generous.maximumRSAExponentBits = 64
        #expect(try signedData.verifySignature(algorithms: generous).signerCertificate.encoded == signer.encoded)
    }
}
