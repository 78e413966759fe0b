public import PureDER

/// One certificate extension as encoded (RFC 5280 §4.1.2.9): every extension is kept, known or not, with
/// its criticality.
///
/// ```
/// Extension ::= SEQUENCE { extnID OBJECT IDENTIFIER, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }
/// ```
public struct Extension: Sendable, Hashable {
    /// The extension's identifier.
    public let oid: OID
    /// Whether a validator that does not understand the extension must reject the certificate.
    public let isCritical: Bool
    /// The contents of `extnValue`: the DER of the extension's own value.
    public let value: ArraySlice<UInt8>

    init(from reader: inout DERReader) throws(DERError) {
        (oid, isCritical, value) = try reader.readSequence { ext throws(DERError) in
            (try ext.readObjectIdentifier(), try ext.readBoolean(default: false), try ext.readOctetString())
        }
    }
}

/// `BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }`
/// (RFC 5280 §4.2.1.9).
public struct BasicConstraints: Sendable, Hashable {
    /// Whether the subject is a certification authority.
    public let isCertificateAuthority: Bool
    /// How many non-self-issued intermediate certificates may follow this one in a path, if limited.
    public let pathLengthConstraint: Int?

    init(value: ArraySlice<UInt8>) throws(DERError) {
        (isCertificateAuthority, pathLengthConstraint) = try DERReader.parse(value) { reader throws(DERError) in
            try reader.readSequence { sequence throws(DERError) in
                let isCA = try sequence.readBoolean(default: false)
                var limit: Int? = nil
                if try sequence.peekTag() == .integer {
                    let offset = sequence.offset
                    limit = try sequence.readInteger(as: Int.self)
                    guard let value = limit, value >= 0 else {
                        throw DERError(.integerOutOfRange, at: offset, "negative pathLenConstraint")
                    }
                }
                return (isCA, limit)
            }
        }
    }
}

/// `KeyUsage ::= BIT STRING` (RFC 5280 §4.2.1.3).
public struct KeyUsage: Sendable, Hashable {
    /// The bits as encoded.
    public let bits: BitString

    /// digitalSignature (0): the key verifies signatures other than on certificates and CRLs.
    public var digitalSignature: Bool { bits.isSet(0) }
    /// nonRepudiation / contentCommitment (1).
    public var contentCommitment: Bool { bits.isSet(1) }
    /// keyEncipherment (2).
    public var keyEncipherment: Bool { bits.isSet(2) }
    /// dataEncipherment (3).
    public var dataEncipherment: Bool { bits.isSet(3) }
    /// keyAgreement (4).
    public var keyAgreement: Bool { bits.isSet(4) }
    /// keyCertSign (5): the key verifies signatures on certificates.
    public var keyCertSign: Bool { bits.isSet(5) }
    /// cRLSign (6).
    public var cRLSign: Bool { bits.isSet(6) }

    /// The names of the bits set, in bit order.
    public var names: [String] {
        let all = [
            "digitalSignature", "contentCommitment", "keyEncipherment", "dataEncipherment", "keyAgreement",
            "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly",
        ]
        return all.indices.filter { bits.isSet($0) }.map { all[$0] }
    }

    init(value: ArraySlice<UInt8>) throws(DERError) {
        bits = try DERReader.parse(value) { reader throws(DERError) in try reader.readBitString() }
    }
}

/// `AuthorityKeyIdentifier ::= SEQUENCE { keyIdentifier [0] KeyIdentifier OPTIONAL, authorityCertIssuer [1]
/// GeneralNames OPTIONAL, authorityCertSerialNumber [2] CertificateSerialNumber OPTIONAL }` (RFC 5280 §4.2.1.1,
/// IMPLICIT tags): only the key identifier is used, as a hint for path building.
struct AuthorityKeyIdentifier: Sendable, Hashable {
    let keyIdentifier: ArraySlice<UInt8>?

    init(value: ArraySlice<UInt8>) throws(DERError) {
        keyIdentifier = try DERReader.parse(value) { reader throws(DERError) in
            try reader.readSequence { sequence throws(DERError) in
                let identifier = try sequence.readOptionalElement(.contextSpecific(0, constructed: false))?.content
                // The other two fields are not used, but must be what the syntax allows: each at most once, in
                // this order, the names non-empty well-formed DER and the serial a minimal INTEGER. Nothing may follow.
                if try sequence.peekTag() == .contextSpecific(1, constructed: true) {
                    let issuer = try sequence.readCheckedElement()
                    guard !issuer.content.isEmpty else {  // GeneralNames ::= SEQUENCE SIZE (1..MAX)
                        throw DERError(.truncated, at: issuer.offset, "empty authorityCertIssuer")
                    }
                }
                _ = try sequence.readOptionalElement(.contextSpecific(2, constructed: false))?.integerBytes()
                return identifier
            }
        }
    }
}

/// Reads `SEQUENCE OF` object identifiers: extended key usages, or the policy identifiers of
/// `certificatePolicies` (RFC 5280 §4.2.1.12, §4.2.1.4), whose qualifiers are skipped.
func readObjectIdentifierList(_ value: ArraySlice<UInt8>, policies: Bool) throws(DERError) -> [OID] {
    try DERReader.parse(value) { reader throws(DERError) in
        try reader.readSequence { sequence throws(DERError) in
            var oids: [OID] = []
            while !sequence.isAtEnd {
                if policies {
                    oids.append(
                        try sequence.readSequence { information throws(DERError) in
                            let oid = try information.readObjectIdentifier()
                            if !information.isAtEnd { try information.skipElement() }  // policyQualifiers, at most one
                            return oid
                        }
                    )
                } else {
                    oids.append(try sequence.readObjectIdentifier())
                }
            }
            guard !oids.isEmpty else {
                throw DERError(.truncated, at: sequence.offset, "empty SEQUENCE SIZE (1..MAX)")
            }
            return oids
        }
    }
}
