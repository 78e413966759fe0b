import PureJSON
import Testing

/// Numbers (RFC 8259 §6): integers exact in `Int64` or refused, everything else the nearest `Double`.
@Suite struct NumberTests {
    private func double(_ text: String) throws -> Double {
        let value = try parse(text)
        return try #require(value.doubleValue, "\(text) parsed as \(value.text)")
    }

    @Test func integersAreExactInt64() throws {
        #expect(try parse("0") == .integer(0))
        #expect(try parse("-7") == .integer(-7))
        #expect(try parse("1234567890123") == .integer(1_234_567_890_123))
        #expect(try parse("9223372036854775807") == .integer(.max))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse("9007199254740993") == .integer(9_007_199_254_740_993))  // 2^53 + 1, exact
    }

    @Test func minusZeroWithoutFractionIsTheIntegerZero() throws {
        #expect(try parse("-0") == .integer(0))
    }

    @Test func integersBeyondInt64AreRefusedAtTheirFirstByte() {
        expectRefused("9223372036854775808", .integerOutOfRange, at: 0)
        expectRefused("-9223372036854775809", .integerOutOfRange, at: 0)
        expectRefused("[1, 18446744073709551616]", .integerOutOfRange, at: 4)
        expectRefused("[123456789012345678901234567890]", .integerOutOfRange, at: 1)
        expectRefused("{\"a\":-" + String(repeating: "9", count: 1000) + "}", .integerOutOfRange, at: 5)
    }

    @Test func aFractionOrAnExponentMakesADouble() throws {
        #expect(try parse("1.0") == .double(1))
        #expect(try parse("1e0") == .double(1))
        #expect(try parse("1E2") == .double(100))
        #expect(try parse("1e+2") == .double(100))
        #expect(try parse("1e-2") == .double(0.01))
        #expect(try parse("-2.5E-3") == .double(-0.0025))
        #expect(try parse("0.1") == .double(0.1))
        #expect(try parse("123.456e7") == .double(1_234_560_000))
        #expect(try parse("1e22") == .double(1e22))
        #expect(try parse("1e23") == .double(1e23))
        #expect(try parse("9223372036854775808.0") == .double(9_223_372_036_854_775_808))
    }

    @Test func minusZeroKeepsItsSignAsADouble() throws {
        #expect(try double("-0.0").bitPattern == (-0.0 as Double).bitPattern)
        #expect(try double("-0e5").bitPattern == (-0.0 as Double).bitPattern)
        #expect(try double("0.0").bitPattern == 0)
    }

    @Test func seventeenDigitDoublesRoundCorrectly() throws {
        #expect(try double("0.30000000000000004") == 0.1 + 0.2)
        #expect(try double("0.1000000000000000055511151231257827") == 0.1)
        #expect(try double("1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(try double("2.2250738585072014e-308") == .leastNormalMagnitude)
        #expect(try double("4.9406564584124654e-324") == .leastNonzeroMagnitude)
    }

    @Test func tiesRoundToEven() throws {
        #expect(try double("9007199254740993.0") == 9_007_199_254_740_992)  // 2^53 + 1: between two doubles
        #expect(try double("9007199254740995.0") == 9_007_199_254_740_996)
        #expect(try double("9007199254740993.0000000000000000001") == 9_007_199_254_740_994)
    }

    @Test func subnormalsAndUnderflow() throws {
        #expect(try double("5e-324") == .leastNonzeroMagnitude)
        #expect(try double("2.2250738585072009e-308") == .leastNormalMagnitude.nextDown)
        // The classic hard case between the largest subnormal and the least normal.
        #expect(try double("2.2250738585072011e-308") == .leastNormalMagnitude.nextDown)
        #expect(try double("2.2250738585072012e-308") == .leastNormalMagnitude)
        // Half the least subnormal, 2^-1075 = 5^1075 / 10^1075, rounds to even: zero; anything above it rounds up.
        let half = DecimalNatural.power(5, 1075).digits
        #expect(try double(half + "e-1075") == 0)
        #expect(try double(half + "0000000000e-1085").bitPattern == 0)
        #expect(try double(half + "0000000001e-1085") == .leastNonzeroMagnitude)
        #expect(try double("-" + half + "0000000001e-1085") == -.leastNonzeroMagnitude)
        #expect(try double("2.4703282292062328e-324") == .leastNonzeroMagnitude)
        #expect(try double("2.4703282292062327e-324") == 0)
        #expect(try double("1e-400") == 0)
        #expect(try double("-1e-400").bitPattern == (-0.0 as Double).bitPattern)
        #expect(try double("0.0000000000000000000000000000001e-300") == Double("1e-331"))
    }

    @Test func numbersBeyondDoubleAreRefused() {
        expectRefused("1e309", .numberOutOfRange, at: 0)
        expectRefused("[-1.8e308]", .numberOutOfRange, at: 1)
        expectRefused("1.7976931348623159e308", .numberOutOfRange, at: 0)  // rounds to 2^1024
        expectRefused("1" + String(repeating: "0", count: 400) + ".0", .numberOutOfRange, at: 0)
        expectRefused("1e99999999999999999999", .numberOutOfRange, at: 0)
    }

    @Test func theOverflowThresholdIsTheMidpointAboveTheLargestDouble() throws {
        #expect(try double("1.7976931348623158e308") == .greatestFiniteMagnitude)
        // (2^54 − 1) × 2^970, halfway between the largest double and 2^1024: ties to even, which is 2^1024.
        let midpoint = (DecimalNatural.power(2, 970) * (1 << 54 - 1)).digits
        expectRefused(midpoint + ".0", .numberOutOfRange, at: 0)
        expectRefused("[" + midpoint + "e0]", .numberOutOfRange, at: 1)
        // (2^55 − 3) × 2^969 lies between the largest double, (2^55 − 4) × 2^969, and the midpoint.
        let below = (DecimalNatural.power(2, 969) * (1 << 55 - 3)).digits
        #expect(try double(below + ".0") == .greatestFiniteMagnitude)
        #expect(try double(midpoint + "e-1") == Double(midpoint + "e-1"))
    }

    @Test func hugeExponentsAndManyZerosStayCheapAndExact() throws {
        #expect(try double("0e99999999999999999999") == 0)
        #expect(try double("1e-99999999999999999999") == 0)
        #expect(try double("0." + String(repeating: "0", count: 1000) + "1e1005") == 10000)
        #expect(try double("1" + String(repeating: "0", count: 1000) + "e-1000") == 1)
        #expect(try double(String(repeating: "0", count: 1) + "." + String(repeating: "9", count: 2000)) == 1)
    }

    @Test func theGrammarOfNumbersIsStrict() {
        expectRefused("01", .leadingZero, at: 0)
        expectRefused("-01", .leadingZero, at: 1)
        expectRefused("[00]", .leadingZero, at: 1)
        expectRefused("-00.5", .leadingZero, at: 1)
        expectRefused("+1", .unexpectedByte, at: 0)
        expectRefused(".5", .unexpectedByte, at: 0)
        expectRefused("[-]", .invalidNumber, at: 2)
        expectRefused("-", .unexpectedEnd, at: 1)
        expectRefused("- 1", .invalidNumber, at: 1)
        expectRefused("[1.]", .invalidNumber, at: 3)
        expectRefused("1.", .unexpectedEnd, at: 2)
        expectRefused("[1.e5]", .invalidNumber, at: 3)
        expectRefused("[1e]", .invalidNumber, at: 3)
        expectRefused("1e", .unexpectedEnd, at: 2)
        expectRefused("[1e+]", .invalidNumber, at: 4)
        expectRefused("1E-", .unexpectedEnd, at: 3)
        expectRefused("1.5.3", .trailingBytes, at: 3)
        expectRefused("0x10", .trailingBytes, at: 1)
        expectRefused("1_000", .trailingBytes, at: 1)
        expectRefused("[1e5e5]", .unexpectedByte, at: 4)
    }
}
