import PureDER

/// RFC 3339 date-times as receipts write them: `2015-09-22T08:55:28Z`, with a numeric offset `+0100` or
/// `+01:00` in Xcode receipts, and optional fractional seconds (dropped).
package enum RFC3339 {
    /// Seconds since 1970, or `nil` if `text` is not such a date-time.
    package static func seconds(_ text: String) -> Int64? {
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
