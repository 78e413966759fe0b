import PureDER

/// Decoding of attribute values, by the types Apple documents for each field.
///
/// Each decoder takes the value as its indices `value` in `bytes` (an attribute's ``ReceiptAttribute/Location``),
/// reads it as exactly one element through the DER reader's checks, and decodes the contents where they lie: a
/// payload has about a hundred such values, and a view of each would retain the input. Text that is not ASCII is
/// decoded from a view of the element.
enum FieldValue {
    /// A UTF8String, IA5String or PrintableString (all three occur).
    static func string(in bytes: ArraySlice<UInt8>, at value: Range<Int>, field: Int) throws(DERError) -> String {
        let element = try DERReader.readBounds(nil, in: bytes, at: value)
        if let text = asciiText(element, in: bytes) { return text }
        let text = try DERElement(element, in: bytes).string()
        guard isText(element.tag) else {
            throw DERError(.unexpectedTag, at: value.lowerBound, "field \(field): \(element.tag) is not a text type")
        }
        return text
    }

    private static func isText(_ tag: DERTag) -> Bool {
        tag == .utf8String || tag == .ia5String || tag == .printableString
    }

    /// The text of `element` when it is a UTF8String or an IA5String of ASCII characters, which is valid in both
    /// and the same text in either; `nil` for anything else.
    private static func asciiText(_ element: ElementBounds, in bytes: ArraySlice<UInt8>) -> String? {
        guard element.tag == .utf8String || element.tag == .ia5String else { return nil }
        return withOctets(of: element.contents, in: bytes) { text in
            isASCII(text) ? String(decoding: text, as: UTF8.self) : nil
        }
    }

    private static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var high: UInt8 = 0
        for byte in text { high |= byte }
        return high < 0x80
    }

    /// Runs `body` over the octets at `range` in `bytes` where they lie.
    private static func withOctets<Result, Failure: Error>(
        of range: Range<Int>,
        in bytes: ArraySlice<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let start = range.lowerBound - bytes.startIndex
        return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try body(UnsafeBufferPointer(rebasing: buffer[start..<start + range.count]))
        }
    }

    /// An INTEGER that fits Int64.
    static func integer(in bytes: ArraySlice<UInt8>, at value: Range<Int>) throws(DERError) -> Int64 {
        let element = try DERReader.readBounds(.integer, in: bytes, at: value)
        return try withOctets(of: element.contents, in: bytes) { contents throws(DERError) in
            try DERElement.integer(contents, as: Int64.self, at: element.start)
        }
    }

    /// An RFC 3339 date in an IA5String (or UTF8String): seconds since 1970, or `nil` for an empty string,
    /// which Apple uses for "absent".
    static func date(in bytes: ArraySlice<UInt8>, at value: Range<Int>, field: Int) throws(DERError) -> Int64? {
        let element = try DERReader.readBounds(nil, in: bytes, at: value)
        if element.tag == .utf8String || element.tag == .ia5String {
            // `.some(nil)`: the empty string; `nil`: not ASCII, or not a date.
            let ascii = withOctets(of: element.contents, in: bytes) { text -> Int64?? in
                guard isASCII(text) else { return nil }
                guard !text.isEmpty else { return .some(nil) }
                return RFC3339.seconds(utf8: text).map { .some($0) }
            }
            if let ascii { return ascii }
        }
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
