public import PureDER

/// The rules a caller adds to RFC 5280 path validation, run in order after RFC 5280's own (``rfc5280``): the
/// first rule a path breaks fails it, and path building tries the next path.
///
/// ```swift
/// let policy = CertificatePolicy.issuanceProfile.adding(codeSigningLeaf)
/// let chain = try validator.validate(leaf: signer, intermediates: embedded, at: time, policy: policy)
/// ```
///
/// Policies compose by value: a test PKI that lacks what real CAs issue drops a rule rather than setting a flag.
public struct CertificatePolicy: Sendable {
    /// The rules, in the order they run.
    public private(set) var rules: [CertificateRule]

    /// A policy of `rules`, in that order.
    public init(_ rules: [CertificateRule] = []) {
        self.rules = rules
    }

    /// No rules beyond RFC 5280's.
    public static let none = CertificatePolicy()

    /// RFC 5280 §4's rules for what CAs issue (``CertificateRule/issuanceProfile``), the default of
    /// ``PathValidator/validate(leaf:intermediates:at:policy:)``.
    public static let issuanceProfile = CertificatePolicy([.issuanceProfile])

    /// This policy with `rule` run after its own rules.
    public func adding(_ rule: CertificateRule) -> CertificatePolicy {
        CertificatePolicy(rules + [rule])
    }

    /// The rules of `first`, then those of `second`.
    public static func + (first: CertificatePolicy, second: CertificatePolicy) -> CertificatePolicy {
        CertificatePolicy(first.rules + second.rules)
    }

    /// Whether one of the rules takes responsibility for the critical extension `oid`.
    public func understands(_ oid: OID) -> Bool {
        for rule in rules where rule.understoodCriticalExtensions.contains(oid) { return true }
        return false
    }

    /// The longest path, anchor included, that every rule allows; `nil` when no rule limits it.
    public var maximumPathLength: Int? {
        var limit: Int? = nil
        for rule in rules {
            if let length = rule.maximumPathLength { limit = min(limit ?? length, length) }
        }
        return limit
    }

    /// The first rule `path` breaks, and how; `nil` when it meets every rule.
    func firstViolation(_ path: CandidatePath) -> (rule: CertificateRule, violation: RuleViolation)? {
        for rule in rules {
            if let violation = rule.evaluate(path) { return (rule, violation) }
        }
        return nil
    }
}
