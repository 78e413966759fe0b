import PureDER
import PureReceipt

extension FuzzTargets {
    /// The receipt payload decoder, under DER (App Store) and BER (Xcode) rules. Invariants:
    /// - no input traps, hangs or exhausts memory under either rules;
    /// - a payload DER accepts, BER accepts too, with the same decoded receipt;
    /// - a payload DER accepts is a strict DER tree that re-encodes to the input;
    /// - the values it keeps are views into the input (bundle identifier bytes, opaque value, hash, unknown
    ///   attributes' values);
    /// - the bundle identifier's raw bytes (what the device hash covers) decode to the bundle identifier, under
    ///   either rules;
    /// - reading attributes in the short forms with a `ShortFormScanner` gives what the DER reader alone gives:
    ///   the same receipt or the same error, under either rules.
    public static func payload(_ input: [UInt8]) -> String? {
        let decoded = [EncodingRules.ber, .der].map { rules in
            (
                Result { () throws(ReceiptError) in try AppReceipt(payload: input[...], rules: rules) },
                Result { () throws(ReceiptError) in try AppReceipt(payload: input[...], rules: rules, quickly: false) }
            )
        }
        for (quick, general) in decoded where quick != general {
            return "the short-form reading and the DER reader decode a payload differently"
        }
        let ber = try? decoded[0].0.get()
        if let ber, let failure = checkBundleIdentifier(ber) { return failure }
        guard let der = try? decoded[1].0.get() else { return nil }
        guard let ber, ber == der else { return "BER rules refuse or read differently a payload DER accepts" }
        guard let tree = try? DERTree(parsing: input, rules: .der), tree.reencoded() == input else {
            return "a payload DER accepts is not strict DER that re-encodes to its input"
        }
        var kept = [der.bundleIdentifierData, der.opaqueValue, der.sha1Hash].compactMap { $0 }
        kept += der.otherAttributes.map(\.value)
        for value in kept where !isView(value, of: input) {
            return "a kept value is not a view into the input"
        }
        return checkBundleIdentifier(der)
    }

    private static func checkBundleIdentifier(_ receipt: AppReceipt) -> String? {
        guard let raw = receipt.bundleIdentifierData else {
            return receipt.bundleIdentifier == nil ? nil : "a bundle identifier without its raw bytes"
        }
        let text = try? DERReader.parse(raw) { reader throws(DERError) in try reader.readAnyString().text }
        guard text == receipt.bundleIdentifier else {
            return "the bundle identifier's raw bytes do not decode to the bundle identifier"
        }
        return nil
    }
}
