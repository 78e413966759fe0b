// The C-ABI surface of the WebAssembly module (docs/webassembly.md). The host copies a receipt into memory
// it got from `receipt_allocate`, calls `receipt_validate`, reads the result through the `receipt_result_*`
// functions, and frees what it allocated. The module keeps one result, replaced by the next validation.
//
// The same functions build natively, so `swift test` checks the contract without a wasm runtime.

import PureDER
import PureJSON
import PureReceipt
import PureReceiptJSON
import PureSignedData
import PureX509

/// `receipt_validate`'s status: the receipt is valid.
public let receiptStatusValid: Int32 = 0
/// `receipt_validate`'s status: the receipt is invalid; the result names the step and code.
public let receiptStatusInvalid: Int32 = 1
/// `receipt_validate`'s status: the call itself was wrong (a bad pointer or length, anchors that are not
/// certificates, a bundle identifier that is not UTF-8, an unknown time mode); the result's message says which.
public let receiptStatusUsageError: Int32 = 2

/// The last validation's outcome, kept for the `receipt_result_*` readers: its status and step, and its texts in
/// memory the module owns, so the host can read them by address. The module is single-threaded, as WebAssembly
/// instances are.
nonisolated(unsafe) private var lastStatus = receiptStatusUsageError
nonisolated(unsafe) private var lastStep: Int32 = -1
nonisolated(unsafe) private var lastCode = OwnedBytes()
nonisolated(unsafe) private var lastJSON = OwnedBytes()
/// The last validation's JSON until a host first asks for it: it is written then, not by every validation, because
/// writing it (names, dates and every field as text) is a large part of a validation's work, which a host that reads
/// only the status or the code should not pay.
nonisolated(unsafe) private var pendingJSON: WasmResult.JSON?

/// Bytes at a stable address until replaced.
struct OwnedBytes {
    private(set) var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1)
    private(set) var count = 0

    mutating func replace(with bytes: [UInt8]) {
        buffer.deallocate()
        buffer = .allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(from: bytes)
        count = bytes.count
    }

    var pointer: UnsafePointer<UInt8>? { UnsafePointer(buffer.baseAddress) }
}

/// What one `receipt_validate` call produced.
struct WasmResult {
    var status: Int32
    /// 0 for a valid receipt, 1…6 for the failed step in the validator's order, −1 for a usage error.
    var step: Int32
    /// The stable error code (`chain.expired`), empty for a valid receipt.
    var code: [UInt8]
    /// Compact JSON, the object `receipt verify --json` prints without its `file` key.
    var json: JSON

    /// The JSON text, or the outcome it is written from.
    enum JSON {
        case text([UInt8])
        case verification(Result<ValidatedReceipt, ReceiptValidationError>)
        case signedData(Result<VerifiedJWS<DecodedPayload>, SignedDataError>)

        var bytes: [UInt8] {
            switch self {
            case .text(let bytes): bytes
            case .verification(let result): ReceiptJSON.verificationText(result)
            case .signedData(let result): SignedDataJSON.verificationText(result)
            }
        }
    }
}

extension WasmResult {
    /// A finished check's result: valid (step 0, no code), or invalid at the failure's step with its stable code.
    init<Value, Failure>(
        _ result: Result<Value, Failure>,
        json: JSON,
        step: (Failure) -> Int32,
        code: (Failure) -> String
    ) {
        switch result {
        case .success:
            self.init(status: receiptStatusValid, step: 0, code: [], json: json)
        case .failure(let error):
            self.init(status: receiptStatusInvalid, step: step(error), code: Array(code(error).utf8), json: json)
        }
    }
}

/// Allocates `size` bytes (at least one) for the host to write an input into; `nil` when out of memory.
@_cdecl("receipt_allocate")
public func receiptAllocate(_ size: Int) -> UnsafeMutableRawPointer? {
    guard size >= 0 else { return nil }
    #if arch(wasm32)
    // The heap itself, not Swift's allocate(), which cannot report running out of memory.
    return WasmHeap.allocate(UInt(max(size, 1)))
    #else
    return UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
    #endif
}

/// Frees what ``receiptAllocate(_:)`` returned; `nil` is ignored.
@_cdecl("receipt_free")
public func receiptFree(_ pointer: UnsafeMutableRawPointer?) {
    #if arch(wasm32)
    if let pointer { WasmHeap.free(pointer) }
    #else
    pointer?.deallocate()
    #endif
}

/// Validates the receipt at `receipt` (`receiptLength` bytes of PKCS#7, DER or BER) and returns a status:
/// 0 valid, 1 invalid, 2 usage error.
///
/// - `anchors`: `nil` (with length 0) for the bundled Apple Inc. Root, or one or more concatenated DER
///   certificates that replace it.
/// - `timeMode`: 0 validates at the receipt's creation date, 1 at `instant` (seconds since 1970, UTC).
/// - `bundleIdentifier`: `nil` (length 0) for no check, or the expected bundle identifier as UTF-8.
@_cdecl("receipt_validate")
public func receiptValidate(
    _ receipt: UnsafePointer<UInt8>?,
    _ receiptLength: Int,
    _ anchors: UnsafePointer<UInt8>?,
    _ anchorsLength: Int,
    _ timeMode: Int32,
    _ instant: Int64,
    _ bundleIdentifier: UnsafePointer<UInt8>?,
    _ bundleIdentifierLength: Int
) -> Int32 {
    let result = WasmValidation.run(
        receipt: WasmValidation.bytes(receipt, receiptLength),
        anchors: WasmValidation.bytes(anchors, anchorsLength),
        timeMode: timeMode,
        instant: instant,
        bundleIdentifier: WasmValidation.bytes(bundleIdentifier, bundleIdentifierLength)
    )
    return publish(result)
}

/// Keeps `result` for the `receipt_result_*` readers and returns its status.
func publish(_ result: WasmResult) -> Int32 {
    lastStatus = result.status
    lastStep = result.step
    lastCode.replace(with: result.code)
    pendingJSON = result.json
    return result.status
}

/// The last status (2 before any validation).
@_cdecl("receipt_result_status")
public func receiptResultStatus() -> Int32 { lastStatus }

/// The step that failed: 0 none (valid), 1 container, 2 signature, 3 chain, 4 bundle identifier,
/// 5 application version, 6 device hash; −1 for a usage error.
@_cdecl("receipt_result_step")
public func receiptResultStep() -> Int32 { lastStep }

/// The stable error code as UTF-8 (`chain.expired`), valid until the next validation; empty when valid.
@_cdecl("receipt_result_code_pointer")
public func receiptResultCodePointer() -> UnsafePointer<UInt8>? { lastCode.pointer }

/// The length of ``receiptResultCodePointer()``'s text in bytes.
@_cdecl("receipt_result_code_length")
public func receiptResultCodeLength() -> Int { lastCode.count }

/// The result as compact JSON in UTF-8, valid until the next validation.
@_cdecl("receipt_result_json_pointer")
public func receiptResultJSONPointer() -> UnsafePointer<UInt8>? { writtenJSON().pointer }

/// The length of ``receiptResultJSONPointer()``'s text in bytes.
@_cdecl("receipt_result_json_length")
public func receiptResultJSONLength() -> Int { writtenJSON().count }

/// The last result's JSON, written now if it was not yet.
private func writtenJSON() -> OwnedBytes {
    if let pending = pendingJSON {
        lastJSON.replace(with: pending.bytes)
        pendingJSON = nil
    }
    return lastJSON
}

/// The validation behind `receipt_validate`, on Swift values.
enum WasmValidation {
    /// An input as the host described it: absent (a null pointer, length 0), bytes, or an impossible pair.
    enum Input {
        case absent
        case bytes([UInt8])
        case invalid
    }

    static func bytes(_ pointer: UnsafePointer<UInt8>?, _ length: Int) -> Input {
        guard length >= 0 else { return .invalid }
        guard let pointer else { return length == 0 ? .absent : .invalid }
        return .bytes(Array(UnsafeBufferPointer(start: pointer, count: length)))
    }

    static func run(
        receipt: Input,
        anchors: Input,
        timeMode: Int32,
        instant: Int64,
        bundleIdentifier: Input
    )
        -> WasmResult
    {
        WasmOptions.check(
            receipt,
            named: "receipt",
            anchors: anchors,
            timeMode: timeMode,
            instant: instant,
            bundleIdentifier: bundleIdentifier,
            ownDate: "the receipt's creation date"
        ) { receiptBytes, options in
            let validator = ReceiptValidator(
                trust: options.anchors.map { .replacingAnchors(with: $0) } ?? .apple,
                validationTime: options.instant.map { .instant($0) } ?? .receiptCreationDate,
                expectations: ReceiptValidator.Expectations(bundleIdentifier: options.bundleIdentifier)
            )
            let result = Result { () throws(ReceiptValidationError) in try validator.validate(receiptBytes) }
            return WasmResult(
                result,
                json: .verification(result),
                step: { stepNumber($0.step) },
                code: ReceiptJSON.code
            )
        }
    }

    /// Concatenated DER certificates, or `nil` unless there is at least one and every one parses.
    static func certificates(in bytes: [UInt8]) -> [Certificate]? {
        var reader = DERReader(bytes)
        var certificates: [Certificate] = []
        while !reader.isAtEnd {
            guard let element = try? reader.readElement(),
                let certificate = try? Certificate(derEncoded: element.encoded)
            else { return nil }
            certificates.append(certificate)
        }
        return certificates.isEmpty ? nil : certificates
    }

    static func stepNumber(_ step: ReceiptValidationError.Step) -> Int32 {
        switch step {
        case .container: 1
        case .signature: 2
        case .chain: 3
        case .bundleIdentifier: 4
        case .applicationVersion: 5
        case .deviceHash: 6
        case .payload: 7  // added after the others, so their numbers stay what hosts know
        case .receiptType: 8  // the module takes no such expectation; numbered for completeness
        case .appItemIdentifier: 9
        }
    }

    static func usageError(_ message: String) -> WasmResult {
        WasmResult(
            status: receiptStatusUsageError,
            step: -1,
            code: Array("usage".utf8),
            json: .text(ReceiptJSON.failureText(code: "usage", step: "usage", message: message))
        )
    }
}
