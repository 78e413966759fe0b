import PureCrypto
import PureReceipt
import PureX509
import Testing

/// A receipt trust keeps elliptic-curve anchors with their precomputed multiples, as a validator does, so that
/// the validator each validation makes from it does not make the tables again.
@Suite struct ReceiptTrustAnchorTests {
    @Test func anchorsAreKeptWithTheirTables() throws {
        let g3 = try Certificate(derEncoded: BundledCertificates.appleRootCAG3)
        #expect(!hasTable(g3))
        var trust = ReceiptTrust.replacingAnchors(with: [g3])
        #expect(trust.anchors.allSatisfy(hasTable))
        trust.anchors = [g3, g3]
        #expect(trust.anchors.count == 2 && trust.anchors.allSatisfy(hasTable))
        trust.anchors.append(g3)
        #expect(trust.anchors.count == 3 && trust.anchors.allSatisfy(hasTable))
        // The Apple Inc. Root is RSA: nothing to precompute.
        #expect(ReceiptTrust.apple.anchors.count == 1 && !hasTable(ReceiptTrust.apple.anchors[0]))
    }
}

/// Whether `certificate`'s key is an elliptic-curve one with its precomputed multiples.
private func hasTable(_ certificate: Certificate) -> Bool {
    certificate.publicKey?.hasPrecomputedMultiples == true
}
