public import PureDER

/// What a caller's policy says of a chain that passed every RFC 5280 check.
public enum PolicyResult: Sendable, Hashable {
    /// The chain is acceptable.
    case meetsPolicy
    /// The chain is not acceptable because of the certificate at `certificateIndex` (0 for the leaf).
    case failsToMeetPolicy(certificateIndex: Int, reason: String)
}

/// Extra rules on top of RFC 5280 path validation, such as the Apple marker extensions a receipt chain must
/// carry. A policy also names the critical extensions it understands, which then no longer fail validation.
public protocol CertificatePolicy: Sendable {
    /// Critical extensions this policy takes responsibility for.
    var understoodCriticalExtensions: [OID] { get }

    /// Judges a chain, leaf first, anchor last.
    func check(_ chain: [Certificate]) -> PolicyResult
}

/// The policy that adds nothing.
public struct NoAdditionalPolicy: CertificatePolicy {
    /// Creates the policy.
    public init() {}

    /// None.
    public var understoodCriticalExtensions: [OID] { [] }

    /// Always ``PolicyResult/meetsPolicy``.
    public func check(_ chain: [Certificate]) -> PolicyResult { .meetsPolicy }
}
