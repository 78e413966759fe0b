import PureCrypto
import PureDER
import Testing

@testable import PureX509

/// Extensions and signature algorithms are recognised by the last arc under id-ce and pkcs-1, not by comparing
/// with each known identifier: the arcs must name the same identifiers as the constants, and nothing else may
/// match.
struct OIDDispatchTests {
    @Test func theExtensionArcsAreThoseOfTheKnownIdentifiers() {
        let known: [(OID, UInt8)] = [
            (.subjectKeyIdentifier, 14), (.keyUsage, 15), (.subjectAlternativeName, 17), (.basicConstraints, 19),
            (.certificatePolicies, 32), (.authorityKeyIdentifier, 35), (.extendedKeyUsage, 37),
        ]
        for (oid, arc) in known { #expect(oid.certificateExtensionArc == arc, "\(oid)") }
        // Another extension under id-ce has its own arc (31, CRL distribution points), which the decoding ignores.
        #expect(OID(2, 5, 29, 31).certificateExtensionArc == 31)
        // A deeper identifier under id-ce, a multi-octet arc, other prefixes ending in 19: no arc at all.
        for other in [OID(2, 5, 29, 19, 1), OID(2, 5, 29, 200), OID(2, 5, 4, 19), OID(2, 6, 29, 19), .commonName] {
            #expect(other.certificateExtensionArc == nil, "\(other)")
        }
    }

    @Test func theRSADigestsAreThoseOfTheKnownSignatureAlgorithms() {
        #expect(SignatureAlgorithm.rsaDigest(for: .sha1WithRSAEncryption) == .sha1)
        #expect(SignatureAlgorithm.rsaDigest(for: .sha256WithRSAEncryption) == .sha256)
        #expect(SignatureAlgorithm.rsaDigest(for: .sha384WithRSAEncryption) == .sha384)
        #expect(SignatureAlgorithm.rsaDigest(for: .sha512WithRSAEncryption) == .sha512)
        // rsaEncryption, RSASSA-PSS, ECDSA, an arc past pkcs-1's, a deeper identifier: none names a PKCS#1 v1.5
        // signature algorithm this library verifies.
        for other in [
            OID.rsaEncryption, .rsassaPSS, .ecdsaWithSHA256, OID(1, 2, 840, 113_549, 1, 1, 14),
            OID(1, 2, 840, 113_549, 1, 1, 11, 1), OID(1, 2, 840, 113_549, 1, 2, 11), OID(1, 2, 840, 113_549, 1, 1, 139),
        ] {
            #expect(SignatureAlgorithm.rsaDigest(for: other) == nil, "\(other)")
        }
        #expect(OID.sha256WithRSAEncryption.pkcs1Arc == 11)
        #expect(OID.rsaEncryption.pkcs1Arc == 1)
    }
}
