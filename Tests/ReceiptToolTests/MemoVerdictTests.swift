import Foundation
import PurePKCS7
import Testing
import VectorSupport

@testable import ReceiptTool

/// The tool's per-worker ``PureX509/SignatureMemo`` never changes what it prints: every result line (the JSON of
/// the verdict, the chain, the error code and message) is the same with the memo and with `--no-memo`, whatever
/// warmed the memo earlier in the batch, on one worker or two.
@Suite struct MemoVerdictTests {
    /// A batch and the options it runs under.
    struct Batch {
        var name: String
        var options: [String]
        var paths: [String]
    }

    /// Every App Store and Xcode receipt and every forgery of TestVectors under the Apple trust, the forgeries under
    /// their look-alike root, the Xcode receipts and the App Store ones under the StoreKit testing certificate.
    /// Each batch holds its inputs forwards, backwards and forwards again, so that every input meets a memo warmed
    /// by itself and by other chains.
    static func batches() throws -> [Batch] {
        let apple = try ProjectVectors.files(in: "receipts/apple", suffix: ".der").map(\.path)
        let xcode = try ProjectVectors.files(in: "receipts/xcode", suffix: ".der").map(\.path)
        let forgeries = try ProjectVectors.files(in: "forgery/out", suffix: ".der").map(\.path)
        let lookalikeRoot = ProjectVectors.file("forgery/out/apple-lookalike-root.der").path
        let storeKit = ProjectVectors.file("certs/storekit/StoreKitTestCertificate.cer").path
        func thrice(_ paths: [String]) -> [String] { paths + paths.reversed() + paths }
        return [
            Batch(name: "Apple trust", options: [], paths: thrice(apple + forgeries + xcode)),
            Batch(name: "look-alike root", options: ["--anchor", lookalikeRoot], paths: thrice(forgeries + apple)),
            Batch(name: "StoreKit testing", options: ["--anchor", storeKit], paths: thrice(xcode + apple + forgeries)),
        ]
    }

    @Test func theVerdictsAreTheSameWithAndWithoutTheMemo() throws {
        let batches = try Self.batches()
        for batch in batches {
            #expect(batch.paths.count >= 3 * 40, "\(batch.name)")
            let base = ["verify", "--json"] + batch.options + batch.paths
            let withoutMemo = runTool(base + ["--jobs", "1", "--no-memo"])
            #expect(withoutMemo.lines.count == batch.paths.count, "\(batch.name)")
            for jobs in ["1", "2"] {
                let withMemo = runTool(base + ["--jobs", jobs])
                #expect(withMemo.status == withoutMemo.status, "\(batch.name), --jobs \(jobs)")
                #expect(withMemo.lines.count == withoutMemo.lines.count, "\(batch.name), --jobs \(jobs)")
                for (index, (warm, cold)) in zip(withMemo.lines, withoutMemo.lines).enumerated() {
                    #expect(warm == cold, "\(batch.name), --jobs \(jobs), input \(index): \(batch.paths[index])")
                }
            }
        }
        // The batches hold valid and invalid inputs both, so the comparison covers both kinds of line.
        let apple = try #require(batches.first)
        let lines = runTool(["verify", "--json"] + apple.paths).lines
        #expect(lines.contains { $0.contains("\"valid\":true") })
        #expect(lines.contains { $0.contains("\"valid\":false") })
    }

    /// A receipt whose leaf keeps its TBSCertificate and key but carries another signature, right after the genuine
    /// receipt on the same worker: the receipt's own signature still verifies, so only the memo could vouch for the
    /// leaf, and it does not.
    @Test func aLeafWithAnotherSignatureAfterTheGenuineOneIsRefused() throws {
        let genuine = ProjectVectors.file(VerifyCommandTests.g5Receipt)
        var bytes = try ProjectVectors.bytes(genuine)
        let leaf = try SignedData(berEncoded: bytes).signerCertificate()
        bytes[leaf.signature.startIndex + 7] ^= 0x01
        let forged = try temporaryFile(bytes, name: "forged-leaf-signature.der")
        defer { try? FileManager.default.removeItem(atPath: forged) }
        for memo in [[], ["--no-memo"]] {
            let run = runTool(["verify", "--jobs", "1"] + memo + [genuine.path, forged, genuine.path])
            #expect(run.status == 1)
            #expect(run.lines.count == 3)
            #expect(run.lines[0].hasPrefix("\(genuine.path): valid: "))
            #expect(run.lines[1].hasPrefix("\(forged): INVALID chain: "), "\(run.lines[1])")
            #expect(run.lines[2].hasPrefix("\(genuine.path): valid: "))
            let json = runTool(["verify", "--json", "--jobs", "1"] + memo + [genuine.path, forged]).lines
            #expect(json.count == 2)
            #expect(json.last?.contains("\"code\":\"chain.badSignature\"") == true, "\(json.last ?? "")")
        }
    }
}
