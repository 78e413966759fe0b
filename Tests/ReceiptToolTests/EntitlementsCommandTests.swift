import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

/// `receipt entitlements` against TestVectors/entitlements/expected.json (computed independently from the
/// receipts' purchase lists), and its refusals, which are `verify`'s.
@Suite struct EntitlementsCommandTests {
    static func path(_ relative: String) -> String { ProjectVectors.directory.appendingPathComponent(relative).path }

    static let revenueCat = "receipts/apple/RevenueCat_base64encodedreceiptsample1.der"
    static let g5 = "receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der"

    /// The JSON objects printed, one per line.
    static func objects(_ run: ToolRun) throws -> [[String: Any]] {
        try run.out.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// The expected answers at one instant, as the JSON the tool prints (the same member names).
    static func expectedJSON(_ answers: EntitlementVectors.Answers) -> (subscriptions: NSArray, products: NSArray) {
        let subscriptions = answers.activeSubscriptions.map { subscription -> NSDictionary in
            [
                "product_id": subscription.productId,
                "transaction_id": subscription.transactionId ?? NSNull(),
                "original_transaction_id": subscription.originalTransactionId ?? NSNull(),
                "purchase_date": subscription.purchaseDate, "expires_date": subscription.expiresDate,
            ]
        }
        let products = answers.purchasedProducts.map { product -> NSDictionary in
            [
                "product_id": product.productId,
                "latest_transaction_id": product.latestTransactionId ?? NSNull(),
                "latest_purchase_date": product.latestPurchaseDate, "quantity": product.quantity,
                "transaction_count": product.transactionCount,
            ]
        }
        return (subscriptions as NSArray, products as NSArray)
    }

    static func check(_ object: [String: Any], against answers: EntitlementVectors.Answers, _ label: String) {
        let expected = expectedJSON(answers)
        #expect(object["valid"] as? Bool == true, "\(label)")
        #expect(object["error"] is NSNull, "\(label)")
        #expect(object["at"] as? String == answers.at, "\(label)")
        #expect((object["active_subscriptions"] as? NSArray) == expected.subscriptions, "\(label)")
        #expect((object["purchased_products"] as? NSArray) == expected.products, "\(label)")
    }

    @Test func everyReceiptAnswersAtItsCreationDateByDefault() throws {
        let vectors = try EntitlementVectors.load().receipts
        for anchor in [nil, "certs/storekit/StoreKitTestCertificate.cer"] as [String?] {
            let group = vectors.filter { $0.anchor == anchor }
            let anchorArguments = anchor.map { ["--anchor", Self.path($0)] } ?? []
            let run = runTool(["entitlements", "--json"] + anchorArguments + group.map { Self.path($0.file) })
            #expect(run.status == 0, "\(run.err)")
            let objects = try Self.objects(run)
            #expect(objects.count == group.count)
            for (object, vector) in zip(objects, group) {
                #expect(object["file"] as? String == Self.path(vector.file))
                let atCreation = try #require(vector.at.first { $0.at == vector.receiptCreationDate })
                Self.check(object, against: atCreation, vector.file)
                #expect(
                    object["original_application_version"] as? String == vector.originalApplicationVersion,
                    "\(vector.file)"
                )
                #expect(object["original_purchase_date"] as? String == vector.originalPurchaseDate, "\(vector.file)")
            }
        }
    }

    @Test func atTakesTheInstantOfTheAnswersAndTheChainStillValidatesAtCreation() throws {
        let vectors = try EntitlementVectors.load().receipts
        for name in [Self.revenueCat, "receipts/apple/TPInAppReceipt_InAppReceiptTests_17d3d7c.der"] {
            let vector = try #require(vectors.first { $0.file == name })
            for answers in vector.at {
                let run = runTool(["entitlements", "--json", "--at", answers.at, Self.path(name)])
                #expect(run.status == 0, "\(run.err)")
                let object = try #require(try Self.objects(run).first)
                Self.check(object, against: answers, "\(name) at \(answers.at)")
            }
        }
        // Long after every certificate expired: the answers move, the chain is still validated at creation.
        let later = runTool(["entitlements", "--at", "now", Self.path(Self.revenueCat)])
        #expect(later.status == 0, "\(later.err)")
        #expect(later.out.contains(": active none; purchased "))
    }

    @Test func theTextFormIsOneLinePerInput() throws {
        let run = runTool(["entitlements", Self.path(Self.revenueCat), Self.path(Self.g5)])
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(
            lines[0] == """
                \(Self.path(Self.revenueCat)): at 2020-07-22T17:39:08Z: \
                active com.revenuecat.annual_39.99.2_week_intro \
                until 2020-07-22T18:39:06Z; purchased com.revenuecat.annual_39.99.2_week_intro ×1, \
                com.revenuecat.monthly_4.99.1_week_intro ×8; original version 1.0
                """
        )
        #expect(lines[1].hasPrefix("\(Self.path(Self.g5)): at 2025-12-26T18:39:47Z: active "))
        let empty = runTool(["entitlements", Self.path("receipts/apple/Kvitto_receipt.der")])
        #expect(empty.out.hasSuffix(": active none; purchased none; original version 4.3\n"))
    }

    @Test func invalidReceiptsAreRefusedAsVerifyRefusesThem() throws {
        let path = Self.path(Self.g5)
        let wrong = runTool(["entitlements", "--json", "--bundle-id", "com.example.other", path])
        #expect(wrong.status == 1)
        let object = try #require(try Self.objects(wrong).first)
        #expect(object["valid"] as? Bool == false)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "bundleIdentifier")
        for key in ["at", "active_subscriptions", "purchased_products", "original_application_version"] {
            #expect(object[key] is NSNull, "\(key)")
        }
        let verify = runTool(["verify", "--json", "--bundle-id", "com.example.other", path])
        let verifyError = try #require(try Self.objects(verify).first?["error"] as? NSDictionary)
        #expect((error as NSDictionary) == verifyError)

        // --validate-at is verify's --at: now, every leaf has expired.
        let expired = runTool(["entitlements", "--validate-at", "now", path])
        #expect(expired.status == 1)
        #expect(expired.out.hasPrefix("\(path): INVALID chain: "))
        #expect(runTool(["entitlements", "--validate-at", "2025-12-26T18:39:47Z", path]).status == 0)
        #expect(runTool(["entitlements", "--device-id", "956328D9-CC6A-47F4-BE40-6953FB0AB6C7", path]).status == 0)
        let device = runTool(["entitlements", "--device-id", "00000000-0000-0000-0000-000000000000", path])
        #expect(device.status == 1)
        #expect(device.out.contains("INVALID deviceHash"))

        let xcode = Self.path("receipts/xcode/app-store-server-library_xcode-app-receipt-with-transaction.der")
        #expect(runTool(["entitlements", xcode]).out.contains("INVALID chain"))
    }

    @Test func usageErrorsExitWithStatusTwo() throws {
        let path = Self.path(Self.g5)
        #expect(runTool(["entitlements"]).status == 2)
        #expect(runTool(["entitlements", "--at", "yesterday", path]).status == 2)
        #expect(runTool(["entitlements", "--validate-at", "2025-13-01T00:00:00Z", path]).status == 2)
        #expect(runTool(["entitlements", "--at"]).status == 2)
        #expect(runTool(["entitlements", "--frobnicate", path]).status == 2)
        // The input that cannot be read has its own result line, in input order.
        let unreadable = runTool(["entitlements", "/nonexistent/receipt", path])
        #expect(unreadable.status == 2)
        #expect(unreadable.lines.count == 2)
        #expect(unreadable.lines.first == "/nonexistent/receipt: ERROR input.notFound: no such file or directory")
        #expect(runTool(["--help"]).out.contains("entitlements INPUTS"))
    }
}
