/// Builds a path from a leaf through an unordered bag of candidate certificates to a trust anchor, and
/// validates it at a given instant: RFC 5280 §6.1's rules that apply without name constraints or policy
/// mappings (``CertificateRule/rfc5280``), then the caller's ``CertificatePolicy``.
///
/// ```swift
/// let validator = PathValidator(anchors: [appleRoot], algorithms: .allowingSHA1)
/// let chain = try validator.validate(leaf: signer, intermediates: embedded, at: receiptCreationDate)
/// ```
///
/// The validator never reads a clock: the instant is an input. Issuers are matched by the raw bytes of their
/// names; key identifiers only order the candidates. A certificate never appears twice in one path. The work of
/// one validation is bounded whatever the candidates: at most ``maximumIntermediates`` of them, each signature
/// checked once and only with a key already trusted (``maximumSignatureChecks``), at most
/// ``maximumExaminations`` candidate issuers considered, and paths of at most ``maximumPathLength``
/// certificates (fewer when the policy says so).
public struct PathValidator: Sendable {
    /// The most signature checks one validation makes before giving up.
    public static let maximumSignatureChecks = 100
    /// The most candidate issuers one validation considers before giving up.
    public static let maximumExaminations = 1_000
    /// The most certificates in one path, anchor included.
    public static let maximumPathLength = 10
    /// The most intermediate candidates one validation accepts; more fail at once.
    public static let maximumIntermediates = 64

    /// The trusted certificates: their names and keys end paths; their own signatures are not checked.
    public let anchors: [Certificate]
    /// Which signature algorithms and key sizes are accepted.
    public let algorithms: AlgorithmPolicy

    /// Creates a validator. Each elliptic-curve anchor's key gets a table of multiples of its point (8 KiB for
    /// P-256, 12 KiB for P-384) with which its verifications double a point about an eighth as often; the table
    /// costs about one verification to make, unless the anchor has it already (the anchors of another validator,
    /// of ``PathValidator/appleSignedData`` or of a trust do): create a validator once and use it for every chain.
    public init(anchors: [Certificate], algorithms: AlgorithmPolicy = .standard) {
        self.anchors = Certificate.withPrecomputedKeys(anchors)
        self.algorithms = algorithms
    }

    /// Validates `leaf` at `time` (seconds since 1970), building the path through `intermediates`; RFC 5280's
    /// rules, then `policy`'s, must hold.
    public func validate(
        leaf: Certificate,
        intermediates: [Certificate],
        at time: Int64,
        policy: CertificatePolicy = .issuanceProfile
    ) throws(PathValidationError) -> ValidatedChain {
        var work = PathSearchWork()
        return try validate(leaf: leaf, intermediates: intermediates, at: time, policy: policy, work: &work)
    }

    /// ``validate(leaf:intermediates:at:policy:)``, sparing the arithmetic of signatures that `memo` records as
    /// verified, and recording those it verifies (``SignatureMemo``).
    public func validate(
        leaf: Certificate,
        intermediates: [Certificate],
        at time: Int64,
        policy: CertificatePolicy = .issuanceProfile,
        memo: inout SignatureMemo
    ) throws(PathValidationError) -> ValidatedChain {
        var work = PathSearchWork()
        return try memo.lend { lent throws(PathValidationError) in
            try validate(leaf: leaf, intermediates: intermediates, at: time, policy: policy, work: &work, memo: &lent)
        }
    }

    /// ``validate(leaf:intermediates:at:policy:)``, reporting the work the search did.
    package func validate(
        leaf: Certificate,
        intermediates: [Certificate],
        at time: Int64,
        policy: CertificatePolicy,
        work: inout PathSearchWork
    ) throws(PathValidationError) -> ValidatedChain {
        var noMemo: SignatureMemo? = nil
        return try validate(
            leaf: leaf,
            intermediates: intermediates,
            at: time,
            policy: policy,
            work: &work,
            memo: &noMemo
        )
    }

    /// The search itself, with its work reported and an optional memo.
    package func validate(
        leaf: Certificate,
        intermediates: [Certificate],
        at time: Int64,
        policy: CertificatePolicy,
        work: inout PathSearchWork,
        memo: inout SignatureMemo?
    ) throws(PathValidationError) -> ValidatedChain {
        guard intermediates.count <= Self.maximumIntermediates else {
            throw PathValidationError(
                .searchLimitReached,
                certificateIndex: nil,
                subject: nil,
                "\(intermediates.count) candidate certificates; at most \(Self.maximumIntermediates) are considered",
                rule: nil
            )
        }
        var search = PathSearch(validator: self, leaf: leaf, intermediates: intermediates, time: time, policy: policy)
        defer { work = search.work }
        if let chain = search.run(memo: &memo) { return chain }
        throw search.bestError
            ?? PathValidationError(
                .noPath,
                certificateIndex: nil,
                subject: nil,
                "no chain of issuers leads from \(leaf.subject) to a trust anchor",
                rule: nil
            )
    }
}
