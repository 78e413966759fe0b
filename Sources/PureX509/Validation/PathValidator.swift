import PureCrypto
import PureDER

/// Builds a path from a leaf through an unordered bag of candidate certificates to a trust anchor, and
/// validates it at a given instant (RFC 5280 §6.1, for the checks that apply without name constraints or
/// policy mappings).
///
/// ```swift
/// let validator = PathValidator(anchors: [appleRoot], algorithms: .allowingSHA1)
/// let chain = try validator.validate(leaf: signer, intermediates: embedded, at: receiptCreationDate)
/// ```
///
/// The validator never reads a clock: the instant is an input. Issuers are matched by the raw bytes of their
/// names; key identifiers only order the candidates. A certificate never appears twice in one path.
public struct PathValidator: Sendable {
    /// The most signature checks one validation makes before giving up.
    public static let maximumSignatureChecks = 100
    /// The most certificates in one path, anchor included.
    public static let maximumPathLength = 10

    /// The trusted certificates: their names and keys end paths; their own signatures are not checked.
    public let anchors: [Certificate]
    /// Which signature algorithms and key sizes are accepted.
    public let algorithms: AlgorithmPolicy
    /// Whether paths of two or more certificates must also follow the rules RFC 5280 §4 sets for what CAs
    /// issue (key identifiers present and not critical, critical basicConstraints on CAs, a non-empty issuer;
    /// ``PathValidationError/Code/profileViolation``). §6 path validation does not need them: they make path
    /// building unambiguous and catch careless CAs. Test PKIs made by tools that omit key identifiers fail them.
    public let checksIssuanceProfile: Bool

    /// Creates a validator.
    public init(anchors: [Certificate], algorithms: AlgorithmPolicy = .standard, checksIssuanceProfile: Bool = true) {
        self.anchors = anchors
        self.algorithms = algorithms
        self.checksIssuanceProfile = checksIssuanceProfile
    }

    /// Validates `leaf` at `time` (seconds since 1970), building the path through `intermediates`.
    public func validate(
        leaf: Certificate,
        intermediates: [Certificate],
        at time: Int64
    ) throws(PathValidationError) -> ValidatedChain {
        try validate(leaf: leaf, intermediates: intermediates, at: time, policy: NoAdditionalPolicy())
    }

    /// Validates `leaf` at `time`, then asks `policy` about the chain.
    public func validate<Policy: CertificatePolicy>(
        leaf: Certificate,
        intermediates: [Certificate],
        at time: Int64,
        policy: Policy
    ) throws(PathValidationError) -> ValidatedChain {
        var search = Search(validator: self, intermediates: intermediates, time: time, policy: policy)
        if let chain = search.extend([leaf]) { return chain }
        throw search.bestError
            ?? PathValidationError(
                .noPath,
                certificateIndex: nil,
                subject: nil,
                "no chain of issuers leads from \(leaf.subject) to a trust anchor"
            )
    }
}

/// One depth-first path search, with its budget and the most informative failure seen.
private struct Search<Policy: CertificatePolicy> {
    let validator: PathValidator
    let intermediates: [Certificate]
    let time: Int64
    let policy: Policy
    var signatureChecks = 0
    /// The first failure of a complete path (validity, constraints, policy): the most telling one.
    var completePathError: PathValidationError?
    /// The first failure while searching (a signature, a limit).
    var searchError: PathValidationError?

    /// What to report when no path validated.
    var bestError: PathValidationError? { completePathError ?? searchError }

    /// Extends `path` (leaf first) towards an anchor; returns the first path that validates.
    mutating func extend(_ path: [Certificate]) -> ValidatedChain? {
        let last = path[path.count - 1]
        // A leaf that is itself an anchor is trusted as it is.
        if path.count == 1, validator.anchors.contains(where: { $0.encoded == last.encoded }) {
            return finish(path)
        }
        guard path.count < PathValidator.maximumPathLength else {
            record(.searchLimitReached, path.count - 1, last, "path longer than \(PathValidator.maximumPathLength)")
            return nil
        }
        // A certificate given twice is tried once. `tried` holds only candidates whose signature was checked, at
        // most the search's budget, so a container of many copies costs linear time, not quadratic.
        var tried: [ArraySlice<UInt8>] = []
        for (candidate, isAnchor) in candidates(for: last) {
            guard !path.contains(where: { $0.encoded == candidate.encoded }) else { continue }  // a loop
            guard !tried.contains(candidate.encoded) else { continue }
            tried.append(candidate.encoded)
            guard signatureChecks < PathValidator.maximumSignatureChecks else {
                record(
                    .searchLimitReached,
                    nil,
                    nil,
                    "gave up after \(PathValidator.maximumSignatureChecks) signature checks"
                )
                return nil
            }
            signatureChecks += 1
            if let failure = checkSignature(of: last, by: candidate) {
                record(failure.0, path.count - 1, last, failure.1)
                continue
            }
            if isAnchor, let chain = finish(path + [candidate]) { return chain }
            if !isAnchor, let chain = extend(path + [candidate]) { return chain }
        }
        return nil
    }

    /// Anchors first, then intermediates, whose subject is `certificate`'s issuer; among them, those whose
    /// subject key identifier matches its authority key identifier first.
    func candidates(for certificate: Certificate) -> [(Certificate, Bool)] {
        // An empty issuer names no one (RFC 5280 §4.1.2.4), even a CA whose subject is empty too.
        guard !certificate.issuer.isEmpty else { return [] }
        let issuer = certificate.issuer.encoded
        let named =
            validator.anchors.filter { $0.subject.encoded == issuer }.map { ($0, true) }
            + intermediates.filter { $0.subject.encoded == issuer }.map { ($0, false) }
        guard let wanted = certificate.authorityKeyIdentifier else { return named }
        return named.filter { $0.0.subjectKeyIdentifier == wanted }
            + named.filter { $0.0.subjectKeyIdentifier != wanted }
    }

    /// `nil` if `issuer`'s key verifies `certificate`'s signature under the algorithm policy.
    func checkSignature(of certificate: Certificate, by issuer: Certificate) -> (PathValidationError.Code, String)? {
        guard let digest = certificate.signatureAlgorithm.rsaDigest else {
            return (.algorithmNotAllowed, "signature algorithm \(certificate.signatureAlgorithm) is not supported")
        }
        guard validator.algorithms.allowedRSADigests.contains(digest) else {
            return (.algorithmNotAllowed, "signature algorithm \(certificate.signatureAlgorithm) is not allowed")
        }
        guard let key = issuer.publicKey else {
            return (.algorithmNotAllowed, "the issuer's \(issuer.publicKeyAlgorithm) key is not supported")
        }
        if let refusal = validator.algorithms.refusal(of: key, owner: "the issuer's") {
            return (.algorithmNotAllowed, refusal)
        }
        guard key.isValidSignature(certificate.signature, for: certificate.tbsCertificate, padding: .pkcs1v15(digest))
        else {
            return (.badSignature, "the signature does not verify with the key of \(issuer.subject)")
        }
        return nil
    }

    /// RFC 5280 checks on a complete path whose signatures have verified; then the caller's policy.
    mutating func finish(_ path: [Certificate]) -> ValidatedChain? {
        let understood = Certificate.understoodExtensions + policy.understoodCriticalExtensions
        for (index, certificate) in path.enumerated() {
            guard certificate.notBefore <= time else {
                return fail(
                    .notYetValid,
                    index,
                    certificate,
                    "valid only from \(Self.text(certificate.notBefore)), after \(Self.text(time))"
                )
            }
            guard time <= certificate.notAfter else {
                return fail(
                    .expired,
                    index,
                    certificate,
                    "expired at \(Self.text(certificate.notAfter)), before \(Self.text(time))"
                )
            }
            if let unknown = certificate.extensions.first(where: { $0.isCritical && !understood.contains($0.oid) }) {
                return fail(
                    .unknownCriticalExtension,
                    index,
                    certificate,
                    "critical extension \(unknown.oid) is not understood"
                )
            }
            if index == 0 {
                // The leaf's key signs what the caller verifies next: it meets the same algorithm policy.
                if let key = certificate.publicKey,
                    let refusal = validator.algorithms.refusal(of: key, owner: "the leaf's")
                {
                    return fail(.algorithmNotAllowed, index, certificate, refusal)
                }
                if let usage = certificate.keyUsage, !usage.digitalSignature {
                    return fail(.keyUsage, index, certificate, "keyUsage lacks digitalSignature")
                }
                continue
            }
            // An issuer: a CA allowed to sign certificates.
            guard let constraints = certificate.basicConstraints, constraints.isCertificateAuthority else {
                return fail(.notCertificateAuthority, index, certificate, "issues certificates but is not a CA")
            }
            if let usage = certificate.keyUsage, !usage.keyCertSign {
                return fail(.keyUsage, index, certificate, "keyUsage lacks keyCertSign")
            }
        }
        if validator.checksIssuanceProfile, path.count > 1, let (index, reason) = Self.profileViolation(in: path) {
            return fail(.profileViolation, index, path[index], reason)
        }
        if let index = Self.pathLengthViolation(in: path) {
            return fail(
                .pathLengthExceeded,
                index,
                path[index],
                "one intermediate more than a pathLenConstraint above allows"
            )
        }
        if case .failsToMeetPolicy(let index, let reason) = policy.check(path) {
            let certificate = path.indices.contains(index) ? path[index] : nil
            return fail(.policy, index, certificate, reason)
        }
        return ValidatedChain(certificates: path, validationTime: time)
    }

    /// An instant as RFC 3339 text, for messages.
    static func text(_ seconds: Int64) -> String {
        UTCDateTime.rfc3339(secondsSince1970: seconds)
    }

    /// The first certificate that breaks a rule RFC 5280 §4 sets for what CAs issue, and why. Checked on paths
    /// of two or more certificates: a lone self-signed leaf that is its own anchor carries what its maker chose.
    static func profileViolation(in path: [Certificate]) -> (Int, String)? {
        for (index, certificate) in path.enumerated() {
            let isIssuer = index > 0
            let isAnchor = index == path.count - 1
            if certificate.issuer.isEmpty {
                return (index, "an empty issuer name (§4.1.2.4)")
            }
            // Two checks, not a loop over an array literal, which allocated for each certificate of each path.
            if certificate.isCriticalExtension(.authorityKeyIdentifier) == true {
                return (index, "authority key identifier marked critical (§4.2.1.1–2)")
            }
            if certificate.isCriticalExtension(.subjectKeyIdentifier) == true {
                return (index, "subject key identifier marked critical (§4.2.1.1–2)")
            }
            if !isAnchor && certificate.authorityKeyIdentifier == nil {
                return (index, "no authority key identifier (§4.2.1.1)")
            }
            if isIssuer && certificate.subjectKeyIdentifier == nil {
                return (index, "a CA without a subject key identifier (§4.2.1.2)")
            }
            if isIssuer && certificate.isCriticalExtension(.basicConstraints) != true {
                return (index, "a CA whose basicConstraints is not critical (§4.2.1.9)")
            }
            if certificate.keyUsage?.keyCertSign == true && certificate.basicConstraints?.isCertificateAuthority != true
            {
                return (index, "keyCertSign on a certificate that is not a CA (§4.2.1.9)")
            }
        }
        return nil
    }

    /// The index of the first intermediate that a pathLenConstraint above it does not allow, walking from the
    /// anchor down as RFC 5280 §6.1.4 (l) and (m) do; self-issued intermediates do not count.
    static func pathLengthViolation(in path: [Certificate]) -> Int? {
        var remaining: Int? = nil  // how many more non-self-issued intermediates may follow; nil: no limit yet
        for index in stride(from: path.count - 1, through: 1, by: -1) {
            let certificate = path[index]
            if index < path.count - 1 && !certificate.isSelfIssued, let allowed = remaining {
                guard allowed > 0 else { return index }
                remaining = allowed - 1
            }
            if let limit = certificate.basicConstraints?.pathLengthConstraint {
                remaining = min(remaining ?? limit, limit)
            }
        }
        return nil
    }

    /// Records a complete path's failure (the first one is kept) and returns `nil`.
    private mutating func fail(
        _ code: PathValidationError.Code,
        _ index: Int,
        _ certificate: Certificate?,
        _ reason: String
    ) -> ValidatedChain? {
        if completePathError == nil {
            completePathError = PathValidationError(
                code,
                certificateIndex: index,
                subject: certificate?.subject.description,
                reason
            )
        }
        return nil
    }

    /// Records a failure met while searching (the first one is kept).
    private mutating func record(
        _ code: PathValidationError.Code,
        _ index: Int?,
        _ certificate: Certificate?,
        _ reason: String
    ) {
        if searchError == nil {
            searchError = PathValidationError(
                code,
                certificateIndex: index,
                subject: certificate?.subject.description,
                reason
            )
        }
    }
}
