/// Why no certificate path validated: the step that failed, the certificate it failed on, and why.
public struct PathValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// No chain of issuer names leads from the leaf to a trust anchor.
        case noPath
        /// A certificate's validity ended before the validation instant.
        case expired
        /// A certificate's validity starts after the validation instant.
        case notYetValid
        /// An issuer is not a CA: basicConstraints is missing or says cA FALSE (RFC 5280 §6.1.4 (k)).
        case notCertificateAuthority
        /// More intermediates follow an issuer than its pathLenConstraint allows (RFC 5280 §6.1.4 (l)).
        case pathLengthExceeded
        /// keyUsage forbids the use: keyCertSign on an issuer, digitalSignature on the leaf (RFC 5280 §4.2.1.3).
        case keyUsage
        /// A certificate carries a critical extension this validation does not understand (RFC 5280 §6.1.4 (o)).
        case unknownCriticalExtension
        /// A signature does not verify with its issuer's key.
        case badSignature
        /// A signature algorithm or key is not one the algorithm policy accepts, or not one this library
        /// verifies.
        case algorithmNotAllowed
        /// A certificate breaks a rule RFC 5280 §4 sets for what CAs issue: an empty issuer name, a critical key
        /// identifier, a missing key identifier, a CA whose basicConstraints is not critical, or keyCertSign on
        /// a certificate that is not a CA.
        case profileViolation
        /// The caller's policy refused the chain.
        case policy
        /// Path building met one of its bounds: ``PathValidator/maximumSignatureChecks``,
        /// ``PathValidator/maximumExaminations``, ``PathValidator/maximumIntermediates``, or the longest path
        /// allowed.
        case searchLimitReached

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What failed.
    public var code: Code
    /// The index in the path of the certificate that failed, 0 for the leaf; `nil` when no path was found.
    public var certificateIndex: Int?
    /// That certificate's subject, for people.
    public var subject: String?
    /// A short explanation.
    public var reason: String
    /// The name of the rule that failed (``CertificateRule/name``, or `signature`); `nil` for the limits of
    /// path building and when no path was found.
    public var rule: String?

    /// Creates an error.
    @inline(never)
    public init(_ code: Code, certificateIndex: Int?, subject: String?, _ reason: String, rule: String? = nil) {
        self.code = code
        self.certificateIndex = certificateIndex
        self.subject = subject
        self.reason = reason
        self.rule = rule
    }

    /// `certificate N (subject): reason`.
    public var description: String {
        guard let certificateIndex else { return reason }
        return "certificate \(certificateIndex) (\(subject ?? "?")): \(reason)"
    }
}
