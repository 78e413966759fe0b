import PureDER

/// Decoding of attribute values, by the types Apple documents for each field.
enum FieldValue {
    /// A UTF8String, IA5String or PrintableString (all three occur).
    static func string(_ value: ArraySlice<UInt8>, field: Int) throws(DERError) -> String {
        try DERReader.parse(value) { reader throws(DERError) in
            let (tag, text) = try reader.readAnyString()
            guard tag == .utf8String || tag == .ia5String || tag == .printableString else {
                throw DERError(.unexpectedTag, at: value.startIndex, "field \(field): \(tag) is not a text type")
            }
            return text
        }
    }

    /// An INTEGER that fits Int64.
    static func integer(_ value: ArraySlice<UInt8>) throws(DERError) -> Int64 {
        try DERReader.parse(value) { reader throws(DERError) in try reader.readInteger(as: Int64.self) }
    }

    /// An RFC 3339 date in an IA5String (or UTF8String): seconds since 1970, or `nil` for an empty string,
    /// which Apple uses for "absent".
    static func date(_ value: ArraySlice<UInt8>, field: Int) throws(DERError) -> Int64? {
        let text = try string(value, field: field)
        guard !text.isEmpty else { return nil }
        guard let seconds = RFC3339.seconds(text) else {
            throw DERError(.invalidTime, at: value.startIndex, "field \(field): '\(text)' is not an RFC 3339 date")
        }
        return seconds
    }
}

/// RFC 3339 date-times as receipts write them: `2015-09-22T08:55:28Z`, with a numeric offset `+0100` or
/// `+01:00` in Xcode receipts, and optional fractional seconds (dropped).
public enum RFC3339 {
    /// Seconds since 1970, or `nil` if `text` is not such a date-time.
    public static func seconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2),
            let instant = UTCDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            let rest = bytes.count - index - 1
            let hasColon = rest == 5 && bytes[index + 3] == UInt8(ascii: ":")
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
