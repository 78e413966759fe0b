import PureCrypto
import PureDER
import PureX509

/// `receipt fingerprint CERT`: the SHA-1 and SHA-256 fingerprints of a certificate's DER bytes, in the form
/// `openssl x509 -fingerprint` prints, for checking a root against the one its owner publishes.
enum FingerprintCommand {
    static func run(_ arguments: [String], io: ToolIO) throws(ToolFailure) {
        guard arguments.count == 1, let path = arguments.first, path == "-" || !path.hasPrefix("-") else {
            throw ToolFailure(status: ExitStatus.usage, message: "fingerprint: expected one CERT file or -")
        }
        let (bytes, _) = try readInput(path, io: io)
        // A fingerprint is over exactly one certificate: refuse anything else rather than hash junk.
        do throws(X509Error) {
            _ = try Certificate(derEncoded: bytes)
        } catch {
            throw ToolFailure(status: ExitStatus.failure, message: "\(path): \(error)")
        }
        io.out("SHA1 Fingerprint=\(colonHex(Insecure.SHA1.hash(bytes)))\n")
        io.out("SHA256 Fingerprint=\(colonHex(SHA256.hash(bytes)))\n")
    }

    /// Uppercase hex octets joined by colons.
    static func colonHex(_ digest: some HashDigest) -> String {
        digest.description.uppercased().enumerated().reduce(into: "") { text, pair in
            if pair.offset > 0 && pair.offset % 2 == 0 { text.append(":") }
            text.append(pair.element)
        }
    }
}
