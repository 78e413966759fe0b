import Foundation
import PureDER
import Testing
import VectorSupport

@testable import PureX509

/// Rules as values (issue 24): a failure names the rule that failed, policies compose by value, the longest path
/// is the strictest rule's, and a rule that claims a critical extension makes paths with it validate. On the
/// project's PKI (TestVectors/x509/pki) at its instant.
@Suite struct CertificatePolicyTests {
    static let folder = ProjectVectors.folder("x509/pki")
    static let at: Int64 = 1_717_200_000
    /// The critical extension of `leaf-unknown-critical-extension.der` (value NULL).
    static let privateExtension = OID(1, 3, 6, 1, 4, 1, 55_555, 1)

    static func certificate(_ file: String) throws -> Certificate {
        try Certificate(derEncoded: ProjectVectors.bytes(folder.appendingPathComponent(file)))
    }

    /// Validates `leaf` under the PKI's intermediate and root with `policy`.
    static func validate(
        _ leaf: String,
        intermediates: [String] = ["intermediate.der"],
        policy: CertificatePolicy
    ) throws -> Result<ValidatedChain, PathValidationError> {
        let validator = PathValidator(anchors: [try certificate("root.der")], algorithms: .standard)
        let leaf = try certificate(leaf)
        let intermediates = try intermediates.map(certificate)
        return Result { () throws(PathValidationError) in
            try validator.validate(leaf: leaf, intermediates: intermediates, at: at, policy: policy)
        }
    }

    static func refusing(_ name: String, at index: Int = 0, maximumPathLength: Int? = nil) -> CertificateRule {
        CertificateRule(name, maximumPathLength: maximumPathLength) { _ in
            RuleViolation(certificateIndex: index, "\(name) refuses every path")
        }
    }

    static func accepting(_ name: String, maximumPathLength: Int? = nil, understands: [OID] = []) -> CertificateRule {
        CertificateRule(name, understoodCriticalExtensions: understands, maximumPathLength: maximumPathLength) { _ in
            nil
        }
    }

    @Test func aComposedPolicysFailureNamesItsRuleAndCertificate() throws {
        let policy =
            CertificatePolicy.issuanceProfile.adding(Self.accepting("first"))
            + CertificatePolicy([
                Self.refusing("intermediate shape", at: 1), Self.refusing("never reached"),
            ])
        #expect(
            policy.rules.map(\.name) == ["RFC 5280 issuance profile", "first", "intermediate shape", "never reached"]
        )
        let error = try #require(try Self.validate("leaf.der", policy: policy).failure)
        #expect(error.code == .policy)
        #expect(error.rule == "intermediate shape")
        #expect(error.certificateIndex == 1)
        #expect(error.subject == (try Self.certificate("intermediate.der")).subject.description)
        #expect(error.reason == "intermediate shape refuses every path")
        // Without the refusing rules, the same chain validates: the failure was the rule's.
        _ = try Self.validate("leaf.der", policy: .issuanceProfile.adding(Self.accepting("first"))).get()
    }

    /// RFC 5280's own rules are values too, run before the caller's: each failure carries its rule's name.
    @Test(arguments: [
        ("expired-leaf.der", ["intermediate.der"], PathValidationError.Code.expired, 0, "validity period"),
        ("not-yet-valid-leaf.der", ["intermediate.der"], .notYetValid, 0, "validity period"),
        (
            "leaf-unknown-critical-extension.der", ["intermediate.der"], .unknownCriticalExtension, 0,
            "critical extensions understood"
        ),
        ("leaf-keyusage-no-digitalsignature.der", ["intermediate.der"], .keyUsage, 0, "leaf key usage"),
        ("intermediate-not-ca-leaf.der", ["intermediate-not-ca.der"], .notCertificateAuthority, 1, "issuers are CAs"),
        (
            "intermediate-without-keycertsign-leaf.der", ["intermediate-without-keycertsign.der"], .keyUsage, 1,
            "issuer key usage"
        ),
        (
            "pathlen-exceeded-leaf.der", ["pathlen-exceeded-int-b.der", "pathlen-exceeded-int-a.der"],
            .pathLengthExceeded, 1, "path length constraints"
        ),
        ("leaf-wrong-signature.der", ["intermediate.der"], .badSignature, 0, "signature"),
    ])
    func anRFC5280FailureNamesItsRule(
        _ leaf: String,
        _ intermediates: [String],
        _ code: PathValidationError.Code,
        _ index: Int,
        _ rule: String
    ) throws {
        let error = try #require(try Self.validate(leaf, intermediates: intermediates, policy: .none).failure)
        #expect(error.code == code, "\(error)")
        #expect(error.certificateIndex == index, "\(error)")
        #expect(error.rule == rule, "\(error)")
    }

    /// The issuance profile is a rule of a policy, not of RFC 5280's set: a leaf without an authority key
    /// identifier (TestVectors/x509/repeated-candidates) fails it by name, and validates without it.
    @Test func theIssuanceProfileIsARuleAPolicyCanDrop() throws {
        let folder = ProjectVectors.folder("x509/repeated-candidates")
        let leaf = try Certificate(derEncoded: ProjectVectors.bytes(folder.appendingPathComponent("leaf.der")))
        let root = try Certificate(derEncoded: ProjectVectors.bytes(folder.appendingPathComponent("root.der")))
        let validator = PathValidator(anchors: [root])
        do throws(PathValidationError) {
            _ = try validator.validate(leaf: leaf, intermediates: [], at: leaf.notBefore, policy: .issuanceProfile)
            Issue.record("a leaf without an authority key identifier met the issuance profile")
        } catch {
            #expect(error.code == .profileViolation && error.certificateIndex == 0)
            #expect(error.rule == "RFC 5280 issuance profile")
            #expect(error.reason == "no authority key identifier (§4.2.1.1)")
        }
        _ = try validator.validate(leaf: leaf, intermediates: [], at: leaf.notBefore, policy: .none)
    }

    @Test func theLongestPathIsTheStrictestRules() {
        #expect(CertificatePolicy.none.maximumPathLength == nil)
        #expect(CertificatePolicy.issuanceProfile.maximumPathLength == nil)
        let policy = CertificatePolicy([
            Self.accepting("five", maximumPathLength: 5), Self.accepting("unbounded"),
            Self.accepting("three", maximumPathLength: 3), Self.accepting("four", maximumPathLength: 4),
        ])
        #expect(policy.maximumPathLength == 3)
        #expect((policy + CertificatePolicy([Self.accepting("two", maximumPathLength: 2)])).maximumPathLength == 2)
        #expect(policy.adding(Self.accepting("six", maximumPathLength: 6)).maximumPathLength == 3)
    }

    /// A rule's longest path prunes the search: leaf, intermediate, root is three certificates, found under a
    /// limit of 3 and not under 2, where the search names the bound it met.
    @Test func theSearchLooksForNoPathLongerThanThePolicyAllows() throws {
        _ = try Self.validate("leaf.der", policy: CertificatePolicy([Self.accepting("three", maximumPathLength: 3)]))
            .get()
        let error = try #require(
            try Self.validate("leaf.der", policy: CertificatePolicy([Self.accepting("two", maximumPathLength: 2)]))
                .failure
        )
        #expect(error.code == .searchLimitReached)
    }

    @Test func aPolicyUnderstandsTheCriticalExtensionsItsRulesClaim() {
        let claims = CertificatePolicy([Self.accepting("a", understands: [.extendedKeyUsage])])
        let composed = claims + CertificatePolicy([Self.accepting("b", understands: [Self.privateExtension])])
        #expect(claims.understands(.extendedKeyUsage))
        #expect(!claims.understands(Self.privateExtension))
        #expect(composed.understands(.extendedKeyUsage) && composed.understands(Self.privateExtension))
        #expect(
            CertificatePolicy.none.adding(Self.accepting("c", understands: [Self.privateExtension]))
                .understands(Self.privateExtension)
        )
        #expect(!CertificatePolicy.none.understands(.extendedKeyUsage))
        #expect(!CertificatePolicy.issuanceProfile.understands(Self.privateExtension))
        #expect(
            CertificateRule.leafExtendedKeyUsage(allowing: .codeSigning).understoodCriticalExtensions
                == [.extendedKeyUsage]
        )
    }

    /// A leaf with a critical private extension fails as unknown; a rule that claims it — and enforces it: here,
    /// that its value is NULL — makes the path validate, and refuses it when its check fails.
    @Test func aRuleThatClaimsACriticalExtensionMakesAPathWithItValidate() throws {
        let leaf = "leaf-unknown-critical-extension.der"
        let unknown = try #require(try Self.validate(leaf, policy: .issuanceProfile).failure)
        #expect(unknown.code == .unknownCriticalExtension && unknown.certificateIndex == 0)
        let extensionIsNull = CertificateRule(
            "private extension is NULL",
            understoodCriticalExtensions: [Self.privateExtension]
        ) { path in
            guard let value = path.leaf.findExtension(Self.privateExtension)?.value, value.elementsEqual([0x05, 0x00])
            else { return RuleViolation(certificateIndex: 0, "the private extension is not NULL") }
            return nil
        }
        let chain = try Self.validate(leaf, policy: .issuanceProfile.adding(extensionIsNull)).get()
        #expect(chain.certificates.count == 3)
        let demandsOther = CertificateRule(
            "private extension is TRUE",
            understoodCriticalExtensions: [Self.privateExtension]
        ) { path in
            path.leaf.findExtension(Self.privateExtension)?.value.elementsEqual([0x01, 0x01, 0xFF]) == true
                ? nil : RuleViolation(certificateIndex: 0, "the private extension is not TRUE")
        }
        let refused = try #require(try Self.validate(leaf, policy: .issuanceProfile.adding(demandsOther)).failure)
        #expect(refused.code == .policy && refused.rule == "private extension is TRUE")
        // A rule that claims another extension does not help.
        let other = Self.accepting("claims another", understands: [OID(1, 3, 6, 1, 4, 1, 55_555, 2)])
        let still = try #require(try Self.validate(leaf, policy: .issuanceProfile.adding(other)).failure)
        #expect(still.code == .unknownCriticalExtension && still.rule == "critical extensions understood")
    }
}
