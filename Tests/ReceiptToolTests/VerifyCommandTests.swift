import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

@Suite struct VerifyCommandTests {
    static func paths(_ folder: String) throws -> [String] {
        try ProjectVectors.files(in: folder, suffix: ".der").map(\.path)
    }

    static let g5Receipt = "receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der"

    @Test func everyAppStoreReceiptVerifiesInParallelInInputOrder() throws {
        let paths = try Self.paths("receipts/apple")
        #expect(paths.count == 22)
        Self.expectValidInInputOrder(paths)
    }

    @Test(.needsOptionalVectors) func theOptionalReceiptVerifiesAmongTheOthers() throws {
        let paths =
            try Self.paths("receipts/apple")
            + OptionalVectors.appStoreReceiptPaths.map {
                OptionalVectors.file($0).path
            }
        Self.expectValidInInputOrder(paths)
    }

    static func expectValidInInputOrder(_ paths: [String]) {
        let run = runTool(["verify"] + paths)
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == paths.count)
        for (line, path) in zip(lines, paths) {
            #expect(line.hasPrefix("\(path): valid: "))
        }
        #expect(runTool(["verify", "--jobs", "1"] + paths).out == run.out)
    }

    @Test func validatingAtNowFailsTheChainWithExitStatusOne() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        let run = runTool(["verify", "--at", "now", path])
        #expect(run.status == 1)
        #expect(run.out.hasPrefix("\(path): INVALID chain: "))
        #expect(run.out.contains("expired at 2026-08-23T14:50:02Z"))
        let atCreation = runTool(["verify", "--at", "2025-12-26T18:39:47Z", path])
        #expect(atCreation.status == 0)
    }

    @Test func jsonOutputHasTheDocumentedKeys() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        let run = runTool(["verify", "--json", path, "--bundle-id", "dev.bonzer.weeka.app", "--version", "2"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["file"] as? String == path)
        #expect(object["valid"] as? Bool == true)
        #expect(object["error"] is NSNull)
        #expect(object["validation_time"] as? String == "2025-12-26T18:39:47Z")
        let chain = try #require(object["chain"] as? [[String: Any]])
        #expect(chain.count == 3)
        #expect(chain[0]["key"] as? String == "RSA-2048")
        let receipt = try #require(object["receipt"] as? [String: Any])
        #expect(receipt["bundle_id"] as? String == "dev.bonzer.weeka.app")
        #expect(receipt["age_rating"] as? String == "4+")
        let inApp = try #require(receipt["in_app"] as? [[String: Any]])
        #expect(inApp.count == 2)
        #expect(inApp[0]["cancellation_date"] is NSNull)
        #expect(inApp[0]["expires_date"] as? String == "2025-12-26T18:19:07Z")

        let wrong = runTool(["verify", "--json", "--bundle-id", "com.example.other", path])
        #expect(wrong.status == 1)
        let failure = try #require(try JSONSerialization.jsonObject(with: Data(wrong.out.utf8)) as? [String: Any])
        #expect(failure["valid"] as? Bool == false)
        let error = try #require(failure["error"] as? [String: Any])
        #expect(error["step"] as? String == "bundleIdentifier")
        #expect(error["code"] as? String == "bundleIdentifier")
    }

    @Test func theDeviceIdentifierIsCheckedWhenGiven() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        #expect(runTool(["verify", "--device-id", "956328D9-CC6A-47F4-BE40-6953FB0AB6C7", path]).status == 0)
        let wrong = runTool(["verify", "--device-id", "00000000-0000-0000-0000-000000000000", path])
        #expect(wrong.status == 1)
        #expect(wrong.out.contains("INVALID deviceHash"))
        #expect(runTool(["verify", "--device-id", "xyz", path]).status == 2)
    }

    @Test func xcodeReceiptsNeedTheirStoreKitCertificateAsAnchor() throws {
        let paths = try Self.paths("receipts/xcode")
        let untrusted = runTool(["verify"] + paths)
        #expect(untrusted.status == 1)
        #expect(untrusted.out.split(separator: "\n").allSatisfy { $0.contains("INVALID chain") })
        let storeKit = ProjectVectors.file("certs/storekit/StoreKitTestCertificate.cer").path
        #expect(runTool(["verify", "--anchor", storeKit] + paths).status == 0)
    }

    @Test func inputsThatAreNotReceiptsFailAtTheContainer() throws {
        for path in try ProjectVectors.files(in: "receipts/not-pkcs7", suffix: "").map(\.path)
        where !path.hasSuffix(".json") {
            let run = runTool(["verify", path])
            #expect(run.status == 1, "\(path)")
            #expect(run.out.contains("INVALID container"), "\(run.out)")
        }
        #expect(runTool(["verify", "/nonexistent/receipt"]).status == 2)
        #expect(runTool(["verify"]).status == 2)
    }

    @Test func dumpShowsEverythingMarkedUnverified() throws {
        let path = ProjectVectors.file(Self.g5Receipt).path
        let text = runTool(["dump", path])
        #expect(text.status == 0)
        #expect(text.out.hasPrefix("UNVERIFIED: "))
        #expect(text.out.contains("  bundle_id: dev.bonzer.weeka.app\n"))
        let json = runTool(["dump", "--json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["verified"] as? Bool == false)
        #expect((object["certificates"] as? [Any])?.count == 3)
    }
}
