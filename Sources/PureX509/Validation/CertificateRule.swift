public import PureDER

/// A path under review: every signature on it verified, from the leaf (index 0) to a trust anchor (the last
/// certificate), with what the rules judge it by.
public struct CandidatePath: Sendable {
    /// The certificates, leaf first, anchor last; a single certificate when the leaf is itself an anchor.
    public let certificates: [Certificate]
    /// The instant the path is validated at, in seconds since 1970.
    public let validationTime: Int64
    /// The algorithm policy of the validation.
    public let algorithms: AlgorithmPolicy
    /// The caller's policy, whose rules run after RFC 5280's.
    public let policy: CertificatePolicy

    /// The leaf.
    public var leaf: Certificate { certificates[0] }
    /// The number of certificates, anchor included.
    public var count: Int { certificates.count }
}

/// How a path breaks a rule: the failure's code, the certificate it is about (0 for the leaf), and why.
public struct RuleViolation: Sendable, Hashable {
    /// What failed; ``PathValidationError/Code/policy`` for rules that are not RFC 5280's.
    public var code: PathValidationError.Code
    /// The index in the path of the certificate that breaks the rule.
    public var certificateIndex: Int
    /// A short explanation.
    public var reason: String

    /// Creates a violation.
    public init(_ code: PathValidationError.Code = .policy, certificateIndex: Int, _ reason: String) {
        self.code = code
        self.certificateIndex = certificateIndex
        self.reason = reason
    }
}

/// One rule a certificate path must meet once its signatures have verified, as a value: a name that failures
/// carry, the critical extensions the rule takes responsibility for, the longest path it allows, and the check.
///
/// RFC 5280's rules are values of this type that ``PathValidator`` always runs (``rfc5280``); a
/// ``CertificatePolicy`` adds others, such as the shape of Apple's receipt chains.
///
/// ```swift
/// let leafIsACA = CertificateRule("leaf is a CA") { path in
///     path.leaf.basicConstraints?.isCertificateAuthority == true
///         ? nil : RuleViolation(certificateIndex: 0, "the leaf is not a CA")
/// }
/// let policy = CertificatePolicy.issuanceProfile.adding(leafIsACA)
/// ```
public struct CertificateRule: Sendable {
    /// The rule's name, which a failure names (``PathValidationError/rule``).
    public let name: String
    /// Critical extensions this rule enforces, which therefore no longer fail validation as unknown
    /// (RFC 5280 §6.1.4 (o)).
    public let understoodCriticalExtensions: [OID]
    /// The most certificates, anchor included, of a path this rule can accept; path building does not look for
    /// longer ones. `nil`: no limit of the rule's own.
    public let maximumPathLength: Int?
    private let check: @Sendable (CandidatePath) -> RuleViolation?

    /// Creates a rule; `check` returns `nil` when a path meets it.
    public init(
        _ name: String,
        understoodCriticalExtensions: [OID] = [],
        maximumPathLength: Int? = nil,
        check: @escaping @Sendable (CandidatePath) -> RuleViolation?
    ) {
        self.name = name
        self.understoodCriticalExtensions = understoodCriticalExtensions
        self.maximumPathLength = maximumPathLength
        self.check = check
    }

    /// `nil` when `path` meets the rule, or how it does not.
    public func evaluate(_ path: CandidatePath) -> RuleViolation? {
        check(path)
    }
}

extension CertificateRule {
    /// How `path` departs from the shape a PKI of marked certificates, like Apple's, issues: exactly `length`
    /// certificates, the leaf carrying the extension `leafMarker`, every intermediate `intermediateMarker` (when
    /// given). A path of one certificate — a leaf the caller named as an anchor — is that certificate, and has no
    /// fault. For rules that say it in their issuer's words.
    public static func markedPathFault(
        _ path: CandidatePath,
        length: Int,
        leafMarker: OID,
        intermediateMarker: OID?
    ) -> MarkedPathFault? {
        guard path.count > 1 else { return nil }
        guard path.count == length else { return .length(path.count) }
        guard path.leaf.findExtension(leafMarker) != nil else { return .leafMarker }
        if let intermediateMarker {
            for index in 1..<(path.count - 1) where path.certificates[index].findExtension(intermediateMarker) == nil {
                return .intermediateMarker(certificateIndex: index)
            }
        }
        return nil
    }

    /// A leaf whose extendedKeyUsage, if it has one, allows `purpose` or any purpose (RFC 5280 §4.2.1.12);
    /// the rule takes responsibility for a critical extendedKeyUsage.
    public static func leafExtendedKeyUsage(allowing purpose: OID) -> CertificateRule {
        CertificateRule("leaf extended key usage", understoodCriticalExtensions: [.extendedKeyUsage]) { path in
            guard let purposes = path.leaf.extendedKeyUsage, !purposes.contains(purpose),
                !purposes.contains(.anyExtendedKeyUsage)
            else { return nil }
            return RuleViolation(certificateIndex: 0, "the leaf's extendedKeyUsage does not allow \(purpose)")
        }
    }
}

/// How a path departs from a marked PKI's shape
/// (``CertificateRule/markedPathFault(_:length:leafMarker:intermediateMarker:)``).
public enum MarkedPathFault: Sendable, Hashable {
    /// The path has this many certificates, not the shape's.
    case length(Int)
    /// The leaf lacks its marker.
    case leafMarker
    /// The intermediate at this index lacks its marker.
    case intermediateMarker(certificateIndex: Int)
}
