import PureCrypto

extension AlgorithmPolicy {
    /// Why this policy refuses `certificate`'s signature by `issuer` before any arithmetic — an algorithm this
    /// library does not verify or the policy does not allow, or an issuer key it does not accept — or `nil`.
    func signatureRefusal(
        of certificate: Certificate,
        issuedBy issuer: Certificate
    ) -> (code: PathValidationError.Code, reason: String)? {
        guard let digest = certificate.signatureAlgorithm.rsaDigest else {
            return (.algorithmNotAllowed, "signature algorithm \(certificate.signatureAlgorithm) is not supported")
        }
        if let refusal = refusal(of: digest) {
            return (.algorithmNotAllowed, "signature algorithm \(certificate.signatureAlgorithm): \(refusal)")
        }
        guard let key = issuer.publicKey else {
            return (.algorithmNotAllowed, "the issuer's \(issuer.publicKeyAlgorithm) key is not supported")
        }
        return refusal(of: key, owner: "the issuer's").map { (.algorithmNotAllowed, $0) }
    }

    /// Whether `issuer`'s key verifies `certificate`'s signature, for a pair ``signatureRefusal(of:issuedBy:)``
    /// does not refuse.
    func verifiesSignature(of certificate: Certificate, issuedBy issuer: Certificate) -> Bool {
        guard let digest = certificate.signatureAlgorithm.rsaDigest, let key = issuer.publicKey else { return false }
        switch key {
        case .rsa(let rsa):
            return rsa.isValidSignature(
                certificate.signature,
                for: certificate.tbsCertificate,
                padding: .pkcs1v15(digest)
            )
        }
    }
}
