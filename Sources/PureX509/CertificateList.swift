package import PureDER

/// A certificate revocation list (RFC 5280 §5.1), read only to be checked. A CMS SignedData may carry CRLs; this
/// library does not check revocation and uses none, but a CRL it carries is held to the syntax RFC 5280 defines,
/// in DER, as every certificate is: accepting an unread CRL would accept containers that other CMS readers (OpenSSL
/// among them) refuse while parsing. Its issuer is a ``DistinguishedName``, checked by the same rules as a
/// certificate's; its signature and extensions' values are not interpreted.
///
/// ```
/// CertificateList ::= SEQUENCE { tbsCertList TBSCertList, signatureAlgorithm AlgorithmIdentifier,
///     signatureValue BIT STRING }
/// TBSCertList ::= SEQUENCE { version Version OPTIONAL, -- if present, MUST be v2
///     signature AlgorithmIdentifier, issuer Name, thisUpdate Time, nextUpdate Time OPTIONAL,
///     revokedCertificates SEQUENCE OF SEQUENCE { userCertificate CertificateSerialNumber,
///         revocationDate Time, crlEntryExtensions Extensions OPTIONAL } OPTIONAL,
///     crlExtensions [0] EXPLICIT Extensions OPTIONAL }
/// ```
package enum CertificateList {
    /// Reads one CertificateList from `reader`, checking it.
    package static func check(_ reader: inout DERReader) throws(DERError) {
        try reader.readSequence { list throws(DERError) in
            try list.readSequence { tbs throws(DERError) in
                if try tbs.peekTag() == .integer {
                    let offset = tbs.offset
                    let version = try tbs.readInteger(as: Int.self)
                    guard version == 1 else {
                        throw DERError(.integerOutOfRange, at: offset, "CRL version \(version); expected 1 (v2)")
                    }
                }
                _ = try AlgorithmIdentifier(from: &tbs)
                _ = try DistinguishedName(from: &tbs)
                _ = try tbs.readTime()
                if let tag = try tbs.peekTag(), tag == .utcTime || tag == .generalizedTime { _ = try tbs.readTime() }
                if try tbs.peekTag() == .sequence {
                    try tbs.readSequence { revoked throws(DERError) in
                        // RFC 5280 §5.1.2.6: with no revoked certificates the list is absent, not empty.
                        guard !revoked.isAtEnd else {
                            throw DERError(.truncated, at: revoked.offset, "empty revokedCertificates")
                        }
                        while !revoked.isAtEnd {
                            try revoked.readSequence { entry throws(DERError) in
                                _ = try entry.readIntegerBytes()
                                _ = try entry.readTime()
                                if !entry.isAtEnd { try readExtensions(&entry) }
                            }
                        }
                    }
                }
                _ = try tbs.readOptionalExplicit(0) { explicit throws(DERError) in try readExtensions(&explicit) }
            }
            _ = try AlgorithmIdentifier(from: &list)
            _ = try list.readBitString()
        }
    }

    /// `Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension`.
    private static func readExtensions(_ reader: inout DERReader) throws(DERError) {
        try reader.readSequence { list throws(DERError) in
            guard !list.isAtEnd else { throw DERError(.truncated, at: list.offset, "empty Extensions: SIZE (1..MAX)") }
            while !list.isAtEnd { _ = try Extension(from: &list) }
        }
    }
}
