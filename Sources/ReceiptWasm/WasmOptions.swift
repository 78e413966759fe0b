import PureX509

/// The options both entries take from the host, checked: the anchors, the time to validate at, the expected
/// bundle identifier.
struct WasmOptions {
    /// The caller's anchors in place of the bundled root; `nil` for the bundled root.
    var anchors: [Certificate]?
    /// The instant to validate at (time mode 1); `nil` for the data's own date (time mode 0).
    var instant: Int64?
    /// The expected bundle identifier; `nil` for no check.
    var bundleIdentifier: String?

    /// An entry's answer to the host: `body`'s result for the bytes of `input` (the data to check, which `name`
    /// names) and the options, once the call is checked in the order the entries document; otherwise a usage
    /// error whose message says what is wrong. `ownDate` names time mode 0's date in the message for an unknown
    /// mode.
    static func check(
        _ input: WasmValidation.Input,
        named name: String,
        anchors: WasmValidation.Input,
        timeMode: Int32,
        instant: Int64,
        bundleIdentifier: WasmValidation.Input,
        ownDate: String,
        _ body: ([UInt8], WasmOptions) -> WasmResult
    ) -> WasmResult {
        guard case .bytes(let bytes) = input else {
            return WasmValidation.usageError("the \(name) pointer and length do not describe bytes")
        }
        var options = WasmOptions()
        switch anchors {
        case .absent: break
        case .invalid: return WasmValidation.usageError("the anchors pointer and length do not describe bytes")
        case .bytes(let bytes):
            guard let certificates = WasmValidation.certificates(in: bytes) else {
                return WasmValidation.usageError("the anchors are not one or more DER certificates")
            }
            options.anchors = certificates
        }
        switch timeMode {
        case 0: break
        case 1: options.instant = instant
        default: return WasmValidation.usageError("unknown time mode \(timeMode): 0 is \(ownDate), 1 an instant")
        }
        switch bundleIdentifier {
        case .absent: break
        case .invalid:
            return WasmValidation.usageError("the bundle identifier pointer and length do not describe bytes")
        case .bytes(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return WasmValidation.usageError("the bundle identifier is not UTF-8")
            }
            options.bundleIdentifier = text
        }
        return body(bytes, options)
    }
}
