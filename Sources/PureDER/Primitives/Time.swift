/// A UTC calendar instant to the second: the bridge between ASN.1 time strings, RFC 3339 text and the
/// library's time, an integer count of seconds since 1970-01-01T00:00:00Z. No time zones, no leap seconds.
public struct UTCDateTime: Sendable, Hashable {
    /// The year, 0–9999.
    public private(set) var year: Int
    /// The month, 1–12.
    public private(set) var month: Int
    /// The day of the month, 1–31.
    public private(set) var day: Int
    /// The hour, 0–23.
    public private(set) var hour: Int
    /// The minute, 0–59.
    public private(set) var minute: Int
    /// The second, 0–59.
    public private(set) var second: Int

    /// 1970-01-01T00:00:00Z.
    public static let epoch = UTCDateTime(validYear: 1970)

    private init(validYear year: Int) {
        self.year = year
        self.month = 1
        self.day = 1
        self.hour = 0
        self.minute = 0
        self.second = 0
    }

    /// Creates an instant from its fields, or `nil` if they name no real instant (February 30, hour 24, …).
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard (0...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The instant `seconds` after 1970-01-01T00:00:00Z, or `nil` outside the years 0–9999.
    public init?(secondsSince1970 seconds: Int64) {
        // 0000-01-01T00:00:00Z through 9999-12-31T23:59:59Z; the bound also keeps the arithmetic below in range.
        guard seconds >= -62_167_219_200, seconds <= 253_402_300_799 else { return nil }
        // Floor division, so that instants before 1970 get the right day and time of day.
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let timeOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        self.init(
            year: year,
            month: month,
            day: day,
            hour: timeOfDay / 3600,
            minute: timeOfDay / 60 % 60,
            second: timeOfDay % 60
        )
    }

    /// Seconds since 1970-01-01T00:00:00Z; negative before.
    public var secondsSince1970: Int64 {
        Self.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// `YYYY-MM-DDThh:mm:ssZ` (RFC 3339).
    public var rfc3339: String {
        var text = [UInt8](repeating: 0, count: Self.rfc3339Length)
        text.withUnsafeMutableBufferPointer { writeRFC3339(into: $0) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The length of ``rfc3339``: every instant has a four-digit year.
    package static let rfc3339Length = 20

    /// Writes ``rfc3339`` into the first ``rfc3339Length`` bytes of `buffer`, which must have room for them:
    /// for writers that put the text straight into their output.
    package func writeRFC3339(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        func put(_ value: Int, digits: Int, at start: Int) {
            var rest = value
            for position in (start..<start + digits).reversed() {
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(year, digits: 4, at: 0)
        put(month, digits: 2, at: 5)
        put(day, digits: 2, at: 8)
        put(hour, digits: 2, at: 11)
        put(minute, digits: 2, at: 14)
        put(second, digits: 2, at: 17)
        buffer[4] = UInt8(ascii: "-")
        buffer[7] = UInt8(ascii: "-")
        buffer[10] = UInt8(ascii: "T")
        buffer[13] = UInt8(ascii: ":")
        buffer[16] = UInt8(ascii: ":")
        buffer[19] = UInt8(ascii: "Z")
    }

    /// An instant as `YYYY-MM-DDThh:mm:ssZ`, or as its decimal seconds when outside the years 0000–9999.
    public static func rfc3339(secondsSince1970 seconds: Int64) -> String {
        UTCDateTime(secondsSince1970: seconds)?.rfc3339 ?? "\(seconds)"
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date, counting years from March so the leap day is last.
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``days(year:month:day:)``.
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}

extension DERElement {
    /// The contents as a DER UTCTime (`YYMMDDhhmmssZ`, X.690 §11.8), years 50–99 meaning 1950–1999 and 00–49
    /// meaning 2000–2049 (RFC 5280 §4.1.2.5.1). Returns seconds since 1970.
    public func utcTime() throws(DERError) -> Int64 {
        let content = content
        func digits(_ start: Int, _ length: Int) -> Int? { Self.digits(content, start, length) }
        guard content.count == 13, content.last == UInt8(ascii: "Z"),
            let yy = digits(0, 2), let month = digits(2, 2), let day = digits(4, 2), let hour = digits(6, 2),
            let minute = digits(8, 2), let second = digits(10, 2),
            let instant = UTCDateTime(
                year: yy < 50 ? 2000 + yy : 1900 + yy,
                month: month,
                day: day,
                hour: hour,
                minute: minute,
                second: second
            )
        else {
            throw DERError(.invalidTime, at: offset, "UTCTime is not a valid YYMMDDhhmmssZ")
        }
        return instant.secondsSince1970
    }

    /// The contents as a DER GeneralizedTime (`YYYYMMDDhhmmss[.f]Z`, X.690 §11.7): seconds present, `Z`, and a
    /// fraction only without trailing zeros. Returns seconds since 1970; a fraction is dropped.
    public func generalizedTime() throws(DERError) -> Int64 {
        let content = content
        func digits(_ start: Int, _ length: Int) -> Int? { Self.digits(content, start, length) }
        let count = content.count
        // Built only when thrown: the reason is a string, and valid times are the common case.
        func invalid() -> DERError {
            DERError(.invalidTime, at: offset, "GeneralizedTime is not a valid YYYYMMDDhhmmss[.f]Z")
        }
        guard count >= 15, content.last == UInt8(ascii: "Z"),
            let year = digits(0, 4), let month = digits(4, 2), let day = digits(6, 2), let hour = digits(8, 2),
            let minute = digits(10, 2), let second = digits(12, 2),
            let instant = UTCDateTime(
                year: year,
                month: month,
                day: day,
                hour: hour,
                minute: minute,
                second: second
            )
        else { throw invalid() }
        if count > 15 {
            // ".d…d" with at least one digit and no trailing zero (X.690 §11.7.3).
            let fractionStart = content.startIndex + 14
            guard count >= 17, content[fractionStart] == UInt8(ascii: "."),
                digits(15, count - 16) != nil, content[content.endIndex - 2] != UInt8(ascii: "0")
            else { throw invalid() }
        }
        return instant.secondsSince1970
    }

    /// A UTCTime or GeneralizedTime, by the element's tag: the `Time` choice of RFC 5280.
    public func time() throws(DERError) -> Int64 {
        switch tag {
        case .utcTime: return try utcTime()
        case .generalizedTime: return try generalizedTime()
        default: throw DERError(.unexpectedTag, at: offset, "expected UTCTime or GeneralizedTime, found \(tag)")
        }
    }

    /// The decimal value of `length` ASCII digits at `start` within `content`, or `nil`.
    private static func digits(_ content: ArraySlice<UInt8>, _ start: Int, _ length: Int) -> Int? {
        guard length > 0, start + length <= content.count else { return nil }
        var value = 0
        for byte in content[(content.startIndex + start)..<(content.startIndex + start + length)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

extension DERReader {
    /// Reads a UTCTime or GeneralizedTime (the X.509 `Time` choice) as seconds since 1970.
    public mutating func readTime() throws(DERError) -> Int64 {
        guard let tag = try peekTag() else {
            throw DERError(.truncated, at: offset, "expected a time, found the end of the contents")
        }
        guard tag == .utcTime || tag == .generalizedTime else {
            throw DERError(.unexpectedTag, at: offset, "expected UTCTime or GeneralizedTime, found \(tag)")
        }
        return try readElement(tag).time()
    }

    /// Reads a GeneralizedTime as seconds since 1970.
    public mutating func readGeneralizedTime(tag: DERTag = .generalizedTime) throws(DERError) -> Int64 {
        try readElement(tag).generalizedTime()
    }

    /// Reads a UTCTime as seconds since 1970.
    public mutating func readUTCTime(tag: DERTag = .utcTime) throws(DERError) -> Int64 {
        try readElement(tag).utcTime()
    }
}
