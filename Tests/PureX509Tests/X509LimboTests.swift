import Foundation
import Testing
import VectorSupport

/// x509-limbo (C2SP/x509-limbo, the file published 2023-12-02; see TestVectors/PROVENANCE.md) run
/// against PathValidator: every case whose keys and signature algorithms we support, at the case's
/// validation time (or 2023-12-02T00:00:00Z when it has none), with its trusted certificates as anchors and
/// ``AlgorithmPolicy/allowingSHA1`` (SHA-1 allowed, RSA keys of at least 2048 bits).
///
/// - Run: the signatures PathValidator checks (leaf and intermediates) are RSA PKCS#1 v1.5 with SHA-1/256/
///   384/512 or ECDSA with SHA-256/384/512, and the issuers' keys (anchors and intermediates) are RSA or
///   P-256/P-384. `max_chain_depth` maps to a CertificatePolicy
///   (logical intermediates ≤ depth); `key_usage: [digitalSignature]` is what PathValidator already enforces.
/// - Skipped, with a category: other algorithms and curves, CA/Browser Forum profile rules outside RFC 5280
///   (`LimboRunner.webPKIProfileCases`, each with its rule), name constraints, policy mappings/constraints, extended
///   key usage, other key usage requirements, CRLs, CLIENT validation, optional limbo features (`pedantic-*`),
///   and peer names. We never match DNS/IP names, which can only make us accept more: a case expecting
///   SUCCESS runs whatever its name, and a case expecting FAILURE is skipped when its leaf's SAN lacks an
///   exact entry for the expected name (so the name may be why it fails).
/// - A certificate that does not parse is a rejection: right for a case expecting FAILURE, a false rejection
///   for one expecting SUCCESS.
///
/// A false accept (FAILURE expected, chain validated) is a recorded issue. A false rejection is printed and
/// counted but not recorded: docs/x509.md explains each.
@Suite struct X509LimboTests {
    static let file = "conformance/x509-limbo/limbo-2023-12-02.json"

    /// Cases limbo-2023-12-02 runs here since ECDSA P-256/P-384 verifies: 66 passed and the one deliberate
    /// false rejection (docs/x509.md). Fewer means something stopped being read.
    static let minimumExecuted = 67

    @Test func supportedCasesGetLimbosVerdict() throws {
        let data = try Data(contentsOf: ProjectVectors.file(Self.file))
        let suite = try JSONDecoder().decode(LimboSuite.self, from: data)
        #expect(suite.testcases.count >= 100, "read \(suite.testcases.count) cases")

        var passed: [(id: String, accepted: Bool, detail: String)] = []
        var falseRejections: [(id: String, error: String)] = []
        var falseAccepts: [(id: String, chain: String)] = []
        var skipped: [(id: String, reasons: [SkipReason], wouldHave: String?)] = []
        for testcase in suite.testcases {
            switch LimboRunner.run(testcase) {
            case .passed(let accepted, let detail): passed.append((testcase.id, accepted, detail))
            case .falseReject(let error): falseRejections.append((testcase.id, error))
            case .falseAccept(let chain): falseAccepts.append((testcase.id, chain))
            case .skipped(let reasons, let wouldHave): skipped.append((testcase.id, reasons, wouldHave))
            }
        }

        for accept in falseAccepts {
            Issue.record("x509-limbo \(accept.id): expected FAILURE, validated \(accept.chain)")
        }
        let executed = passed.count + falseRejections.count + falseAccepts.count
        #expect(executed >= Self.minimumExecuted, "only \(executed) cases executed")
        #expect(passed.contains { $0.id.hasPrefix("online::") }, "no real-world chain validated")

        print(
            Self.report(passed: passed, skipped: skipped, falseRejections: falseRejections, falseAccepts: falseAccepts)
        )
        let failed = falseRejections.count + falseAccepts.count
        print("x509-limbo: \(passed.count) passed, \(failed) failed, \(skipped.count) skipped")
    }

    /// The per-category skip table, the skipped cases we could run anyway and what we would do, the
    /// rejections we got right and why, and every failed case with our error.
    static func report(
        passed: [(id: String, accepted: Bool, detail: String)],
        skipped: [(id: String, reasons: [SkipReason], wouldHave: String?)],
        falseRejections: [(id: String, error: String)],
        falseAccepts: [(id: String, chain: String)]
    ) -> String {
        var lines: [String] = ["x509-limbo skipped, by category (primary: the case's first reason; all: every reason):"]
        var primary: [SkipReason: Int] = [:]
        var all: [SkipReason: Int] = [:]
        for skip in skipped {
            primary[skip.reasons[0], default: 0] += 1
            for reason in skip.reasons { all[reason, default: 0] += 1 }
        }
        for reason in all.keys.sorted() {
            lines.append("  \(pad(primary[reason] ?? 0)) primary, \(pad(all[reason] ?? 0)) all: \(reason)")
        }
        let runnable = skipped.filter { $0.wouldHave != nil }
        if !runnable.isEmpty {
            lines.append("x509-limbo skipped but runnable (not counted), what we would do:")
            for skip in runnable {
                let reasons = skip.reasons.map(\.description).joined(separator: "; ")
                lines.append("  \(skip.id) [\(reasons)]: would \(skip.wouldHave ?? "")")
            }
        }
        let rejections = passed.filter { !$0.accepted }
        if !rejections.isEmpty {
            lines.append("x509-limbo rejected as expected:")
            for rejection in rejections { lines.append("  \(rejection.id): \(rejection.detail)") }
        }
        lines.append(
            "x509-limbo failed (\(falseRejections.count) false rejections, \(falseAccepts.count) false accepts):"
        )
        for rejection in falseRejections { lines.append("  false rejection \(rejection.id): \(rejection.error)") }
        for accept in falseAccepts { lines.append("  FALSE ACCEPT \(accept.id): \(accept.chain)") }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ count: Int) -> String {
        let text = String(count)
        return String(repeating: " ", count: max(0, 3 - text.count)) + text
    }

    /// The harness itself: a real RSA case with its verdict flipped is a false accept, and the same chain at
    /// an instant after its leaf expired is a false rejection.
    @Test func theHarnessNoticesWrongVerdicts() throws {
        let data = try Data(contentsOf: ProjectVectors.file(Self.file))
        let suite = try JSONDecoder().decode(LimboSuite.self, from: data)
        let valid = try #require(suite.testcases.first { $0.id == "webpki::cryptographydotio-chain" })
        guard case .passed(accepted: true, _) = LimboRunner.run(valid) else {
            Issue.record("webpki::cryptographydotio-chain did not validate")
            return
        }
        var flipped = valid
        flipped.expectedResult = "FAILURE"
        guard case .falseAccept = LimboRunner.run(flipped) else {
            Issue.record("a flipped verdict was not a false accept")
            return
        }
        var late = valid
        late.validationTime = "2030-01-01T00:00:00Z"
        guard case .falseReject(let error) = LimboRunner.run(late) else {
            Issue.record("a chain validated after its leaf expired")
            return
        }
        #expect(error.hasPrefix("expired"), "\(error)")
    }

    @Test func limboTimesAreReadAsUTCSeconds() {
        #expect(LimboTime.secondsSince1970("2023-12-02T00:00:00+00:00") == LimboRunner.defaultValidationTime)
        #expect(LimboTime.secondsSince1970("2023-12-02T00:00:00Z") == 1_701_475_200)
        #expect(LimboTime.secondsSince1970("2023-12-02T01:30:00+01:30") == 1_701_475_200)
        #expect(LimboTime.secondsSince1970("2023-12-01T22:00:00.5-02:00") == 1_701_475_200)
        #expect(LimboTime.secondsSince1970("2023-12-02") == nil)
        #expect(LimboTime.secondsSince1970("2023-02-30T00:00:00Z") == nil)
    }

    @Test func peerAddressesAreReadAsBytes() {
        #expect(SubjectAlternativeNames.ipAddressBytes("192.0.2.1") == [192, 0, 2, 1])
        #expect(SubjectAlternativeNames.ipAddressBytes("::1") == Array(repeating: 0, count: 15) + [1])
        #expect(
            SubjectAlternativeNames.ipAddressBytes("2001:db8::ff00:42")
                == [0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 8) + [0xFF, 0x00, 0x00, 0x42]
        )
        #expect(SubjectAlternativeNames.ipAddressBytes("256.0.0.1") == nil)
        #expect(SubjectAlternativeNames.ipAddressBytes("1::2::3") == nil)
        #expect(SubjectAlternativeNames.ipAddressBytes("+1.0.0.1") == nil)
    }
}
