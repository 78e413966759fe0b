import PureDER

/// Decoding of attribute values, by the types Apple documents for each field.
///
/// Each decoder first takes the value's octets as they lie when they have the common shape (one-octet
/// identifier, minimal definite length, nothing after the value) and a content that decodes without question;
/// anything else goes through the general readers, for their verdict and their exact error. A payload has about
/// a hundred such values, and the readers' views of the input cost a reference count each.
enum FieldValue {
    // Each decoder takes the value as its indices `value` in `bytes` (an attribute's ``ReceiptAttribute/Location``),
    // and makes a view of it only on the general readers' path.

    /// A UTF8String, IA5String or PrintableString (all three occur). Bytes after the value are reported before
    /// its text is checked.
    static func string(in bytes: ArraySlice<UInt8>, at value: Range<Int>, field: Int) throws(DERError) -> String {
        // ASCII in a UTF8String or an IA5String is valid in both, and is the same text in either.
        let ascii = withOctets(of: value, in: bytes) { octets -> String? in
            guard let text = asciiText(octets) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
        if let ascii { return ascii }
        let element = try DERReader.parseElement(bytes[value])
        let text = try element.string()
        guard isText(element.tag) else {
            throw DERError(.unexpectedTag, at: value.lowerBound, "field \(field): \(element.tag) is not a text type")
        }
        return text
    }

    private static func isText(_ tag: DERTag) -> Bool {
        tag == .utf8String || tag == .ia5String || tag == .printableString
    }

    /// Runs `body` over the octets at `value` in `bytes` where they lie.
    private static func withOctets<Result>(
        of value: Range<Int>,
        in bytes: ArraySlice<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            let start = value.lowerBound - bytes.startIndex
            return body(UnsafeBufferPointer(rebasing: buffer[start..<start + value.count]))
        }
    }

    /// The contents of `bytes` when they are exactly one UTF8String or IA5String of ASCII characters in the
    /// common shape; `nil` for anything else.
    private static func asciiText(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let identifier = bytes.first, identifier == 0x0C || identifier == 0x16,  // UTF8String, IA5String
            let contents = DERReader.commonShapeContents(identifier, in: bytes, at: 0),
            contents.upperBound == bytes.count
        else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[contents])
        var high: UInt8 = 0
        for byte in text { high |= byte }
        return high < 0x80 ? text : nil
    }

    /// An INTEGER that fits Int64.
    static func integer(in bytes: ArraySlice<UInt8>, at value: Range<Int>) throws(DERError) -> Int64 {
        let common = withOctets(of: value, in: bytes) { octets -> Int64? in
            guard let contents = DERReader.commonShapeContents(0x02, in: octets, at: 0),
                contents.upperBound == octets.count
            else { return nil }
            return DERElement.integer(UnsafeBufferPointer(rebasing: octets[contents]), as: Int64.self)
        }
        if let common { return common }
        return try DERReader.parse(bytes[value]) { reader throws(DERError) in try reader.readInteger(as: Int64.self) }
    }

    /// An RFC 3339 date in an IA5String (or UTF8String): seconds since 1970, or `nil` for an empty string,
    /// which Apple uses for "absent".
    static func date(in bytes: ArraySlice<UInt8>, at value: Range<Int>, field: Int) throws(DERError) -> Int64? {
        // `.some(nil)`: the empty string; `nil`: not decided here.
        let common = withOctets(of: value, in: bytes) { octets -> Int64?? in
            guard let text = asciiText(octets) else { return nil }
            guard !text.isEmpty else { return .some(nil) }
            return RFC3339.seconds(utf8: text).map { .some($0) }
        }
        if let common { return common }
        let text = try string(in: bytes, at: value, field: field)
        guard !text.isEmpty else { return nil }
        guard let seconds = RFC3339.seconds(text) else {
            throw DERError(.invalidTime, at: value.lowerBound, "field \(field): '\(text)' is not an RFC 3339 date")
        }
        return seconds
    }
}

/// RFC 3339 date-times as receipts write them: `2015-09-22T08:55:28Z`, with a numeric offset `+0100` or
/// `+01:00` in Xcode receipts, and optional fractional seconds (dropped).
public enum RFC3339 {
    /// Seconds since 1970, or `nil` if `text` is not such a date-time.
    public static func seconds(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { seconds(utf8: $0) }
    }

    /// Seconds since 1970, or `nil` if the UTF-8 `text` is not such a date-time.
    static func seconds(utf8 text: UnsafeBufferPointer<UInt8>) -> Int64? {
        let count = text.count
        // Every offset read is below `count`: checked before each read.
        func byte(_ offset: Int) -> UInt8 { text[offset] }
        func number(_ start: Int, _ digits: Int) -> Int? {
            guard start + digits <= count else { return nil }
            var value = 0
            for offset in start..<start + digits {
                let digit = byte(offset) &- UInt8(ascii: "0")
                guard digit <= 9 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard count >= 20, byte(4) == UInt8(ascii: "-"), byte(7) == UInt8(ascii: "-"),
            byte(10) == UInt8(ascii: "T") || byte(10) == UInt8(ascii: "t"), byte(13) == UInt8(ascii: ":"),
            byte(16) == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2),
            let instant = UTCDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var index = 19
        if byte(index) == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < count, byte(index) &- UInt8(ascii: "0") <= 9 { index += 1 }
            guard index > start else { return nil }
        }
        guard index < count else { return nil }
        var offset = 0
        switch byte(index) {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = byte(index) == UInt8(ascii: "-") ? -1 : 1
            let rest = count - index - 1
            let hasColon = rest == 5 && byte(index + 3) == UInt8(ascii: ":")
            guard rest == 4 || hasColon, let hours = number(index + 1, 2),
                let minutes = number(index + (hasColon ? 4 : 3), 2), hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        return instant.secondsSince1970 - Int64(offset)
    }
}
