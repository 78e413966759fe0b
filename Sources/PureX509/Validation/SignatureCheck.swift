import PureCrypto

extension AlgorithmPolicy {
    /// Why this policy refuses `certificate`'s signature by `issuer` before any arithmetic, or `nil`: an algorithm
    /// this library does not verify or the policy does not allow (`algorithmNotAllowed`), an issuer key it does not
    /// implement or accept (`algorithmNotAllowed`), or an issuer key of another family than the signature's — an
    /// RSA signature and an elliptic-curve key, or the reverse — which no signature verifies with (`badSignature`).
    func signatureRefusal(
        of certificate: Certificate,
        issuedBy issuer: Certificate
    ) -> (code: PathValidationError.Code, reason: String)? {
        let algorithm = certificate.signatureAlgorithm
        let wantsCurve: Bool
        if let digest = algorithm.rsaDigest {
            if let refusal = refusal(of: digest) {
                return (.algorithmNotAllowed, "signature algorithm \(algorithm): \(refusal)")
            }
            wantsCurve = false
        } else if let digest = algorithm.ecdsaDigest {
            if let refusal = refusal(of: digest) {
                return (.algorithmNotAllowed, "signature algorithm \(algorithm): \(refusal)")
            }
            wantsCurve = true
        } else {
            return (.algorithmNotAllowed, "signature algorithm \(algorithm) is not supported")
        }
        guard let key = issuer.publicKey else {
            return (.algorithmNotAllowed, "the issuer's \(issuer.publicKeyAlgorithm) key is not supported")
        }
        guard (key.curve != nil) == wantsCurve else {
            return (.badSignature, "a \(algorithm) signature cannot verify with the issuer's \(key.description) key")
        }
        return refusal(of: key, owner: "the issuer's").map { (.algorithmNotAllowed, $0) }
    }

    /// Whether `issuer`'s key verifies `certificate`'s signature over its TBSCertificate, for a pair
    /// ``signatureRefusal(of:issuedBy:)`` does not refuse.
    func verifiesSignature(of certificate: Certificate, issuedBy issuer: Certificate) -> Bool {
        guard let key = issuer.publicKey else { return false }
        let algorithm = certificate.signatureAlgorithm
        switch key {
        case .rsa(let rsa):
            guard let digest = algorithm.rsaDigest else { return false }
            return rsa.isValidSignature(
                certificate.signature,
                for: certificate.tbsCertificate,
                padding: .pkcs1v15(digest)
            )
        case .p256(let ec):
            guard let digest = algorithm.ecdsaDigest else { return false }
            return ec.isValidSignature(
                derRepresentation: certificate.signature,
                for: certificate.tbsCertificate,
                digest: digest
            )
        case .p384(let ec):
            guard let digest = algorithm.ecdsaDigest else { return false }
            return ec.isValidSignature(
                derRepresentation: certificate.signature,
                for: certificate.tbsCertificate,
                digest: digest
            )
        }
    }
}
