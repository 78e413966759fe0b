/// Decimal text to the nearest `Double`, ties to even (IEEE 754 roundTiesToEven), in Swift alone.
///
/// The standard library's `Double(Substring)` calls the C runtime's `strtod`, which Embedded Swift for wasm32
/// does not have, so the conversion is done here: exactly, by the fast path of Clinger (1990) where it applies,
/// otherwise by an exact division of big integers.
enum DecimalToDouble {
    /// The number `text`, which the JSON grammar accepted, as the nearest `Double`; `nil` when that is beyond
    /// `Double.greatestFiniteMagnitude` (it would round to infinity). Tiny magnitudes round to zero or a
    /// subnormal, as IEEE 754 says.
    static func convert(_ text: ArraySlice<UInt8>) -> Double? {
        var index = text.startIndex
        let negative = text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // value = mantissa digits × 10^(exponent − fraction digits). The first 19 significant digits fit UInt64.
        var leading: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        var inFraction = false
        var mantissaEnd = index
        while mantissaEnd < text.endIndex {
            let byte = text[mantissaEnd]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte &- UInt8(ascii: "0") < 10 {
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if significantDigits > 0 || digit != 0 {
                    significantDigits += 1
                    if significantDigits <= 19 { leading = leading * 10 + digit }
                }
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            mantissaEnd += 1
        }
        let exponent = writtenExponent(text[mantissaEnd...])
        let magnitude: Double?
        if significantDigits == 0 {
            magnitude = 0
        } else if significantDigits <= 19, let exact = clingerFastPath(leading, exponent - fractionDigits) {
            magnitude = exact
        } else {
            magnitude = exactConversion(text[index..<mantissaEnd], exponent: exponent)
        }
        guard let magnitude else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// The exponent after `e` or `E`, clamped to ±100,000,000: beyond that, with the at most 2^20 digits an
    /// input holds, every value is zero or out of range anyway, and the sum stays within a 32-bit `Int`.
    private static func writtenExponent(_ text: ArraySlice<UInt8>) -> Int {
        guard var index = text.indices.first else { return 0 }
        index += 1  // e or E
        var negative = false
        if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var value = 0
        for byte in text[index...] where value < 100_000_000 {
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
        value = min(value, 100_000_000)
        return negative ? -value : value
    }

    /// Clinger's fast path: a mantissa of at most 53 bits and a power of ten of at most 10^22 are both exact
    /// doubles, so one IEEE multiplication or division rounds their product or quotient correctly.
    private static func clingerFastPath(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        guard mantissa <= 1 << 53, -22 <= exponent && exponent <= 22 else { return nil }
        let power = exactPowersOfTen[exponent < 0 ? -exponent : exponent]
        return exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    // MARK: - The exact path

    /// Any mantissa (`digits`, with at most one `.`, at least one non-zero digit) times 10^`exponent`.
    ///
    /// The significant digits D (the first ``JSONLimits/maximumSignificantDigits``, and a sticky 1 after them
    /// when any later digit is non-zero) and the power of ten make the fraction D·10^e = N / M of two big
    /// integers, scaled by 2^s so that q = ⌊N·2^s / M⌋ has 55 or 56 bits: more than the 53 of a double, so
    /// q, and whether the division left a remainder, decide the rounding exactly.
    private static func exactConversion(_ digits: ArraySlice<UInt8>, exponent: Int) -> Double? {
        var significand: [UInt8] = []
        var pointShift = 0  // digits after the point, and digits dropped beyond the limit (negated)
        var seenPoint = false
        var sticky = false
        for byte in digits {
            if byte == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            if seenPoint { pointShift += 1 }
            if significand.isEmpty && digit == 0 { continue }
            if significand.count < JSONLimits.maximumSignificantDigits {
                significand.append(digit)
            } else {
                pointShift -= 1
                sticky = sticky || digit != 0
            }
        }
        if sticky {
            significand.append(1)
            pointShift += 1
        }
        while significand.last == 0 {
            significand.removeLast()
            pointShift -= 1
        }
        // value = D × 10^decimalExponent, and 10^(count − 1 + decimalExponent) ≤ value < 10^(count + decimalExponent).
        let decimalExponent = exponent - pointShift
        let order = significand.count + decimalExponent
        if order > 310 { return nil }  // value ≥ 10^310 > greatestFiniteMagnitude (≈ 1.8e308)
        if order < -323 { return 0 }  // value < 10^-324, below half the least subnormal (2^-1075 ≈ 2.5e-324)

        var numerator = BigNatural(decimalDigits: significand)
        var denominator = BigNatural(1)
        if decimalExponent >= 0 {
            numerator.multiply(byPowerOfTen: decimalExponent)
        } else {
            denominator.multiply(byPowerOfTen: -decimalExponent)
        }
        let scale = 55 - numerator.bitWidth + denominator.bitWidth
        if scale > 0 { numerator.shiftLeft(by: scale) } else { denominator.shiftLeft(by: -scale) }
        // Now 2^54 ≤ numerator / denominator < 2^56: long division, one quotient bit at a time.
        denominator.shiftLeft(by: 55)
        var quotient: UInt64 = 0
        for bit in (0...55).reversed() {
            if !numerator.isLess(than: denominator) {
                numerator.subtract(denominator)
                quotient |= 1 << UInt64(bit)
            }
            denominator.shiftRightByOne()
        }
        return rounded(quotient, binaryExponent: -scale, inexact: !numerator.isZero)
    }

    /// The double nearest to (`quotient` + f) × 2^`binaryExponent`, where 0 ≤ f < 1 and f > 0 exactly when
    /// `inexact`; `quotient` has 55 or 56 bits. `nil` when that rounds beyond the largest finite double.
    static func rounded(_ quotient: UInt64, binaryExponent: Int, inexact: Bool) -> Double? {
        var exponent = (63 - quotient.leadingZeroBitCount) + binaryExponent  // of the leading bit
        // The weight of the last bit a double keeps: 52 bits below the leading one, or 2^-1074 for subnormals.
        let lastKept = max(exponent - 52, -1074)
        let dropped = lastKept - binaryExponent  // at least 2
        guard dropped < 64 else { return 0 }  // below a quarter of the least subnormal
        var mantissa = quotient >> UInt64(dropped)
        let remainder = quotient & ((1 << UInt64(dropped)) - 1)
        let half: UInt64 = 1 << UInt64(dropped - 1)
        if remainder > half || (remainder == half && (inexact || mantissa & 1 == 1)) {
            mantissa += 1
        }
        if exponent < -1022 {
            // Subnormal, or rounded up to the least normal: 2^52 is that number's bit pattern too.
            return Double(bitPattern: mantissa)
        }
        if mantissa == 1 << 53 {
            mantissa >>= 1
            exponent += 1
        }
        guard exponent <= 1023 else { return nil }
        return Double(bitPattern: UInt64(exponent + 1023) << 52 | (mantissa & ((1 << 52) - 1)))
    }
}
