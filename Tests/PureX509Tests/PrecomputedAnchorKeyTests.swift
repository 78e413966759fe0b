import PureCrypto
import Testing
import VectorSupport

@testable import PureX509

/// Trust anchors keep their elliptic-curve keys with precomputed multiples (a table that makes each verification
/// with them about twice as fast): the verdicts must be those of the plain key, and a validator or trust built
/// from anchors that have the table must not make it again or copy them.
@Suite struct PrecomputedAnchorKeyTests {
    @Test func validatorsKeepTheirEllipticCurveAnchorsWithTheTable() throws {
        let g3 = try AppleECChainTests.g3()
        #expect(!hasTable(g3))
        let validator = PathValidator(anchors: [g3], algorithms: .appleSignedData)
        let anchor = try #require(validator.anchors.first)
        #expect(hasTable(anchor))
        // The same certificate in every other respect.
        #expect(anchor.encoded.elementsEqual(g3.encoded))
        #expect(anchor.publicKey.map(\.description) == "P-384")
        #expect(hasTable(try #require(PathValidator.appleSignedData.anchors.first)))
        // RSA anchors have nothing to precompute and stay as they are.
        let appleInc = try Certificate(derEncoded: BundledCertificates.appleIncRoot)
        #expect(!hasTable(PathValidator(anchors: [appleInc]).anchors[0]))
    }

    @Test func preparedAnchorsArePassedOnWithoutACopy() throws {
        let prepared = PathValidator(anchors: [try AppleECChainTests.g3()]).anchors
        let again = Certificate.withPrecomputedKeys(prepared)
        let storage = prepared.withUnsafeBufferPointer { $0.baseAddress }
        #expect(again.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(PathValidator(anchors: prepared).anchors.withUnsafeBufferPointer { $0.baseAddress } == storage)
    }

    /// G3's key, with and without its table, verifies G6's signature and G3's own, and refuses G6 with its
    /// signature's last byte changed.
    @Test func theTableChangesNoVerdict() throws {
        let g3 = try AppleECChainTests.g3()
        let prepared = g3.withPrecomputedKey()
        #expect(hasTable(prepared))
        let g6Bytes = try AppleECChainTests.g6Bytes()
        let g6 = try Certificate(derEncoded: g6Bytes)
        var forgedBytes = g6Bytes
        forgedBytes[forgedBytes.count - 1] ^= 0x01
        let forged = try Certificate(derEncoded: forgedBytes)
        for issuer in [g3, prepared] {
            #expect(AlgorithmPolicy.appleSignedData.verifiesSignature(of: g6, issuedBy: issuer))
            #expect(!AlgorithmPolicy.appleSignedData.verifiesSignature(of: forged, issuedBy: issuer))
            #expect(AlgorithmPolicy.appleSignedData.verifiesSignature(of: g3, issuedBy: issuer))
        }
        // A chain through the prepared anchor: G6 validated as the leaf's issuer.
        let leaf = try Certificate(derEncoded: try AppleECChainTests.leafBytes())
        let chain = try PathValidator.appleSignedData.validate(
            leaf: leaf,
            intermediates: [g6],
            at: AppleECChainTests.midValidity,
            policy: .appleSignedData
        )
        #expect(chain.certificates.count == 3)
        let error = #expect(throws: PathValidationError.self) {
            try PathValidator.appleSignedData.validate(
                leaf: leaf,
                intermediates: [forged],
                at: AppleECChainTests.midValidity,
                policy: .appleSignedData
            )
        }
        #expect(error?.code == .badSignature)
    }
}

/// Whether `certificate`'s key is an elliptic-curve one with its precomputed multiples.
private func hasTable(_ certificate: Certificate) -> Bool {
    certificate.publicKey?.hasPrecomputedMultiples == true
}
