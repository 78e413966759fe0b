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
    /// The digest algorithm the signer used.
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
    /// The digest algorithm the signer used.
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
    /// signature verifies with its key. The key and the digest are not trusted yet (the chain that would make them
    /// so comes later), so both must first meet `algorithms` — give the policy the chain will be validated under:
    /// what a signer may use is what its chain may. The result only offers the next step, the chain.
    public func verifySignature(
        algorithms: AlgorithmPolicy = .standard
    ) throws(PKCS7Error)
        -> SignatureVerifiedSignedData
    {
        let certificate = try signerCertificate()
        let digest = try signer.digest()
        if let refusal = algorithms.refusal(of: digest) {
            throw PKCS7Error(.unsupportedAlgorithm, "the signer's digest: \(refusal)")
        }
        guard let key = certificate.publicKey else {
            throw PKCS7Error(
                .unsupportedAlgorithm,
                "the signer's \(certificate.publicKeyAlgorithm) key is not supported"
            )
        }
        if let refusal = algorithms.refusal(of: key, owner: "the signer's") {
            throw PKCS7Error(.unsupportedAlgorithm, refusal)
        }
        guard case .rsa(let key) = key else {
            throw PKCS7Error(
                .unsupportedAlgorithm,
                "the signer's \(key.description) key cannot verify an RSA signature"
            )
        }
        let padding = RSASignaturePadding.pkcs1v15(digest)
        let valid: Bool
        if let attributes = signer.signedAttributes {
            try checkSignedAttributes(attributes, digest: digest)
            // The signature covers the original attribute bytes with the [0] IMPLICIT tag replaced by SET (0x31).
            var signedBytes = Array(attributes)
            signedBytes[0] = 0x31
            valid = key.isValidSignature(signer.signature, for: signedBytes, padding: padding)
        } else {
            valid = key.isValidSignature(signer.signature, for: content, padding: padding)
        }
        guard valid else {
            throw PKCS7Error(.badSignature, "the signature does not verify with the key of \(certificate.subject)")
        }
        return SignatureVerifiedSignedData(signedData: self, signerCertificate: certificate, digestAlgorithm: digest)
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
