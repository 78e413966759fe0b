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
        WasmOptions.check(
            jws,
            named: "JWS",
            anchors: anchors,
            timeMode: timeMode,
            instant: instant,
            bundleIdentifier: bundleIdentifier,
            ownDate: "the signedDate"
        ) { jwsBytes, options in
            let verifier = SignedDataVerifier(
                trust: options.anchors.map { .replacingAnchors(with: $0) } ?? .appStore,
                validationTime: options.instant.map { .instant($0) } ?? .signedDate,
                expectations: SignedDataVerifier.Expectations(bundleIdentifier: options.bundleIdentifier)
            )
            let result = Result { () throws(SignedDataError) -> VerifiedJWS<DecodedPayload> in
                try verifier.verify(jwsBytes[...])
            }
            return WasmResult(
                result,
                json: .signedData(result),
                step: { stepNumber($0.step) },
                code: SignedDataJSON.code
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
