// The WebAssembly module's entry for StoreKit signed data (docs/webassembly.md): the host copies a JWS (its
// compact serialization, ASCII) into memory from `receipt_allocate`, calls `signed_data_verify`, and reads the
// result through the same `receipt_result_*` functions as a receipt's.

import PureJSON
import PureReceiptJSON
import PureSignedData
import PureX509

/// Verifies the JWS at `jws` (`jwsLength` bytes) and returns a status: 0 valid, 1 invalid, 2 usage error.
///
/// - `anchors`: `nil` (with length 0) for the bundled Apple Root CA - G3, or one or more concatenated DER
///   certificates that replace it (Apple's chain shape still required).
/// - `timeMode`: 0 validates at the payload's `signedDate`, 1 at `instant` (seconds since 1970, UTC).
/// - `bundleIdentifier`: `nil` (length 0) for no check, or the expected bundle identifier as UTF-8.
///
/// The failed step (`receipt_result_step`): 1 compact serialization, 2 header, 3 payload, 4 chain,
/// 5 signature, 6 expectations.
@_cdecl("signed_data_verify")
public func signedDataVerify(
    _ jws: UnsafePointer<UInt8>?,
    _ jwsLength: Int,
    _ anchors: UnsafePointer<UInt8>?,
    _ anchorsLength: Int,
    _ timeMode: Int32,
    _ instant: Int64,
    _ bundleIdentifier: UnsafePointer<UInt8>?,
    _ bundleIdentifierLength: Int
) -> Int32 {
    publish(
        WasmSignedDataVerification.run(
            jws: WasmValidation.bytes(jws, jwsLength),
            anchors: WasmValidation.bytes(anchors, anchorsLength),
            timeMode: timeMode,
            instant: instant,
            bundleIdentifier: WasmValidation.bytes(bundleIdentifier, bundleIdentifierLength)
        )
    )
}

/// The verification behind `signed_data_verify`, on Swift values.
enum WasmSignedDataVerification {
    static func run(
        jws: WasmValidation.Input,
        anchors: WasmValidation.Input,
        timeMode: Int32,
        instant: Int64,
        bundleIdentifier: WasmValidation.Input
    ) -> WasmResult {
        guard case .bytes(let jwsBytes) = jws else {
            return WasmValidation.usageError("the JWS pointer and length do not describe bytes")
        }
        var verifier = SignedDataVerifier()
        switch anchors {
        case .absent: break
        case .invalid: return WasmValidation.usageError("the anchors pointer and length do not describe bytes")
        case .bytes(let bytes):
            guard let certificates = WasmValidation.certificates(in: bytes) else {
                return WasmValidation.usageError("the anchors are not one or more DER certificates")
            }
            verifier.trust = .replacingAnchors(with: certificates)
        }
        switch timeMode {
        case 0: verifier.validationTime = .signedDate
        case 1: verifier.validationTime = .instant(instant)
        default: return WasmValidation.usageError("unknown time mode \(timeMode): 0 is the signedDate, 1 an instant")
        }
        switch bundleIdentifier {
        case .absent: break
        case .invalid:
            return WasmValidation.usageError("the bundle identifier pointer and length do not describe bytes")
        case .bytes(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return WasmValidation.usageError("the bundle identifier is not UTF-8")
            }
            verifier.expectations.bundleIdentifier = text
        }
        let result: Result<VerifiedJWS<DecodedPayload>, SignedDataError>
        do throws(SignedDataError) {
            result = .success(try verifier.verify(jwsBytes[...]))
        } catch {
            result = .failure(error)
        }
        let json = WasmResult.JSON.signedData(result)
        switch result {
        case .success:
            return WasmResult(status: receiptStatusValid, step: 0, code: [], json: json)
        case .failure(let error):
            return WasmResult(
                status: receiptStatusInvalid,
                step: stepNumber(error.step),
                code: Array(SignedDataJSON.code(error).utf8),
                json: json
            )
        }
    }

    static func stepNumber(_ step: SignedDataError.Step) -> Int32 {
        switch step {
        case .compactSerialization: 1
        case .header: 2
        case .payload: 3
        case .chain: 4
        case .signature: 5
        case .expectations: 6
        }
    }
}
