import PureCrypto
import PureDER
import PureX509

/// `receipt fingerprint CERT|-`: the SHA-1 and SHA-256 fingerprints of a certificate's DER bytes, in the form
/// `openssl x509 -fingerprint` prints, for checking a root against the one its owner publishes; for a PEM bundle,
/// one such block per certificate, in order, separated by an empty line.
enum FingerprintCommand {
    static func run(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        let (_, name) = try parseSingleInput(arguments, command: "fingerprint", flags: [])
        // A fingerprint is over exactly one certificate: anything else is refused rather than hashed.
        let certificates = try CertificateBundle.certificates(in: try readRawInput(name, io: io), name: name)
        let blocks = certificates.map { certificate in
            "SHA1 Fingerprint=\(colonHex(Insecure.SHA1.hash(certificate.encoded)))\n"
                + "SHA256 Fingerprint=\(colonHex(SHA256.hash(certificate.encoded)))\n"
        }
        try io.out(blocks.joined(separator: "\n"))
    }

    /// Uppercase hex octets joined by colons.
    static func colonHex(_ digest: some HashDigest) -> String {
        digest.description.uppercased().enumerated().reduce(into: "") { text, pair in
            if pair.offset > 0 && pair.offset % 2 == 0 { text.append(":") }
            text.append(pair.element)
        }
    }
}
