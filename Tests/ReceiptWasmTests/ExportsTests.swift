import Foundation
import Testing
import VectorSupport

@testable import ReceiptWasm

/// The C-ABI contract of the WebAssembly module, called natively: statuses, steps, codes and the JSON, for
/// real receipts and for every kind of bad call. scripts/wasm-verify.sh runs the same module under WasmKit.
@Suite(.serialized) struct ExportsTests {
    static let g5Receipt = "receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der"
    static let xcodeReceipt = "receipts/xcode/app-store-server-library_xcode-app-receipt-with-transaction.der"
    static let storeKit = "certs/storekit/StoreKitTestCertificate.cer"
    static let appleRoot = "certs/apple-roots/AppleIncRootCertificate.cer"

    static func bytes(_ path: String) throws -> [UInt8] {
        try ProjectVectors.bytes(path)
    }

    /// Calls `receipt_validate` as a host would: inputs copied into memory from `receipt_allocate`.
    static func validate(
        _ receipt: [UInt8]?,
        anchors: [UInt8]? = nil,
        timeMode: Int32 = 0,
        instant: Int64 = 0,
        bundleIdentifier: [UInt8]? = nil
    ) -> (status: Int32, step: Int32, code: String, json: String) {
        func place(_ bytes: [UInt8]?) -> UnsafeMutableRawPointer? {
            guard let bytes else { return nil }
            let pointer = receiptAllocate(bytes.count)
            pointer?.copyMemory(from: bytes, byteCount: bytes.count)
            return pointer
        }
        let inputs = [place(receipt), place(anchors), place(bundleIdentifier)]
        defer { inputs.forEach(receiptFree) }
        let status = receiptValidate(
            inputs[0].map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) },
            receipt?.count ?? 0,
            inputs[1].map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) },
            anchors?.count ?? 0,
            timeMode,
            instant,
            inputs[2].map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) },
            bundleIdentifier?.count ?? 0
        )
        #expect(receiptResultStatus() == status)
        let code = String(
            decoding: UnsafeBufferPointer(start: receiptResultCodePointer(), count: receiptResultCodeLength()),
            as: UTF8.self
        )
        let json = String(
            decoding: UnsafeBufferPointer(start: receiptResultJSONPointer(), count: receiptResultJSONLength()),
            as: UTF8.self
        )
        return (status, receiptResultStep(), code, json)
    }

    @Test func aRealReceiptIsValidWithItsFieldsInTheJSON() throws {
        let receipt = try Self.bytes(Self.g5Receipt)
        let result = Self.validate(receipt, bundleIdentifier: Array("dev.bonzer.weeka.app".utf8))
        #expect(result.status == 0)
        #expect(result.step == 0)
        #expect(result.code == "")
        #expect(
            result.json.hasPrefix(#"{"valid":true,"error":null,"validation_time":"2025-12-26T18:39:47Z","chain":[{"#)
        )
        #expect(result.json.contains(#""bundle_id":"dev.bonzer.weeka.app""#))
        let object = try JSONSerialization.jsonObject(with: Data(result.json.utf8)) as? [String: Any]
        #expect((object?["receipt"] as? [String: Any])?["in_app"] is [Any])
    }

    /// The JSON is written when first read: a validation whose JSON nobody read leaves nothing behind, and reading
    /// twice gives the same text.
    @Test func theJSONIsTheLastValidationsEvenWhenAnEarlierOneWasNeverRead() throws {
        let receipt = try Self.bytes(Self.g5Receipt)
        let pointer = try #require(receiptAllocate(receipt.count))
        defer { receiptFree(pointer) }
        pointer.copyMemory(from: receipt, byteCount: receipt.count)
        let input = UnsafePointer(pointer.assumingMemoryBound(to: UInt8.self))
        let wrongBundle = Array("com.example.other".utf8)
        let status = wrongBundle.withUnsafeBufferPointer { bundle in
            receiptValidate(input, receipt.count, nil, 0, 0, 0, bundle.baseAddress, bundle.count)
        }
        #expect(status == 1)
        #expect(receiptValidate(input, receipt.count, nil, 0, 0, 0, nil, 0) == 0)
        func json() -> String {
            String(
                decoding: UnsafeBufferPointer(start: receiptResultJSONPointer(), count: receiptResultJSONLength()),
                as: UTF8.self
            )
        }
        let first = json()
        #expect(first.hasPrefix(#"{"valid":true,"error":null,"#))
        #expect(json() == first)
    }

    @Test func failuresNameTheirStepAndCode() throws {
        let receipt = try Self.bytes(Self.g5Receipt)
        let wrongBundle = Self.validate(receipt, bundleIdentifier: Array("com.example.other".utf8))
        #expect(wrongBundle.status == 1)
        #expect(wrongBundle.step == 4)
        #expect(wrongBundle.code == "bundleIdentifier")
        #expect(
            wrongBundle.json.hasPrefix(#"{"valid":false,"error":{"code":"bundleIdentifier","step":"bundleIdentifier","#)
        )

        // 2026-11-21: the leaf expired on 2026-08-23.
        let now = Self.validate(receipt, timeMode: 1, instant: 1_795_219_200)
        #expect(now.status == 1)
        #expect(now.step == 3)
        #expect(now.code == "chain.expired")

        // The last byte is the signature's.
        var tampered = receipt
        tampered[tampered.count - 1] ^= 0x01
        let broken = Self.validate(tampered)
        #expect(broken.status == 1)
        #expect(broken.step == 2)
        #expect(broken.code == "signature.badSignature")

        let garbage = Self.validate(Array("not a receipt".utf8))
        #expect(garbage.status == 1)
        #expect(garbage.step == 1)
        #expect(garbage.code == "container.malformed")
    }

    @Test func anchorsReplaceTheBundledRoot() throws {
        let receipt = try Self.bytes(Self.xcodeReceipt)
        let storeKit = try Self.bytes(Self.storeKit)
        let root = try Self.bytes(Self.appleRoot)
        #expect(Self.validate(receipt).step == 3)
        #expect(Self.validate(receipt, anchors: storeKit).status == 0)
        // Several anchors, concatenated.
        #expect(Self.validate(receipt, anchors: root + storeKit).status == 0)
        #expect(Self.validate(receipt, anchors: root).step == 3)
    }

    @Test func badCallsAreUsageErrorsWithAMessage() throws {
        let receipt = Array("x".utf8)
        let cases: [(String, (status: Int32, step: Int32, code: String, json: String))] = [
            ("no receipt", Self.validate(nil)),
            ("anchors that are not certificates", Self.validate(receipt, anchors: [0x30, 0x03, 0x02, 0x01, 0x01])),
            ("anchors with trailing garbage", Self.validate(receipt, anchors: [0x30, 0x00, 0xFF])),
            ("unknown time mode", Self.validate(receipt, timeMode: 7)),
            ("bundle identifier not UTF-8", Self.validate(receipt, bundleIdentifier: [0xFF, 0xFE])),
        ]
        for (name, result) in cases {
            #expect(result.status == 2, "\(name)")
            #expect(result.step == -1, "\(name)")
            #expect(result.code == "usage", "\(name)")
            #expect(
                result.json.hasPrefix(#"{"valid":false,"error":{"code":"usage","step":"usage","message":""#),
                "\(name)"
            )
        }
        // A null pointer with a length, and a negative length.
        #expect(receiptValidate(nil, 4, nil, 0, 0, 0, nil, 0) == 2)
        let status = receipt.withUnsafeBufferPointer { receiptValidate($0.baseAddress, -1, nil, 0, 0, 0, nil, 0) }
        #expect(status == 2)
        #expect(receiptAllocate(-1) == nil)
        receiptFree(nil)
    }
}
