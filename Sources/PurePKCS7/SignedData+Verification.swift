public import PureCrypto
import PureDER
public import PureX509

/// A SignedData whose signature verified and whose signer's certificate path validated: the only way to get
/// the content with that proof attached.
public struct VerifiedSignedData: Sendable {
    /// The signed content.
    public let content: ArraySlice<UInt8>
    /// The signer's certificate path, leaf first.
    public let chain: ValidatedChain
    /// The hash the signer's digestAlgorithm names, which the signature was computed with: for an ECDSA signer
    /// too, where it is the same function under its RSA name (`.sha256` for ecdsa-with-SHA256); the signer
    /// certificate's key (``PureX509/Certificate/publicKey``) tells the schemes apart.
    public let digestAlgorithm: RSADigestAlgorithm
    /// Whether the signature covered signed attributes (true) or the content directly (false).
    public let hadSignedAttributes: Bool
}

/// A SignedData whose signature verified with its signer certificate's key, the chain not yet validated.
public struct SignatureVerifiedSignedData: Sendable {
    /// The container.
    public let signedData: SignedData
    /// The embedded certificate whose key verified the signature.
    public let signerCertificate: Certificate
    /// The hash the signer's digestAlgorithm names, for RSA and ECDSA signers alike
    /// (``VerifiedSignedData/digestAlgorithm``).
    public let digestAlgorithm: RSADigestAlgorithm

    /// The second half of ``SignedData/verify(validator:at:policy:)``: the signer's certificate path validates
    /// at `time` through the other embedded certificates, under `policy`.
    public func validateChain(
        validator: PathValidator,
        at time: Int64,
        policy: CertificatePolicy = .issuanceProfile
    ) throws(PKCS7Error) -> VerifiedSignedData {
        var noMemo: SignatureMemo? = nil
        return try validateChain(validator: validator, at: time, policy: policy, memo: &noMemo)
    }

    /// ``validateChain(validator:at:policy:)``, sparing the arithmetic of certificate signatures `memo` records
    /// as verified and recording those verified now (``PureX509/SignatureMemo``).
    public func validateChain(
        validator: PathValidator,
        at time: Int64,
        policy: CertificatePolicy = .issuanceProfile,
        memo: inout SignatureMemo
    ) throws(PKCS7Error) -> VerifiedSignedData {
        try memo.lend { lent throws(PKCS7Error) in
            try validateChain(validator: validator, at: time, policy: policy, memo: &lent)
        }
    }

    /// The chain step with an optional memo, for the validators above this module.
    package func validateChain(
        validator: PathValidator,
        at time: Int64,
        policy: CertificatePolicy,
        memo: inout SignatureMemo?
    ) throws(PKCS7Error) -> VerifiedSignedData {
        let others = signedData.certificates.filter { !$0.encoded.hasSameBytes(as: signerCertificate.encoded) }
        let chain: ValidatedChain
        do throws(PathValidationError) {
            var work = PathSearchWork()
            chain = try validator.validate(
                leaf: signerCertificate,
                intermediates: others,
                at: time,
                policy: policy,
                work: &work,
                memo: &memo
            )
        } catch {
            throw PKCS7Error(.untrustedSigner, "the signer's certificate path does not validate", path: error)
        }
        return VerifiedSignedData(
            content: signedData.content,
            chain: chain,
            digestAlgorithm: digestAlgorithm,
            hadSignedAttributes: signedData.signer.signedAttributes != nil
        )
    }
}

extension SignedData {
    /// The embedded certificate the signer identifier names.
    public func signerCertificate() throws(PKCS7Error) -> Certificate {
        let found = certificates.first { certificate in
            switch signer.identifier {
            case .issuerAndSerialNumber(let issuer, let serialNumber):
                return certificate.issuer.encoded.hasSameBytes(as: issuer) && certificate.serialNumber == serialNumber
            case .subjectKeyIdentifier(let identifier):
                return certificate.subjectKeyIdentifier == identifier
            }
        }
        guard let found else {
            throw PKCS7Error(.signerNotFound, "no embedded certificate matches the signer identifier")
        }
        return found
    }

    /// Verifies, in order: the signer's certificate is embedded; the signature verifies with its key — over
    /// the signed attributes re-tagged as a SET when there are any (after checking their messageDigest and
    /// contentType), over the content otherwise (RFC 5652 §5.4, §5.6); then the signer's certificate path
    /// validates at `time` through the embedded certificates, under `policy`.
    public func verify(
        validator: PathValidator,
        at time: Int64,
        policy: CertificatePolicy = .issuanceProfile
    ) throws(PKCS7Error) -> VerifiedSignedData {
        try verifySignature(algorithms: validator.algorithms).validateChain(
            validator: validator,
            at: time,
            policy: policy
        )
    }

    /// The first half of ``verify(validator:at:policy:)``: the signer's certificate is embedded and the
    /// signature verifies with its key: RSA PKCS#1 v1.5 with an RSA key, or ECDSA (a DER `Ecdsa-Sig-Value`,
    /// RFC 5753 §2.1.1) with a P-256 or P-384 key. The key and the digest are not trusted yet (the chain that would
    /// make them so comes later), so both must first meet `algorithms` — give the policy the chain will be
    /// validated under: what a signer may use is what its chain may. The result only offers the next step, the
    /// chain.
    ///
    /// A signature algorithm of the other family than the key — an RSA one with an elliptic-curve key, or the
    /// reverse — is ``PKCS7Error/Code/badSignature``, as for a certificate's signature in ``PureX509``: no
    /// signature of that kind verifies with that key.
    public func verifySignature(
        algorithms: AlgorithmPolicy = .standard
    ) throws(PKCS7Error)
        -> SignatureVerifiedSignedData
    {
        let certificate = try signerCertificate()
        let algorithm = try signer.algorithm()
        let digestRefusal: String?
        switch algorithm {
        case .rsa(let digest): digestRefusal = algorithms.refusal(of: digest)
        case .ecdsa(let digest, _): digestRefusal = algorithms.refusal(of: digest)
        }
        if let digestRefusal {
            throw PKCS7Error(.unsupportedAlgorithm, "the signer's digest: \(digestRefusal)")
        }
        guard let key = certificate.publicKey else {
            throw PKCS7Error(
                .unsupportedAlgorithm,
                "the signer's \(certificate.publicKeyAlgorithm) key is not supported"
            )
        }
        let isECDSA: Bool
        if case .ecdsa = algorithm { isECDSA = true } else { isECDSA = false }
        guard (key.curve != nil) == isECDSA else {
            throw PKCS7Error(
                .badSignature,
                "\(algorithm.scheme) signature cannot verify with the signer's \(key.description) key"
            )
        }
        if let refusal = algorithms.refusal(of: key, owner: "the signer's") {
            throw PKCS7Error(.unsupportedAlgorithm, refusal)
        }
        let valid: Bool
        if let attributes = signer.signedAttributes {
            try checkSignedAttributes(attributes, digest: algorithm.hash)
            // The signature covers the original attribute bytes with the [0] IMPLICIT tag replaced by SET (0x31).
            var signedBytes = Array(attributes)
            signedBytes[0] = 0x31
            valid = Self.verifies(signer.signature, over: signedBytes[...], key: key, algorithm: algorithm)
        } else {
            valid = Self.verifies(signer.signature, over: content, key: key, algorithm: algorithm)
        }
        guard valid else {
            throw PKCS7Error(.badSignature, "the signature does not verify with the key of \(certificate.subject)")
        }
        return SignatureVerifiedSignedData(
            signedData: self,
            signerCertificate: certificate,
            digestAlgorithm: algorithm.hash
        )
    }

    /// Whether `signature` signs `message` with `key` under `algorithm`; `false` for a key of the other family,
    /// which ``verifySignature(algorithms:)`` refuses before.
    private static func verifies(
        _ signature: ArraySlice<UInt8>,
        over message: ArraySlice<UInt8>,
        key: PublicKey,
        algorithm: SignerAlgorithm
    ) -> Bool {
        switch (key, algorithm) {
        case (.rsa(let key), .rsa(let digest)):
            return key.isValidSignature(signature, for: message, padding: .pkcs1v15(digest))
        case (.p256(let key), .ecdsa(let digest, _)):
            return key.isValidSignature(derRepresentation: signature, for: message, digest: digest)
        case (.p384(let key), .ecdsa(let digest, _)):
            return key.isValidSignature(derRepresentation: signature, for: message, digest: digest)
        case (.rsa, .ecdsa), (.p256, .rsa), (.p384, .rsa):
            return false
        }
    }

    /// RFC 5652 §5.3 and §11: exactly one contentType equal to the eContentType, and exactly one messageDigest
    /// equal to the content's digest.
    private func checkSignedAttributes(_ attributes: ArraySlice<UInt8>, digest: RSADigestAlgorithm) throws(PKCS7Error) {
        var contentTypes: [OID] = []
        var messageDigests: [ArraySlice<UInt8>] = []
        do throws(DERError) {
            try DERReader.parse(attributes) { reader throws(DERError) in
                let tag = DERTag.contextSpecific(0, constructed: true)
                try reader.readSetOf(tag: tag, eachConstructed: .sequence) { attribute throws(DERError) in
                    let type = try attribute.readObjectIdentifier()
                    let values = try attribute.readElement(.set)
                    var reader = try attribute.reader(forContentsOf: values)
                    switch type {
                    case .pkcs9ContentType:
                        while !reader.isAtEnd { contentTypes.append(try reader.readObjectIdentifier()) }
                    case .pkcs9MessageDigest:
                        while !reader.isAtEnd { messageDigests.append(try reader.readOctetString()) }
                    default:
                        break
                    }
                }
            }
        } catch {
            throw PKCS7Error(.malformed, "the signed attributes are malformed", der: error)
        }
        guard contentTypes.count == 1, messageDigests.count == 1, let type = contentTypes.first,
            let expectedDigest = messageDigests.first
        else {
            throw PKCS7Error(.missingAttribute, "signed attributes need exactly one contentType and one messageDigest")
        }
        guard type == contentType else {
            throw PKCS7Error(
                .contentTypeMismatch,
                "the contentType attribute says \(type), the content is \(contentType)"
            )
        }
        guard digest.digest(of: content)[...] == expectedDigest else {
            throw PKCS7Error(.messageDigestMismatch, "the messageDigest attribute does not match the content")
        }
    }
}
