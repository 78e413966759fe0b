import PureCrypto
import PureSignedData
import Testing
import VectorSupport

@testable import PureX509

/// A trust keeps its anchors ready for the validator each verification makes: elliptic-curve keys with their
/// precomputed multiples, whether the anchors came through the initializer or were changed afterwards.
@Suite struct TrustAnchorPreparationTests {
    static func hasTable(_ certificate: Certificate) -> Bool {
        certificate.publicKey?.hasPrecomputedMultiples == true
    }

    @Test func anchorsAreKeptWithTheirTables() throws {
        let g3 = try Certificate(derEncoded: BundledCertificates.appleRootCAG3)
        #expect(!Self.hasTable(g3))
        #expect(SignedDataTrust.appStore.anchors.allSatisfy(Self.hasTable))
        var trust = SignedDataTrust.replacingAnchors(with: [g3])
        #expect(trust.anchors.allSatisfy(Self.hasTable))
        trust.anchors.append(g3)
        #expect(trust.anchors.count == 2 && trust.anchors.allSatisfy(Self.hasTable))
        trust.anchors = [g3]
        #expect(trust.anchors.allSatisfy(Self.hasTable))
        #expect(trust.anchors[0].encoded.elementsEqual(g3.encoded))
    }
}
