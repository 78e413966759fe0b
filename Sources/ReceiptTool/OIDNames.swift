/// Names of the object identifiers that receipts and certificates carry, for dumps.
enum OIDNames {
    static func name(for dotted: String) -> String? {
        table[dotted]
    }

    private static let table: [String: String] = [
        // PKCS #7 / CMS (RFC 5652) and PKCS #9 attributes
        "1.2.840.113549.1.7.1": "data",
        "1.2.840.113549.1.7.2": "signedData",
        "1.2.840.113549.1.9.1": "emailAddress",
        "1.2.840.113549.1.9.3": "contentType",
        "1.2.840.113549.1.9.4": "messageDigest",
        "1.2.840.113549.1.9.5": "signingTime",
        // PKCS #1 (RFC 8017)
        "1.2.840.113549.1.1.1": "rsaEncryption",
        "1.2.840.113549.1.1.5": "sha1WithRSAEncryption",
        "1.2.840.113549.1.1.10": "RSASSA-PSS",
        "1.2.840.113549.1.1.11": "sha256WithRSAEncryption",
        "1.2.840.113549.1.1.12": "sha384WithRSAEncryption",
        "1.2.840.113549.1.1.13": "sha512WithRSAEncryption",
        "1.2.840.10045.2.1": "id-ecPublicKey",
        "1.2.840.10045.4.3.2": "ecdsa-with-SHA256",
        "1.2.840.10045.4.3.3": "ecdsa-with-SHA384",
        // Hashes
        "1.3.14.3.2.26": "sha1",
        "2.16.840.1.101.3.4.2.1": "sha256",
        "2.16.840.1.101.3.4.2.2": "sha384",
        "2.16.840.1.101.3.4.2.3": "sha512",
        // X.520 attribute types
        "2.5.4.3": "commonName",
        "2.5.4.5": "serialNumber",
        "2.5.4.6": "countryName",
        "2.5.4.7": "localityName",
        "2.5.4.8": "stateOrProvinceName",
        "2.5.4.10": "organizationName",
        "2.5.4.11": "organizationalUnitName",
        // X.509 extensions (RFC 5280 §4.2)
        "2.5.29.14": "subjectKeyIdentifier",
        "2.5.29.15": "keyUsage",
        "2.5.29.17": "subjectAltName",
        "2.5.29.19": "basicConstraints",
        "2.5.29.31": "cRLDistributionPoints",
        "2.5.29.32": "certificatePolicies",
        "2.5.29.35": "authorityKeyIdentifier",
        "2.5.29.37": "extKeyUsage",
        "1.3.6.1.5.5.7.1.1": "authorityInfoAccess",
        "1.3.6.1.5.5.7.2.1": "cps",
        "1.3.6.1.5.5.7.2.2": "unotice",
        "1.3.6.1.5.5.7.48.1": "ocsp",
        "1.3.6.1.5.5.7.48.2": "caIssuers",
        // Apple (receipt signing leaf and WWDR intermediate markers, certificate policy)
        "1.2.840.113635.100.5.1": "Apple certificate policy",
        "1.2.840.113635.100.6.2.1": "Apple WWDR intermediate marker",
        "1.2.840.113635.100.6.11.1": "Apple receipt signing marker",
    ]
}
