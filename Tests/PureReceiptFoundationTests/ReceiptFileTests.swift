import Foundation
import PureReceipt
import Testing
import VectorSupport

@testable import PureReceiptFoundation

/// `validate(contentsOf:)`, which the Apple-platform bundle reader calls with the app's receipt URL: every way
/// a file can fail, each with its code.
@Suite struct ReceiptFileTests {
    static func temporaryFile(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pure-receipt-foundation-\(UUID().uuidString)")
        try data.write(to: url)
        return url
    }

    static func failure(_ url: URL) -> ReceiptFileError? {
        do throws(ReceiptFileError) {
            _ = try ReceiptValidator().validate(contentsOf: url)
            return nil
        } catch {
            return error
        }
    }

    @Test func aReceiptFileValidates() throws {
        let url = ProjectVectors.folder("receipts/apple").appendingPathComponent(
            "RevenueCat_base64encodedreceiptsample1.der"
        )
        let validated = try ReceiptValidator().validate(contentsOf: url)
        #expect(validated.receipt.bundleIdentifier == "com.revenuecat.sampleapp")
        #expect(validated.receipt.inAppPurchases.count == 9)
    }

    @Test func aMissingFileIsMissing() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-receipt-\(UUID().uuidString)")
        let error = try #require(Self.failure(url))
        #expect(error.code == .missing)
        #expect(error.url == url)
        #expect(error.validation == nil)
    }

    @Test func aDirectoryIsUnreadable() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: url) }  // Clean-up only: a leftover folder is harmless.
        let error = try #require(Self.failure(url))
        #expect(error.code == .unreadable)
    }

    @Test func aFileAtTheLimitIsReadAndOnePastIsRefusedUnread() throws {
        let atLimit = try Self.temporaryFile(Data(count: ReceiptFileError.maximumSize))
        defer { try? FileManager.default.removeItem(at: atLimit) }  // Clean-up only.
        let read = try #require(Self.failure(atLimit))
        #expect(read.code == .invalid)
        #expect(read.validation?.step == .container)
        let pastLimit = try Self.temporaryFile(Data(count: ReceiptFileError.maximumSize + 1))
        defer { try? FileManager.default.removeItem(at: pastLimit) }  // Clean-up only.
        let refused = try #require(Self.failure(pastLimit))
        #expect(refused.code == .tooLarge)
        #expect(refused.validation == nil)
    }

    @Test func aFileThatIsNotAReceiptIsInvalidWithTheValidationErrorUnderneath() throws {
        let url = try Self.temporaryFile(Data("not a receipt".utf8))
        defer { try? FileManager.default.removeItem(at: url) }  // Clean-up only.
        let error = try #require(Self.failure(url))
        #expect(error.code == .invalid)
        #expect(error.validation?.step == .container)
        #expect(error.description.hasPrefix("invalid: container"))
    }

    @Test func aReceiptSignedByAnotherAnchorIsInvalidAtTheChain() throws {
        let url = ProjectVectors.folder("receipts/xcode").appendingPathComponent("TPInAppReceipt_receipt-xcode.der")
        let error = try #require(Self.failure(url))
        #expect(error.code == .invalid)
        #expect(error.validation?.step == .chain)
    }
}
