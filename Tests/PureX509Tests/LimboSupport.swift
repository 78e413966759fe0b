import Foundation
import PureDER
import PureX509

// Support for X509LimboTests: the x509-limbo JSON model, the skip categories, and one case's run.

/// A limbo file: `{"version": 1, "testcases": [...]}`.
struct LimboSuite: Decodable {
    let version: Int
    let testcases: [LimboTestcase]
}

/// One limbo testcase. Certificates are PEM; `validation_time` is RFC 3339 text. Fields this harness does
/// not read (description, importance, conflicts_with, peer_certificate_key, …) are ignored by the decoder.
struct LimboTestcase: Decodable {
    struct PeerName: Decodable {
        /// `DNS`, `IP` or `RFC822`.
        let kind: String
        let value: String
    }

    let id: String
    let features: [String]?
    let validationKind: String
    let trustedCerts: [String]
    let untrustedIntermediates: [String]
    let peerCertificate: String
    var validationTime: String?
    let signatureAlgorithms: [String]?
    let keyUsage: [String]?
    let extendedKeyUsage: [String]?
    var expectedResult: String
    let expectedPeerName: PeerName?
    let expectedPeerNames: [PeerName]?
    let maxChainDepth: Int?
    let crls: [String]?

    enum CodingKeys: String, CodingKey {
        case id, features, crls
        case validationKind = "validation_kind"
        case trustedCerts = "trusted_certs"
        case untrustedIntermediates = "untrusted_intermediates"
        case peerCertificate = "peer_certificate"
        case validationTime = "validation_time"
        case signatureAlgorithms = "signature_algorithms"
        case keyUsage = "key_usage"
        case extendedKeyUsage = "extended_key_usage"
        case expectedResult = "expected_result"
        case expectedPeerName = "expected_peer_name"
        case expectedPeerNames = "expected_peer_names"
        case maxChainDepth = "max_chain_depth"
    }

    /// Whether limbo expects the chain to validate.
    var expectsSuccess: Bool { expectedResult == "SUCCESS" }
}

/// Why a case is not run, ordered: a case's first reason is its primary category in the report.
struct SkipReason: Hashable, Comparable, CustomStringConvertible {
    let rank: Int
    let description: String

    static func < (lhs: SkipReason, rhs: SkipReason) -> Bool {
        (lhs.rank, lhs.description) < (rhs.rank, rhs.description)
    }

    static let clientValidation = SkipReason(rank: 0, description: "CLIENT validation kind")
    static let ecdsa = SkipReason(rank: 10, description: "ECDSA keys or signatures")
    static let dsa = SkipReason(rank: 11, description: "DSA keys or signatures")
    static let eddsa = SkipReason(rank: 12, description: "Ed25519/Ed448 keys or signatures")
    static let rsaPSS = SkipReason(rank: 13, description: "RSASSA-PSS signatures")
    static let unsupportedRSADigest = SkipReason(
        rank: 14,
        description: "RSA PKCS#1 v1.5 with a digest other than SHA-1/256/384/512"
    )
    static func otherAlgorithm(_ oid: OID) -> SkipReason {
        SkipReason(rank: 15, description: "other key or signature algorithm \(oid)")
    }
    static func otherCurve(_ oid: OID) -> SkipReason {
        SkipReason(rank: 16, description: "elliptic curve other than P-256 and P-384: \(oid)")
    }
    static let nameConstraints = SkipReason(rank: 20, description: "name constraints (RFC 5280 §4.2.1.10)")
    static let policyProcessing = SkipReason(
        rank: 21,
        description: "certificate policy processing (policyMappings, policyConstraints, inhibitAnyPolicy)"
    )
    static let peerName = SkipReason(
        rank: 30,
        description: "DNS/IP peer-name matching (expected FAILURE, leaf SAN lacks an exact entry for the name)"
    )
    static let extendedKeyUsage = SkipReason(rank: 31, description: "extended key usage requirement")
    static let keyUsage = SkipReason(rank: 32, description: "key usage requirement other than digitalSignature")
    static let signatureAlgorithms = SkipReason(rank: 33, description: "case restricts the signature algorithms")
    static let revocation = SkipReason(rank: 34, description: "CRLs / revocation")
    static let webPKIProfile = SkipReason(
        rank: 35,
        description: "CA/Browser Forum (Web PKI) profile rule outside RFC 5280"
    )
    static func optionalFeature(_ name: String) -> SkipReason {
        SkipReason(rank: 40, description: "optional limbo feature \(name)")
    }

    /// Whether the reason is about algorithms: such a case cannot be run at all.
    var isAlgorithm: Bool { (10..<20).contains(rank) }
}

/// What happened to one case.
enum LimboOutcome {
    /// Our verdict is limbo's: `detail` is the chain we validated, or our error for a rejection.
    case passed(accepted: Bool, detail: String)
    /// Expected SUCCESS and we rejected: a false rejection, with our error.
    case falseReject(error: String)
    /// Expected FAILURE and we accepted: a false accept.
    case falseAccept(chain: String)
    /// Not run, for these reasons (sorted; the first is the primary category). `wouldHave` is what we do
    /// when the case is run anyway, for cases skipped for a reason other than an algorithm.
    case skipped(reasons: [SkipReason], wouldHave: String?)
}

/// The rule for limbo's `max_chain_depth`: at most that many logical (not self-issued) intermediates between the
/// leaf and the anchor. The validator tries other paths when a rule refuses one.
func maxChainDepthRule(_ maximumDepth: Int) -> CertificateRule {
    CertificateRule("max_chain_depth \(maximumDepth)") { path in
        let chain = path.certificates
        guard chain.count > 2 else { return nil }
        let intermediates = chain[1..<(chain.count - 1)].filter { !$0.isSelfIssued }.count
        guard intermediates <= maximumDepth else {
            return RuleViolation(
                certificateIndex: chain.count - 2,
                "\(intermediates) intermediates exceed max_chain_depth \(maximumDepth)"
            )
        }
        return nil
    }
}

/// Runs one limbo case against PathValidator.
enum LimboRunner {
    /// The instant for cases without `validation_time`: 2023-12-02T00:00:00Z, the date of the limbo file.
    /// (Limbo's own harnesses use "now"; every case without a time has certificates valid 1970–2969.)
    static let defaultValidationTime: Int64 = 1_701_475_200

    /// The algorithm policy for every case: the library's ``AlgorithmPolicy/allowingSHA1``, which is what
    /// receipt validation uses (SHA-1 allowed, RSA keys of at least 2048 bits). No case in
    /// limbo-2023-12-02 has an RSA key below 2048 bits, and the Web PKI rules limbo encodes forbid them too.
    static let algorithms = AlgorithmPolicy.allowingSHA1

    /// Limbo features whose cases run here: we implement what they test, or they hold nothing we skip.
    static let runnableFeatures: Set<String> = [
        "max-chain-depth", "rfc5280-incompatible-with-webpki", "denial-of-service",
    ]

    /// The signature algorithms PathValidator verifies.
    static let supportedSignatures: Set<OID> = [
        .sha1WithRSAEncryption, .sha256WithRSAEncryption, .sha384WithRSAEncryption, .sha512WithRSAEncryption,
        .ecdsaWithSHA256, .ecdsaWithSHA384, .ecdsaWithSHA512,
    ]

    /// The key algorithms PathValidator verifies with (an id-ecPublicKey key parses only on P-256 or P-384).
    static let supportedKeys: Set<OID> = [.rsaEncryption, .ecPublicKey]

    /// Extensions PathValidator does not process (RFC 5280 §4.2.1.10, §4.2.1.5, §4.2.1.11, §4.2.1.14).
    static let nameConstraints = OID(2, 5, 29, 30)
    static let policyExtensions = [OID(2, 5, 29, 33), OID(2, 5, 29, 36), OID(2, 5, 29, 54)]

    static func run(_ testcase: LimboTestcase) -> LimboOutcome {
        var reasons = Set(metadataReasons(testcase))

        // Decode and parse every certificate; a parse failure is a rejection.
        var parseErrors: [String] = []
        var unparsedAlgorithms: [OID] = []
        var otherCurves: [OID] = []
        func parse(_ pem: String, _ role: String) -> Certificate? {
            guard let (bytes, _) = try? BinaryInput.decode(Array(pem.utf8)) else {
                parseErrors.append("\(role): not PEM")
                return nil
            }
            do {
                return try Certificate(derEncoded: bytes)
            } catch {
                parseErrors.append("\(role): \(error)")
                if let oid = outerSignatureAlgorithm(bytes) { unparsedAlgorithms.append(oid) }
                if let curve = namedCurve(bytes), NamedCurve(oid: curve) == nil { otherCurves.append(curve) }
                return nil
            }
        }
        let anchors = testcase.trustedCerts.enumerated().compactMap { parse($1, "trusted certificate \($0)") }
        let intermediates = testcase.untrustedIntermediates.enumerated().compactMap {
            parse($1, "intermediate \($0)")
        }
        let leaf = parse(testcase.peerCertificate, "peer certificate")

        // Algorithms: every signature we may check (leaf and intermediates; an anchor's own signature is never
        // checked) and every issuer key (anchors and intermediates). The leaf's key is never used.
        let signatures = intermediates.map(\.signatureAlgorithm.oid) + (leaf.map { [$0.signatureAlgorithm.oid] } ?? [])
        for oid in signatures + unparsedAlgorithms where !supportedSignatures.contains(oid) {
            reasons.insert(algorithmReason(oid))
        }
        for certificate in anchors + intermediates where !supportedKeys.contains(certificate.publicKeyAlgorithm) {
            reasons.insert(algorithmReason(certificate.publicKeyAlgorithm))
        }
        // A key on another named curve fails the parse (PublicKeyError.ellipticCurve): not an algorithm we run.
        for curve in otherCurves { reasons.insert(.otherCurve(curve)) }

        // Extensions we do not process.
        let all = anchors + intermediates + (leaf.map { [$0] } ?? [])
        if all.contains(where: { $0.findExtension(nameConstraints) != nil }) { reasons.insert(.nameConstraints) }
        if all.contains(where: { certificate in policyExtensions.contains { certificate.findExtension($0) != nil } }) {
            reasons.insert(.policyProcessing)
        }

        // Peer names: we never match them, which can only make us accept more; that matters only when the
        // case expects FAILURE and its name does not plainly appear in the leaf's SAN.
        if !testcase.expectsSuccess, let leaf {
            let names = (testcase.expectedPeerName.map { [$0] } ?? []) + (testcase.expectedPeerNames ?? [])
            if !names.allSatisfy({ SubjectAlternativeNames.exactlyContains(leaf, $0) }) {
                reasons.insert(.peerName)
            }
        }

        let time = testcase.validationTime.map { LimboTime.secondsSince1970($0) } ?? defaultValidationTime
        guard let time else {
            return .falseReject(error: "harness: cannot read validation_time \(testcase.validationTime ?? "")")
        }
        let validate: () -> Result<ValidatedChain, PathValidationError>? = {
            guard parseErrors.isEmpty, let leaf else { return nil }
            let validator = PathValidator(anchors: anchors, algorithms: algorithms)
            let policy =
                testcase.maxChainDepth.map { CertificatePolicy.issuanceProfile.adding(maxChainDepthRule($0)) }
                ?? .issuanceProfile
            do throws(PathValidationError) {
                return .success(
                    try validator.validate(leaf: leaf, intermediates: intermediates, at: time, policy: policy)
                )
            } catch {
                return .failure(error)
            }
        }

        if !reasons.isEmpty {
            let sorted = reasons.sorted()
            guard !sorted.contains(where: \.isAlgorithm) else { return .skipped(reasons: sorted, wouldHave: nil) }
            let would: String
            switch validate() {
            case nil: would = "reject (parse: \(parseErrors.joined(separator: "; ")))"
            case .success(let chain)?: would = "accept (\(describe(chain)))"
            case .failure(let error)?: would = "reject (\(error.code): \(error))"
            }
            return .skipped(reasons: sorted, wouldHave: would)
        }

        switch validate() {
        case nil:
            let error = "parse: " + parseErrors.joined(separator: "; ")
            return testcase.expectsSuccess ? .falseReject(error: error) : .passed(accepted: false, detail: error)
        case .success(let chain)?:
            return testcase.expectsSuccess
                ? .passed(accepted: true, detail: describe(chain)) : .falseAccept(chain: describe(chain))
        case .failure(let error)?:
            let text = "\(error.code): \(error)"
            return testcase.expectsSuccess ? .falseReject(error: text) : .passed(accepted: false, detail: text)
        }
    }

    /// Cases whose expected failure rests on a CA/Browser Forum Baseline Requirements rule that RFC 5280 does not
    /// make (the issue leaves them out of scope), with that rule; docs/x509.md lists them.
    static let webPKIProfileCases: [String: String] = [
        "webpki::aki::root-with-aki-missing-keyidentifier": "BR 7.1.2.1: a root's AKI, if any, has a keyIdentifier",
        "webpki::aki::root-with-aki-authoritycertissuer": "BR 7.1.2.1: a root's AKI has no authorityCertIssuer",
        "webpki::aki::root-with-aki-authoritycertserialnumber": "BR 7.1.2.1: a root's AKI has no serial number",
        "webpki::aki::root-with-aki-all-fields": "BR 7.1.2.1: a root's AKI holds only a keyIdentifier",
        "webpki::aki::root-with-aki-ski-mismatch": "BR 7.1.2.1: a root's AKI keyIdentifier equals its SKI",
        "webpki::malformed-aia": "BR 7.1.2.7: the leaf's authorityInformationAccess is well-formed",
        "webpki::ee-basicconstraints-ca": "BR 7.1.2.7.8: a subscriber certificate is not a CA",
    ]

    /// Reasons that come from the case's own fields and features.
    static func metadataReasons(_ testcase: LimboTestcase) -> [SkipReason] {
        var reasons: [SkipReason] = []
        if webPKIProfileCases[testcase.id] != nil { reasons.append(.webPKIProfile) }
        if testcase.validationKind != "SERVER" { reasons.append(.clientValidation) }
        if testcase.extendedKeyUsage?.isEmpty == false { reasons.append(.extendedKeyUsage) }
        // PathValidator requires digitalSignature on the leaf when keyUsage is present: that requirement maps.
        if let usage = testcase.keyUsage, !Set(usage).isSubset(of: ["digitalSignature"]) {
            reasons.append(.keyUsage)
        }
        if testcase.signatureAlgorithms?.isEmpty == false { reasons.append(.signatureAlgorithms) }
        if testcase.crls?.isEmpty == false { reasons.append(.revocation) }
        for feature in testcase.features ?? [] where !runnableFeatures.contains(feature) {
            switch feature {
            case "has-crl": reasons.append(.revocation)
            case "has-cert-policies", "no-cert-policies", "has-policy-constraints": reasons.append(.policyProcessing)
            case "name-constraint-dn": reasons.append(.nameConstraints)
            case "pedantic-webpki-eku": reasons.append(.extendedKeyUsage)
            default: reasons.append(.optionalFeature(feature))
            }
        }
        return reasons
    }

    /// The family of an unsupported key or signature algorithm.
    static func algorithmReason(_ oid: OID) -> SkipReason {
        let arcs = oid.arcs
        if arcs.starts(with: [1, 2, 840, 10_045]) { return .ecdsa }  // id-ecPublicKey, ecdsa-with-*
        if arcs.starts(with: [1, 2, 840, 10_040, 4]) { return .dsa }  // id-dsa, dsa-with-sha1
        if arcs.starts(with: [2, 16, 840, 1, 101, 3, 4, 3]) {
            // NIST sigAlgs: 1–4 dsa-with-sha224…, 5–8 dsa-with-sha3-*, 9–12 ecdsa-with-sha3-*, 13–16 RSA SHA-3.
            switch arcs.count > 8 ? arcs[8] : 0 {
            case 1...8: return .dsa
            case 9...12: return .ecdsa
            case 13...16: return .unsupportedRSADigest
            default: return .otherAlgorithm(oid)
            }
        }
        if arcs == [1, 3, 101, 112] || arcs == [1, 3, 101, 113] { return .eddsa }
        if oid == .rsassaPSS { return .rsaPSS }
        if arcs.starts(with: [1, 2, 840, 113_549, 1, 1]) { return .unsupportedRSADigest }  // md2/md5/sha224 WithRSA
        return .otherAlgorithm(oid)
    }

    /// The outer signatureAlgorithm OID of bytes our parser refused, read leniently, to classify the case.
    static func outerSignatureAlgorithm(_ bytes: [UInt8]) -> OID? {
        try? DERReader.parse(bytes[...], rules: .ber) { reader throws(DERError) in
            try reader.readSequence { certificate throws(DERError) in
                _ = try certificate.readElement()
                let oid = try certificate.readSequence { algorithm throws(DERError) in
                    let oid = try algorithm.readObjectIdentifier()
                    while !algorithm.isAtEnd { _ = try algorithm.readElement() }
                    return oid
                }
                while !certificate.isAtEnd { _ = try certificate.readElement() }
                return oid
            }
        }
    }

    /// The namedCurve of the certificate's subject public key, read leniently from bytes our parser refused;
    /// `nil` when the key is not id-ecPublicKey with an OBJECT IDENTIFIER as its parameters.
    static func namedCurve(_ bytes: [UInt8]) -> OID? {
        try? DERReader.parse(bytes[...], rules: .ber) { reader throws(DERError) in
            try reader.readSequence { certificate throws(DERError) in
                let curve = try certificate.readSequence { tbs throws(DERError) -> OID? in
                    var fields: [DERElement] = []
                    while !tbs.isAtEnd { fields.append(try tbs.readElement()) }
                    // [0] version (optional), serial, signature, issuer, validity, subject, subjectPublicKeyInfo.
                    let first = fields.first?.tag.tagClass == .contextSpecific ? 1 : 0
                    guard fields.count > first + 5 else { return nil }
                    return try DERReader.parse(fields[first + 5].encoded, rules: .ber) { spki throws(DERError) in
                        try spki.readSequence { info throws(DERError) -> OID? in
                            let curve = try info.readSequence { identifier throws(DERError) -> OID? in
                                let algorithm = try identifier.readObjectIdentifier()
                                let parameters = identifier.isAtEnd ? nil : try identifier.readElement()
                                while !identifier.isAtEnd { _ = try identifier.readElement() }
                                guard algorithm == .ecPublicKey, let parameters, parameters.tag == .objectIdentifier
                                else { return nil }
                                return try parameters.objectIdentifier()
                            }
                            while !info.isAtEnd { _ = try info.readElement() }
                            return curve
                        }
                    }
                }
                while !certificate.isAtEnd { _ = try certificate.readElement() }
                return curve
            }
        } ?? nil
    }

    static func describe(_ chain: ValidatedChain) -> String {
        chain.certificates.map { $0.subject.commonName ?? $0.subject.description }.joined(separator: " ← ")
    }
}
