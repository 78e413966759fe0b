import PureCrypto

/// What the invariants of the certificate, pkcs7 and validator targets compare with: SHA-256 digests of the
/// real receipts' and the project's vectors, written by `TestVectors/fuzz/make-seeds.py` into
/// `KnownFacts+Generated.swift` (the vectors in `TestVectors/`) and `KnownFacts+GeneratedOptional.swift` (the
/// real receipt and certificate the repository does not carry, which tests read from `../shared/vectors` when
/// it is present). A fuzzer cannot make a new RSA signature, so whatever verifies must be something that
/// already verified before fuzzing began.
enum KnownFacts {
    /// The facts about one set of vectors.
    struct FactSet: Sendable {
        /// The App Store receipts that `openssl cms -verify` accepts under the Apple Inc. Root at their creation
        /// date (their `.expected.json`): their signed content, signature value and signer certificate.
        let appleValidReceipts: [KnownValidReceipt]
        /// The certificates of those receipts' validated chains, and the Apple Inc. Root.
        let appleChainCertificates: Set<String>
        /// Every certificate among the real ones whose signature the Apple Inc. Root's key verifies (checked in
        /// Python, RFC 8017 §8.2.2), and the root itself.
        let appleRootIssuedCertificates: Set<String>
        /// For every signature in the real receipts and the project's PKCS#7 seeds that verifies (checked in
        /// Python), the digest of `key:signedBytes:signature`, the digests of the SubjectPublicKeyInfo of the
        /// embedded signer certificate, of what the signature covers (the content, or the signed attributes
        /// re-tagged as a SET) and of the signature value.
        let verifiedSignatures: Set<String>
    }

    /// See ``FactSet/appleValidReceipts``.
    static let appleValidReceipts = repository.appleValidReceipts + optional.appleValidReceipts
    /// See ``FactSet/appleChainCertificates``.
    static let appleChainCertificates = repository.appleChainCertificates.union(optional.appleChainCertificates)
    /// See ``FactSet/appleRootIssuedCertificates``.
    static let appleRootIssuedCertificates = repository.appleRootIssuedCertificates.union(
        optional.appleRootIssuedCertificates
    )
    /// See ``FactSet/verifiedSignatures``.
    static let verifiedSignatures = repository.verifiedSignatures.union(optional.verifiedSignatures)

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
