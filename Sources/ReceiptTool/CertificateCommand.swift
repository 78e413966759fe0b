import PureCrypto
import PureDER
import PureJSON
import PureReceiptJSON
import PureX509

/// `receipt cert [--json] FILE|-`: a certificate's subject, issuer, serial, validity, key, signature
/// algorithm, extensions and fingerprints; for a PEM bundle, each certificate's in turn (one JSON line each, or
/// text blocks separated by a blank line).
enum CertificateCommand {
    static func run(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        let (flags, name) = try parseSingleInput(arguments, command: "cert", flags: ["--json"])
        let json = flags.contains("--json")
        let certificates = try CertificateBundle.certificates(in: try readRawInput(name, io: io), name: name)
        for (index, certificate) in certificates.enumerated() {
            let fields = describe(certificate)
            if json {
                try io.out(JSONOutput.line(.object(fields)))
            } else {
                try io.out((index > 0 ? "\n" : "") + JSONOutput.indentedText(fields))
            }
        }
    }

    /// The certificate as ordered fields, shared by the text and JSON forms.
    static func describe(_ certificate: Certificate) -> [(String, JSONValue)] {
        let key: JSONValue
        if case .rsa(let rsa) = certificate.publicKey {
            key = .object([("type", .string("RSA")), ("bits", .integer(Int64(rsa.modulusBitCount)))])
        } else {
            key = .object([
                (
                    "type",
                    .string(
                        OIDNames.name(for: certificate.publicKeyAlgorithm.description)
                            ?? certificate.publicKeyAlgorithm.description
                    )
                )
            ])
        }
        return [
            ("subject", .string(certificate.subject.description)),
            ("issuer", .string(certificate.issuer.description)),
            ("serial", .string(hex(certificate.serialNumber))),
            ("version", .integer(Int64(certificate.version))),
            ("notBefore", .string(time(certificate.notBefore))),
            ("notAfter", .string(time(certificate.notAfter))),
            ("publicKey", key),
            ("signatureAlgorithm", .string(certificate.signatureAlgorithm.description)),
            ("extensions", .array(certificate.extensions.map { describe($0, in: certificate) })),
            ("sha1Fingerprint", .string(hex(Insecure.SHA1.hash(certificate.encoded)))),
            ("sha256Fingerprint", .string(hex(SHA256.hash(certificate.encoded)))),
        ]
    }

    private static func describe(_ item: Extension, in certificate: Certificate) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("oid", .string(item.oid.description)),
            ("name", .string(OIDNames.name(for: item.oid.description) ?? item.oid.description)),
            ("critical", .bool(item.isCritical)),
        ]
        switch item.oid {
        case .basicConstraints:
            if let constraints = certificate.basicConstraints {
                fields.append(("ca", .bool(constraints.isCertificateAuthority)))
                fields.append(("pathLength", constraints.pathLengthConstraint.map { .integer(Int64($0)) } ?? .null))
            }
        case .keyUsage:
            fields.append(("usages", .array((certificate.keyUsage?.names ?? []).map { .string($0) })))
        case .extendedKeyUsage:
            fields.append(("purposes", .array((certificate.extendedKeyUsage ?? []).map { .string(name($0)) })))
        case .certificatePolicies:
            fields.append(("policies", .array((certificate.policies ?? []).map { .string(name($0)) })))
        case .subjectKeyIdentifier:
            fields.append(("keyIdentifier", .string(hex(certificate.subjectKeyIdentifier ?? []))))
        case .authorityKeyIdentifier:
            fields.append(("keyIdentifier", .string(hex(certificate.authorityKeyIdentifier ?? []))))
        default:
            fields.append(("value", .string(hex(item.value))))
        }
        return .object(fields)
    }

    private static func name(_ oid: OID) -> String {
        OIDNames.name(for: oid.description).map { "\(oid) (\($0))" } ?? oid.description
    }

    private static func time(_ seconds: Int64) -> String {
        UTCDateTime.rfc3339(secondsSince1970: seconds)
    }

    private static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        Hex.encode(bytes, uppercase: true)
    }
}
