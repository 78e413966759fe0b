import Foundation
import FuzzHarness
import Testing
import VectorSupport

@testable import PureDER

/// Replays the project's fuzz seeds and every minimised fuzz finding under TestVectors/ through the very
/// function the fuzzer runs (FuzzHarness), which must find every invariant intact; and the real receipts and
/// certificates the fuzzers start from.
@Suite struct FuzzCorpusReplayTests {
    private static let testVectors = ProjectVectors.directory

    private static func inputs(in folder: String) throws -> [(String, [UInt8])] {
        let url = testVectors.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && !$0.lastPathComponent.hasSuffix(".md") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { ($0.lastPathComponent, [UInt8](try Data(contentsOf: $0))) }
    }

    @Test(arguments: FuzzTargets.names)
    func everySeedAndRegressionKeepsTheFuzzInvariants(target: String) throws {
        let seeds = try Self.inputs(in: "fuzz/\(target)")
        #expect(seeds.count >= 8, "\(target) has \(seeds.count) seeds")
        for (name, bytes) in try seeds + Self.inputs(in: "fuzz-regressions/\(target)") {
            #expect(FuzzTargets.run(target, bytes) == nil, "\(target)/\(name)")
        }
    }

    @Test func theHarnessDetectsABrokenInvariant() {
        #expect(FuzzTargets.run("no-such-target", []) != nil)
    }

    /// scripts/fuzz-targets, which scripts/fuzz.sh and CI read, and the harness name the same targets.
    @Test func theHarnessRunsEveryTargetOfTheScriptsList() throws {
        let list = ProjectVectors.directory.deletingLastPathComponent()
            .appendingPathComponent("scripts/fuzz-targets")
        let listed = try String(contentsOf: list, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed.sorted() == FuzzTargets.names)
    }

    @Test func everyDERAndBERSeedIsValidBER() throws {
        for (name, bytes) in try Self.inputs(in: "fuzz/der") + Self.inputs(in: "fuzz/der-ber") {
            #expect(throws: Never.self, "\(name)") { try DERTree(parsing: bytes, rules: .ber) }
        }
    }

    /// The real inputs keep every invariant of the targets they seed, and the validator accepts every App Store
    /// receipt: its invariant (accepted ⇒ known valid) is not vacuous, and the generated facts are not stale.
    @Test func theRealVectorsKeepTheInvariantsAndTheValidatorAcceptsEveryAppStoreReceipt() throws {
        let appStore = try ProjectVectors.files(in: "receipts/apple", suffix: ".der").map {
            ($0.lastPathComponent, try ProjectVectors.bytes($0))
        }
        #expect(appStore.count >= 20)
        Self.expectAcceptedKeepingTheInvariants(appStore)
        for (name, bytes) in try ProjectVectors.berSamples() {
            let verdict = FuzzTargets.validatorVerdict(bytes)
            #expect(!verdict.accepted && verdict.failure == nil, "\(name): \(verdict)")
            for target in ["pkcs7", "der-ber"] {
                #expect(FuzzTargets.run(target, bytes) == nil, "\(target): \(name)")
            }
        }
        Self.expectCertificateInvariants(try ProjectVectors.derSamples())
    }

    /// The same on the receipt and certificate the repository does not carry, whose facts
    /// (KnownFacts+Optional.swift) were generated with them present.
    @Test(.needsOptionalVectors) func theOptionalVectorsKeepTheInvariantsAndTheValidatorAcceptsTheReceipt() throws {
        Self.expectAcceptedKeepingTheInvariants(try OptionalVectors.appStoreReceipts().map { ($0.name, $0.bytes) })
        Self.expectCertificateInvariants(try OptionalVectors.derSamples())
    }

    /// App Store receipts: the validator accepts each as a known-valid receipt; the der and der-ber targets
    /// find their invariants intact.
    private static func expectAcceptedKeepingTheInvariants(_ receipts: [(name: String, bytes: [UInt8])]) {
        for (name, bytes) in receipts {
            let verdict = FuzzTargets.validatorVerdict(bytes)
            #expect(verdict.accepted && verdict.failure == nil, "\(name): \(verdict)")
            for target in ["der", "der-ber"] {
                #expect(FuzzTargets.run(target, bytes) == nil, "\(target): \(name)")
            }
        }
    }

    private static func expectCertificateInvariants(_ samples: [(name: String, bytes: [UInt8])]) {
        for (name, bytes) in samples {
            #expect(FuzzTargets.certificate(bytes) == nil, "certificate: \(name)")
        }
    }
}
