public import PureDER
public import PureX509

/// Why a PKCS#7 / CMS SignedData did not parse or verify: the step, and the error underneath where there is one.
public struct PKCS7Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The bytes are not the ASN.1 of RFC 5652 §3 and §5 (``PKCS7Error/der`` says where).
        case malformed
        /// The ContentInfo holds something other than SignedData.
        case notSignedData
        /// The content is not embedded (a detached signature), so there is nothing to verify.
        case missingContent
        /// Not exactly one SignerInfo: this library verifies single-signer containers, as receipts are.
        case unsupportedSignerCount
        /// More certificates are embedded than ``SignedData/maximumCertificates``.
        case tooManyCertificates
        /// No embedded certificate matches the signer's identifier.
        case signerNotFound
        /// A digest or signature algorithm this library does not verify.
        case unsupportedAlgorithm
        /// The signature algorithm names a digest other than the SignerInfo's digestAlgorithm.
        case algorithmMismatch
        /// Signed attributes lack contentType or messageDigest, or carry either more than once (§5.3, §11).
        case missingAttribute
        /// The messageDigest attribute differs from the digest of the content (§5.4).
        case messageDigestMismatch
        /// The contentType attribute differs from the encapsulated content type (§11.1).
        case contentTypeMismatch
        /// The signature does not verify with the signer certificate's key.
        case badSignature
        /// The signer's certificate path did not validate (``PKCS7Error/path`` says why).
        case untrustedSigner

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What failed.
    public var code: Code
    /// A short explanation for people.
    public var reason: String
    /// The DER error underneath, for ``Code/malformed``.
    @NestedError public var der: DERError?
    /// The certificate error underneath, for a malformed embedded certificate.
    @NestedError public var certificate: X509Error?
    /// The path validation error, for ``Code/untrustedSigner``.
    @NestedError public var path: PathValidationError?

    /// Creates an error.
    @inline(never)
    package init(
        _ code: Code,
        _ reason: String,
        der: DERError? = nil,
        certificate: X509Error? = nil,
        path: PathValidationError? = nil
    ) {
        self.code = code
        self.reason = reason
        self.der = der
        self.certificate = certificate
        self.path = path
    }

    /// The reason, followed by the error underneath.
    public var description: String {
        if let der { return "\(reason): \(der)" }
        if let certificate { return "\(reason): \(certificate)" }
        if let path { return "\(reason): \(path)" }
        return reason
    }
}
