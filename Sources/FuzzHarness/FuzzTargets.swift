/// The fuzz targets: each takes arbitrary bytes and returns `nil`, or a description of the invariant the
/// input broke. The libFuzzer executables (`Sources/Fuzzers/<Target>`) trap on a description; `swift test`
/// replays the seeds and every minimised finding through the same functions and expects `nil`.
public enum FuzzTargets {
    /// Target names, as `scripts/fuzz.sh --list` prints them.
    public static let names = [
        "certificate", "der", "der-ber", "ecdsa", "json", "jws", "jws-verify", "payload", "pkcs7", "validator",
    ]

    /// Runs the target `name` on `input`: `nil` when every invariant holds. An unknown name is itself a
    /// broken invariant.
    public static func run(_ name: String, _ input: [UInt8]) -> String? {
        switch name {
        case "certificate": return certificate(input)
        case "der": return der(input)
        case "der-ber": return derBER(input)
        case "json": return json(input)
        case "jws": return jws(input)
        case "jws-verify": return jwsVerify(input)
        case "ecdsa": return ecdsa(input)
        case "payload": return payload(input)
        case "pkcs7": return pkcs7(input)
        case "validator": return validator(input)
        default: return "unknown fuzz target '\(name)'"
        }
    }
}
