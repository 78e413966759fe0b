import Foundation
import FuzzHarness
import Testing

@testable import PureDER

/// Replays the project's fuzz seeds and every minimised fuzz finding under TestVectors/ through the very
/// function the fuzzer runs (FuzzHarness), which must find every invariant intact.
@Suite struct FuzzCorpusReplayTests {
    private static let testVectors = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestVectors")

    private static func inputs(in folder: String) throws -> [(String, [UInt8])] {
        let url = testVectors.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && !$0.lastPathComponent.hasSuffix(".md") }
            .map { ($0.lastPathComponent, [UInt8](try Data(contentsOf: $0))) }
    }

    @Test func everySeedAndRegressionKeepsTheFuzzInvariants() throws {
        let seeds = try Self.inputs(in: "fuzz/der")
        #expect(seeds.count >= 10)
        for (name, bytes) in try seeds + Self.inputs(in: "fuzz-regressions/der") {
            #expect(FuzzTargets.der(bytes) == nil, "\(name)")
        }
    }

    @Test func theHarnessDetectsABrokenInvariant() {
        #expect(FuzzTargets.run("no-such-target", []) != nil)
        #expect(FuzzTargets.names == ["der"])
    }

    @Test func everySeedIsValidBER() throws {
        for (name, bytes) in try Self.inputs(in: "fuzz/der") {
            #expect(throws: Never.self, "\(name)") { try DERTree(parsing: bytes, rules: .ber) }
        }
    }
}
