import PureCrypto
import PureSignedData
import Testing
import VectorSupport

@testable import PureX509

/// A trust keeps its anchors ready for the validator each verification makes: elliptic-curve keys with their
/// precomputed multiples, whether the anchors came through the initializer or were changed afterwards.
@Suite struct TrustAnchorPreparationTests {
    @Test func anchorsAreKeptWithTheirTables() throws {
        let g3 = try Certificate(derEncoded: BundledCertificates.appleRootCAG3)
        #expect(!hasTable(g3))
        #expect(SignedDataTrust.appStore.anchors.allSatisfy(hasTable))
        var trust = SignedDataTrust.replacingAnchors(with: [g3])
        #expect(trust.anchors.allSatisfy(hasTable))
        trust.anchors.append(g3)
        #expect(trust.anchors.count == 2 && trust.anchors.allSatisfy(hasTable))
        trust.anchors = [g3]
        #expect(trust.anchors.allSatisfy(hasTable))
        #expect(trust.anchors[0].encoded.elementsEqual(g3.encoded))
    }
}

/// Whether `certificate`'s key is an elliptic-curve one with its precomputed multiples.
private func hasTable(_ certificate: Certificate) -> Bool {
    certificate.publicKey?.hasPrecomputedMultiples == true
}
