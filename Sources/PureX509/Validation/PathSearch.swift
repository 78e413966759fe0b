import PureDER

/// What one path search did, for the tests that bound it.
package struct PathSearchWork: Sendable, Hashable {
    /// Candidate issuers considered for a path being extended.
    package var examinations = 0
    /// Signatures verified (each edge of the certificate graph at most once).
    package var signatureChecks = 0
    /// Certificate subjects compared with an issuer name while indexing the candidates.
    package var nameComparisons = 0
    /// Certificate encodings compared while folding duplicates.
    package var duplicateComparisons = 0

    /// No work yet.
    package init() {}
}

/// One path search: candidates indexed by issuer name, duplicates folded, each signature checked at most once and
/// only with a key already trusted, and a budget on each kind of work.
///
/// Paths are found by names first: a depth-first search from the leaf through certificates whose subject is the
/// previous one's issuer, to an anchor, trying first the candidates with the shortest chain of names to an anchor
/// and never one whose chain to an anchor is too long for the path (or missing): a bag of names that lead nowhere,
/// or only round in circles, costs one pass over the bag. Only a path of names that reaches an anchor has its
/// signatures checked, and from the anchor down: each key verifies a signature only once the certificate that
/// carries it has been verified by a trusted key, so a hostile candidate's key never runs at all. Nothing here
/// recurses deeper than the longest path allowed.
struct PathSearch {
    /// The certificates: the leaf (0), the anchors (1...anchorCount), then the other candidates, each distinct.
    private let nodes: [Certificate]
    private let anchorCount: Int
    private let validator: PathValidator
    private let time: Int64
    private let policy: CertificatePolicy
    private let maximumLength: Int
    /// For each node but the anchors, the nodes whose subject is its issuer: those with the shortest chain of
    /// names to an anchor first (anchors first of all), then, at equal lengths, those whose subject key identifier
    /// matches the node's authority key identifier.
    private var issuers: [[Int]] = []
    /// For each node, the fewest certificates after it on a chain of names to an anchor: 0 for an anchor,
    /// `Int.max` when no chain of names leads from it to one.
    private var distances: [Int] = []
    /// Signatures already checked: the child, the issuer, and whether it verified.
    private var checkedEdges: [(child: Int, issuer: Int, verifies: Bool)] = []
    private(set) var work = PathSearchWork()
    /// The first failure of a path whose signatures verified (validity, constraints, policy): the most telling.
    private var completePathError: PathValidationError?
    /// The first failure while searching (a signature, a limit).
    private var searchError: PathValidationError?

    init(
        validator: PathValidator,
        leaf: Certificate,
        intermediates: [Certificate],
        time: Int64,
        policy: CertificatePolicy
    ) {
        var nodes = [leaf]
        nodes.reserveCapacity(1 + validator.anchors.count + intermediates.count)
        var work = PathSearchWork()
        // Fold byte-identical certificates once: anchors given twice, a container that repeats a certificate or
        // carries a copy of an anchor; each is one node, tried once. (The leaf is kept apart: it may be an anchor.)
        func add(_ candidate: Certificate) {
            for node in nodes.dropFirst() where node.encoded.count == candidate.encoded.count {
                work.duplicateComparisons += 1
                if node.signature == candidate.signature && node.encoded.hasSameBytes(as: candidate.encoded) { return }
            }
            nodes.append(candidate)
        }
        for anchor in validator.anchors { add(anchor) }
        let anchorCount = nodes.count - 1
        for candidate in intermediates where !candidate.encoded.hasSameBytes(as: leaf.encoded) { add(candidate) }
        self.nodes = nodes
        self.anchorCount = anchorCount
        self.validator = validator
        self.time = time
        self.policy = policy
        self.maximumLength = min(PathValidator.maximumPathLength, policy.maximumPathLength ?? .max)
        self.work = work
        indexIssuers()
    }

    /// Indexes every node's candidate issuers by name (once: n − 1 comparisons of names a node), then measures each
    /// node's chain of names to an anchor, and orders the candidates by it.
    private mutating func indexIssuers() {
        issuers = Array(repeating: [], count: nodes.count)
        distances = Array(repeating: .max, count: nodes.count)
        for node in nodes.indices {
            if isAnchor(node) {
                distances[node] = 0
            } else {
                issuers[node] = namedIssuers(of: node)
            }
        }
        // Each round lengthens the chains found by one certificate, to the longest there is (the count of nodes),
        // so that a chain too long for the path is told from no chain at all.
        for _ in nodes.indices {
            var changed = false
            for node in nodes.indices where !isAnchor(node) {
                for issuer in issuers[node] where distances[issuer] != .max && distances[issuer] + 1 < distances[node] {
                    distances[node] = distances[issuer] + 1
                    changed = true
                }
            }
            if !changed { break }
        }
        for node in nodes.indices where issuers[node].count > 1 {
            // A stable order: at equal lengths, the name index's own order stays.
            let named = issuers[node]
            issuers[node] = named.indices.sorted { (distances[named[$0]], $0) < (distances[named[$1]], $1) }.map {
                named[$0]
            }
        }
    }

    /// What to report when no path validated.
    var bestError: PathValidationError? { completePathError ?? searchError }

    /// The first path that validates; `memo`, when given, spares signatures verified before and records those
    /// verified now.
    mutating func run(memo: inout SignatureMemo?) -> ValidatedChain? {
        // A leaf that is itself an anchor is trusted as it is.
        if nodes[1..<(1 + anchorCount)].contains(where: { $0.encoded.hasSameBytes(as: nodes[0].encoded) }),
            let chain = finish([0])
        {
            return chain
        }
        var path = [0]
        path.reserveCapacity(maximumLength)
        return extend(&path, memo: &memo)
    }

    private func isAnchor(_ node: Int) -> Bool { node >= 1 && node <= anchorCount }

    /// Extends `path` (leaf first) towards an anchor; returns the first path that validates. Recursion depth is
    /// at most ``maximumLength``.
    private mutating func extend(_ path: inout [Int], memo: inout SignatureMemo?) -> ValidatedChain? {
        guard let last = path.last else { return nil }
        guard path.count < maximumLength else {
            record(
                .searchLimitReached,
                path.count - 1,
                nodes[last],
                "no anchor within a path of \(maximumLength) certificates",
                rule: nil
            )
            return nil
        }
        for candidate in issuers[last] {
            // No chain of names from it reaches an anchor.
            guard distances[candidate] != .max else { continue }
            guard !path.contains(candidate) else { continue }  // a loop
            // What RFC 5280 asks of any issuer, known before a signature is checked: a certificate that breaks it
            // is on no valid path.
            if let violation = CertificateRule.issuerViolation(nodes[candidate], at: path.count) {
                record(
                    violation.code,
                    violation.certificateIndex,
                    nodes[candidate],
                    violation.reason,
                    rule: violation.rule
                )
                continue
            }
            // Its shortest chain to an anchor makes the path too long.
            guard path.count + 1 + distances[candidate] <= maximumLength else {
                record(
                    .searchLimitReached,
                    nil,
                    nil,
                    "no anchor within a path of \(maximumLength) certificates",
                    rule: nil
                )
                continue
            }
            guard work.examinations < PathValidator.maximumExaminations else {
                record(
                    .searchLimitReached,
                    nil,
                    nil,
                    "gave up after examining \(PathValidator.maximumExaminations) candidate issuers",
                    rule: nil
                )
                return nil
            }
            work.examinations += 1
            path.append(candidate)
            defer { path.removeLast() }
            if isAnchor(candidate) {
                if signaturesVerify(path, memo: &memo), let chain = finish(path) { return chain }
            } else if let chain = extend(&path, memo: &memo) {
                return chain
            }
        }
        return nil
    }

    /// The nodes whose subject is `node`'s issuer: anchors first, then the others; among each, those whose subject
    /// key identifier matches `node`'s authority key identifier first.
    private mutating func namedIssuers(of node: Int) -> [Int] {
        let certificate = nodes[node]
        // An empty issuer names no one (RFC 5280 §4.1.2.4), even a CA whose subject is empty too.
        guard !certificate.issuer.isEmpty else { return [] }
        let issuer = certificate.issuer.encoded
        var matching: [Int] = []
        var others: [Int] = []
        for index in 1..<nodes.count where index != node {
            work.nameComparisons += 1
            let subject = nodes[index].subject.encoded
            guard subject.hasSameBytes(as: issuer) else { continue }
            if let wanted = certificate.authorityKeyIdentifier, nodes[index].subjectKeyIdentifier == wanted {
                matching.append(index)
            } else {
                others.append(index)
            }
        }
        // Indices ascend, so each list keeps anchors before the other candidates.
        return matching + others
    }

    /// Whether every signature of the named path verifies: first, from the leaf up, that the algorithm policy
    /// accepts each algorithm and issuer key (no arithmetic); then the signatures themselves, from the anchor
    /// down, so that each key is trusted before it is used. A failure is recorded.
    private mutating func signaturesVerify(_ path: [Int], memo: inout SignatureMemo?) -> Bool {
        for position in 0..<(path.count - 1) {
            let child = nodes[path[position]]
            if let (code, reason) = validator.algorithms.signatureRefusal(
                of: child,
                issuedBy: nodes[path[position + 1]]
            ) {
                record(code, position, child, reason, rule: "signature")
                return false
            }
        }
        for position in stride(from: path.count - 2, through: 0, by: -1) {
            let child = path[position]
            let issuer = path[position + 1]
            let verifies: Bool
            if let known = checkedEdges.first(where: { $0.child == child && $0.issuer == issuer }) {
                verifies = known.verifies
            } else if memo?.hasVerified(nodes[child], issuedBy: nodes[issuer]) == true {
                verifies = true
                checkedEdges.append((child, issuer, true))
            } else {
                guard work.signatureChecks < PathValidator.maximumSignatureChecks else {
                    record(
                        .searchLimitReached,
                        nil,
                        nil,
                        "gave up after \(PathValidator.maximumSignatureChecks) signature checks",
                        rule: nil
                    )
                    return false
                }
                work.signatureChecks += 1
                verifies = validator.algorithms.verifiesSignature(of: nodes[child], issuedBy: nodes[issuer])
                checkedEdges.append((child, issuer, verifies))
                if verifies { memo?.recordVerified(nodes[child], issuedBy: nodes[issuer]) }
            }
            guard verifies else {
                record(
                    .badSignature,
                    position,
                    nodes[child],
                    "the signature does not verify with the key of \(nodes[issuer].subject)",
                    rule: "signature"
                )
                return false
            }
        }
        return true
    }

    /// RFC 5280's rules, then the caller's, on a path whose signatures verified.
    private mutating func finish(_ path: [Int]) -> ValidatedChain? {
        let certificates = path.map { nodes[$0] }
        let candidate = CandidatePath(
            certificates: certificates,
            validationTime: time,
            algorithms: validator.algorithms,
            policy: policy
        )
        for rule in CertificateRule.rfc5280 {
            if let violation = rule.evaluate(candidate) {
                return fail(violation, rule: rule, in: certificates)
            }
        }
        if let (rule, violation) = policy.firstViolation(candidate) {
            return fail(violation, rule: rule, in: certificates)
        }
        return ValidatedChain(certificates: certificates, validationTime: time)
    }

    /// Records a complete path's failure (the first one is kept) and returns `nil`.
    private mutating func fail(
        _ violation: RuleViolation,
        rule: CertificateRule,
        in certificates: [Certificate]
    ) -> ValidatedChain? {
        if completePathError == nil {
            let index = violation.certificateIndex
            completePathError = PathValidationError(
                violation.code,
                certificateIndex: index,
                subject: certificates.indices.contains(index) ? certificates[index].subject.description : nil,
                violation.reason,
                rule: rule.name
            )
        }
        return nil
    }

    /// Records a failure met while searching (the first one is kept).
    private mutating func record(
        _ code: PathValidationError.Code,
        _ index: Int?,
        _ certificate: Certificate?,
        _ reason: String,
        rule: String?
    ) {
        if searchError == nil {
            searchError = PathValidationError(
                code,
                certificateIndex: index,
                subject: certificate?.subject.description,
                reason,
                rule: rule
            )
        }
    }
}
