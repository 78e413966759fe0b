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
    /// - the attribute reader, which takes attributes of the common shape apart over raw bytes, reads exactly
    ///   what the general readers alone read: the same attributes, or the same error at the same offset.
    public static func payload(_ input: [UInt8]) -> String? {
        for rules in [EncodingRules.der, .ber] where attributes(input, rules) != generalAttributes(input, rules) {
            return "the attribute reader and the general readers disagree under \(rules)"
        }
        let ber = try? AppReceipt(payload: input[...], rules: .ber)
        if let ber, let failure = checkBundleIdentifier(ber) { return failure }
        guard let der = try? AppReceipt(payload: input[...], rules: .der) else { return nil }
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

    private enum AttributesOutcome: Equatable {
        /// Each attribute's type and version, value, and the value's indices (a view into the input, or into
        /// the octets a constructed OCTET STRING was joined into).
        case fields([[Int]], values: [[UInt8]], ranges: [Range<Int>])
        case error(DERError.Code, offset: Int)
    }

    private static func attributes(_ input: [UInt8], _ rules: EncodingRules) -> AttributesOutcome {
        do {
            let attributes = try ReceiptAttribute.readPayload(input[...], rules: rules)
            let values = attributes.map(\.value)
            return .fields(
                attributes.map { [$0.type, $0.version] },
                values: values.map(Array.init),
                ranges: values.map(\.indices)
            )
        } catch { return .error(error.code, offset: error.offset) }
    }

    /// The payload read by the general readers alone, as `readPayload` read it before it had a shortcut.
    private static func generalAttributes(_ input: [UInt8], _ rules: EncodingRules) -> AttributesOutcome {
        do throws(DERError) {
            var payload = input[...]
            if payload.first == 0x04 {
                payload = try DERReader.parse(payload, rules: rules) { reader throws(DERError) in
                    try reader.readOctetString()
                }
            }
            var fields: [[Int]] = []
            var values: [ArraySlice<UInt8>] = []
            try DERReader.parse(payload, rules: rules) { reader throws(DERError) -> Void in
                try reader.readSetOf(eachConstructed: .sequence) { attribute throws(DERError) in
                    fields.append([try attribute.readInteger(as: Int.self), try attribute.readInteger(as: Int.self)])
                    values.append(try attribute.readOctetString())
                }
            }
            return .fields(fields, values: values.map(Array.init), ranges: values.map(\.indices))
        } catch { return .error(error.code, offset: error.offset) }
    }
}
