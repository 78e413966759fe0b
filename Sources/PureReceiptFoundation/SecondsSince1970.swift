import Foundation

/// The conversions between the libraries' time (an `Int64` count of seconds since 1970, UTC) and `Date`.
enum SecondsSince1970 {
    /// The `Date` of `seconds`.
    static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The whole second that contains `date` (rounded toward the past, so that an instant within a second
    /// compares as that second does), held at the bounds of `Int64`; a NaN interval is the earliest instant.
    static func seconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970.rounded(.down)
        if value >= 0x1p63 { return .max }
        // -2^63 itself converts exactly; NaN fails every comparison, so it is tested by name.
        if value < -0x1p63 || value.isNaN { return .min }
        return Int64(value)
    }
}
