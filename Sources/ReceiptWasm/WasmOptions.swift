import PureX509

/// The options both entries take from the host, checked: the anchors, the time to validate at, the expected
/// bundle identifier.
struct WasmOptions {
    /// A call that is wrong, with the message the result carries.
    struct UsageError: Error {
        let message: String
    }

    /// The caller's anchors in place of the bundled root; `nil` for the bundled root.
    var anchors: [Certificate]?
    /// The instant to validate at (time mode 1); `nil` for the data's own date (time mode 0).
    var instant: Int64?
    /// The expected bundle identifier; `nil` for no check.
    var bundleIdentifier: String?

    /// Checks the host's options in the order the entries document them; `ownDate` names time mode 0's date in
    /// the message for an unknown mode.
    init(
        anchors: WasmValidation.Input,
        timeMode: Int32,
        instant: Int64,
        bundleIdentifier: WasmValidation.Input,
        ownDate: String
    ) throws(UsageError) {
        switch anchors {
        case .absent: break
        case .invalid: throw UsageError(message: "the anchors pointer and length do not describe bytes")
        case .bytes(let bytes):
            guard let certificates = WasmValidation.certificates(in: bytes) else {
                throw UsageError(message: "the anchors are not one or more DER certificates")
            }
            self.anchors = certificates
        }
        switch timeMode {
        case 0: break
        case 1: self.instant = instant
        default: throw UsageError(message: "unknown time mode \(timeMode): 0 is \(ownDate), 1 an instant")
        }
        switch bundleIdentifier {
        case .absent: break
        case .invalid: throw UsageError(message: "the bundle identifier pointer and length do not describe bytes")
        case .bytes(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw UsageError(message: "the bundle identifier is not UTF-8")
            }
            self.bundleIdentifier = text
        }
    }
}
