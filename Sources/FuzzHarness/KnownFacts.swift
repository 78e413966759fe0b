import PureCrypto

/// What the invariants of the certificate, pkcs7 and validator targets compare with: SHA-256 digests of the
/// real receipts' and the project's vectors, written by `TestVectors/fuzz/make-seeds.py` into
/// `KnownFacts+Generated.swift`. A fuzzer cannot make a new RSA signature, so whatever verifies must be
/// something that already verified before fuzzing began.
enum KnownFacts {
    /// One App Store receipt that OpenSSL verifies under the Apple Inc. Root at its creation date.
    struct KnownValidReceipt: Sendable {
        /// SHA-256 of the signed content (the payload).
        let content: String
        /// SHA-256 of the signature value.
        let signature: String
        /// SHA-256 of the signer's certificate.
        let signerCertificate: String
        /// The receipt's creation date (field 12), the instant its chain validates at.
        let creationDate: Int64
    }

    /// Lowercase hexadecimal SHA-256 of `bytes`, as the generated lists spell digests.
    static func sha256<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        SHA256.hash(bytes).description
    }
}
