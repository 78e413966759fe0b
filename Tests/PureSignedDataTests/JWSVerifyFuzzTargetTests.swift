import PureDER
import PureSignedData
import Testing
import VectorSupport

@testable import FuzzHarness

/// The `jws-verify` fuzz target's invariants are not vacuous: its seeds verify where they should, its edits
/// reach the steps after decoding, and its oracle calls an acceptance of anything but a seed's signing input a
/// false accept.
@Suite struct JWSVerifyFuzzTargetTests {
    private static let seeds = JWSVerifySeeds.shared

    private static func index(of name: String) throws -> Int {
        try #require(seeds.seeds.firstIndex { $0.name == name }, "no seed \(name)")
    }

    /// The verdicts of `program` under the two trusts.
    private static func verdicts(_ program: [UInt8]) -> [JWSVerdict] {
        let parsed = JWSEditProgram(program)
        let seed = seeds.seeds[parsed.seedIndex % seeds.seeds.count]
        let mutant = parsed.mutant(of: seed, seeds: seeds.seeds)
        var memo = JWSVerifyMemo()
        return seeds.trusts.map {
            FuzzTargets.jwsVerdict(
                mutant,
                kind: parsed.kind,
                verifier: SignedDataVerifier(trust: $0, expectations: parsed.expectations(for: seed.decoded.appClaims)),
                memo: &memo.memo
            )
        }
    }

    @Test func theSeedsAreTheRealSamplesTheMocksAndTheForgeriesThatDecodeWithTheirNestedData() throws {
        #expect(Self.seeds.problem == nil)
        let names = Self.seeds.seeds.map(\.name)
        #expect(names.filter { $0.hasPrefix("jws/apple-signed/") && !$0.contains("#") }.count == 10)
        #expect(names.contains("jws/forgeries/control-notification.jws#data.signedTransactionInfo"))
        #expect(Self.seeds.seeds.count == 77, "byte 0 of a program must reach every seed")
        for seed in Self.seeds.seeds {
            #expect(seed.headerSkeleton.filter { $0 == JWSVerifySeeds.placeholder }.count == 3, "\(seed.name)")
        }
    }

    @Test func theVectorsTheHarnessHoldsAreTheFilesOfTestVectors() throws {
        let regenerate = "stale: run TestVectors/fuzz/make-jws-verify-seeds.py"
        var files: [(name: String, text: String)] = []
        for folder in ["jws/apple-signed", "jws/apple-library-mocks", "jws/forgeries"] {
            for url in try ProjectVectors.files(in: folder, suffix: ".jws") {
                var text = try ProjectVectors.bytes(url)[...]
                while let last = text.last, last == 0x0A || last == 0x0D || last == 0x20 { text = text.dropLast() }
                files.append((folder + "/" + url.lastPathComponent, String(decoding: text, as: UTF8.self)))
            }
        }
        let held = JWSVerifySeeds.vectorTexts
        #expect(held.map(\.name) == files.map(\.name), "\(regenerate)")
        for (held, file) in zip(held, files) {
            #expect(held.text == file.text, "\(file.name): \(regenerate)")
        }
        #expect(JWSVerifySeeds.anchorVectors.count == 3)
        for (name, base64) in JWSVerifySeeds.anchorVectors {
            #expect(Base64.decode(base64.utf8) == (try ProjectVectors.bytes(name)), "\(name): \(regenerate)")
        }
    }

    @Test func theAppleSamplesVerifyUnderAppStoreTrustAndTheControlsUnderTheTestRoots() throws {
        for seed in Self.seeds.seeds where seed.name.hasPrefix("jws/apple-signed/") {
            #expect(seed.verdicts[0].accepted != nil, "\(seed.name): \(seed.verdicts[0])")
        }
        for seed in Self.seeds.seeds where seed.name.hasPrefix("jws/forgeries/control-") {
            #expect(seed.verdicts[1].accepted != nil, "\(seed.name): \(seed.verdicts[1])")
            #expect(seed.verdicts[0].accepted == nil, "\(seed.name)")
        }
    }

    @Test func anUneditedSeedIsAcceptedAndKeepsTheInvariants() throws {
        let control = try Self.index(of: "jws/forgeries/control-transaction.jws")
        #expect(Self.verdicts([UInt8(control), 0])[1].accepted != nil)
        #expect(FuzzTargets.jwsVerify([UInt8(control), 0]) == nil)
    }

    @Test func theOtherSignatureOfTheSameMessageIsAcceptedAsTheSeed() throws {
        let control = try Self.index(of: "jws/forgeries/control-transaction.jws")
        let program: [UInt8] = [UInt8(control), 0, 0x28, 0, 0]  // the signature: s → n − s
        let verdict = Self.verdicts(program)[1]
        #expect(verdict.accepted == Self.seeds.seeds[control].verdicts[1].accepted)
        #expect(FuzzTargets.jwsVerify(program) == nil)
    }

    @Test func aPayloadEditIsRefusedAtTheSignature() throws {
        let control = try Self.index(of: "jws/forgeries/control-transaction.jws")
        let program: [UInt8] = [UInt8(control), 0, 0x13, 30, 0, 1]  // the payload: flip bit 1 of byte 30
        guard case .refused(let error) = Self.verdicts(program)[1] else {
            Issue.record("a payload edit was accepted")
            return
        }
        #expect(error.step == .signature)
        #expect(error.code == .invalidSignature)
    }

    @Test func aCertificateEditIsRefusedAtTheChain() throws {
        let control = try Self.index(of: "jws/forgeries/control-transaction.jws")
        let program: [UInt8] = [UInt8(control), 0, 0x43, 200, 0, 0]  // x5c[1]: flip bit 0 of byte 200
        guard case .refused(let error) = Self.verdicts(program)[1] else {
            Issue.record("a certificate edit was accepted")
            return
        }
        #expect(error.step == .chain || error.step == .header)
    }

    @Test func expectationsTheClaimsDoNotMeetAreRefused() throws {
        let control = try Self.index(of: "jws/forgeries/control-transaction.jws")
        guard case .refused(let error) = Self.verdicts([UInt8(control), 0x02])[1] else {  // another bundle
            Issue.record("another bundle identifier was accepted")
            return
        }
        #expect(error.code == .bundleIdMismatch)
        #expect(FuzzTargets.jwsVerify([UInt8(control), 0x02]) == nil)
    }

    @Test func theOracleCallsAnAcceptanceOfAnotherSigningInputAFalseAccept() throws {
        let control = try Self.index(of: "jws/forgeries/control-transaction.jws")
        let seed = Self.seeds.seeds[control]
        let accepted = try #require(seed.verdicts[1].accepted)
        var other = seed.text
        other[10] = other[10] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let failure = FuzzTargets.acceptance(
            of: other,
            accepted,
            trust: 1,
            kind: nil,
            expectations: .init(),
            seeds: Self.seeds
        )
        #expect(failure?.hasPrefix("false accept") == true)
        let sameInput = FuzzTargets.acceptance(
            of: seed.text,
            accepted,
            trust: 0,
            kind: nil,
            expectations: .init(),
            seeds: Self.seeds
        )
        #expect(sameInput?.hasPrefix("false accept") == true, "the control is refused under .appStore")
    }

    @Test func theExpectationsAreMetByTheDocumentedRules() {
        let sandbox = AppClaims(
            namesBundle: true,
            bundleId: "b",
            namesApp: true,
            appAppleId: nil,
            environment: .sandbox
        )
        #expect(FuzzTargets.meets(sandbox, .init(bundleIdentifier: "b", environment: .sandbox, appAppleID: 7)))
        #expect(!FuzzTargets.meets(sandbox, .init(bundleIdentifier: "c")))
        #expect(!FuzzTargets.meets(sandbox, .init(environment: .production, appAppleID: 7)))
        #expect(!FuzzTargets.meets(sandbox, .init(environment: .production)))
        let renewal = AppClaims(namesBundle: false, bundleId: nil, namesApp: false, appAppleId: nil, environment: nil)
        #expect(FuzzTargets.meets(renewal, .init(bundleIdentifier: "c")))
        #expect(!FuzzTargets.meets(renewal, .init(environment: .sandbox)))
    }
}
