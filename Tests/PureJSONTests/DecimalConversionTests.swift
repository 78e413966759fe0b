import PureJSON
import Testing
import VectorSupport

/// The decimal-to-double conversion, written in Swift because Embedded Swift has no `strtod`, against the
/// standard library's `Double(String)` (the C runtime's `strtod`, correctly rounded) on generated inputs.
@Suite struct DecimalConversionTests {
    /// The parser's double for `text`, or `nil` when it refuses it as out of range.
    private func converted(_ text: String) -> Double?? {
        do throws(JSONError) {
            guard case .double(let value) = try JSONValue(parsing: text) else { return .some(nil) }
            return value
        } catch {
            return error.code == .numberOutOfRange ? .some(nil) : nil
        }
    }

    private func expectAgreement(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let reference = Double(text) else {
            Issue.record("the reference does not read \(text)", sourceLocation: sourceLocation)
            return
        }
        guard let ours = converted(text) else {
            Issue.record("\(text) was refused for another reason than its range", sourceLocation: sourceLocation)
            return
        }
        if reference.isInfinite {
            #expect(
                ours == nil,
                "\(text) overflows, yet became \(ours.map(\.description) ?? "")",
                sourceLocation: sourceLocation
            )
        } else {
            #expect(
                ours?.bitPattern == reference.bitPattern,
                "\(text): \(ours.map(\.description) ?? "refused"), expected \(reference)",
                sourceLocation: sourceLocation
            )
        }
    }

    @Test func randomDecimalsAgreeWithTheStandardLibrary() {
        var random = SplitMix64(seed: 0x4A53_4F4E)
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...30, using: &random)
            var digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            if digits.first == "0" && count > 1 { digits = "1" + digits.dropFirst() }
            let point = Int.random(in: 1...count, using: &random)
            let mantissa = String(digits.prefix(point)) + "." + (point == count ? "0" : String(digits.dropFirst(point)))
            let exponent = Int.random(in: -360...330, using: &random)
            expectAgreement(mantissa + "e" + String(exponent))
        }
    }

    @Test func shortestFormsOfRandomDoublesReadBackExactly() {
        var random = SplitMix64(seed: 0xD0_0B1E)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            let text = value.description
            #expect(converted(text)??.bitPattern == value.bitPattern, "\(text)")
        }
    }

    /// Exact midpoints between neighbouring doubles, and the decimals just above and below them: the inputs
    /// on which a conversion that is almost right goes wrong.
    @Test func midpointsBetweenDoublesRoundToEvenAndTheirNeighboursRoundAway() {
        var random = SplitMix64(seed: 0x1D_F017)
        var cases: [Double] = [.leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown, 1, 0.1]
        for _ in 0..<300 {
            cases.append(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF))
        }
        for value in cases where value.isFinite && value > 0 {
            // value = m × 2^e with m the integer significand; the midpoint above it is (2m + 1) × 2^(e − 1).
            let significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
            let exponent = value.isNormal ? Int(value.exponent) - 52 : -1074
            let twice = 2 * significand + 1
            let halfExponent = exponent - 1
            let digits: String
            let scale: Int
            if halfExponent >= 0 {
                digits = (DecimalNatural.power(2, halfExponent) * twice).digits
                scale = 0
            } else {
                digits = (DecimalNatural.power(5, -halfExponent) * twice).digits
                scale = -halfExponent
            }
            for text in [digits + "e-\(scale)", digits + "1e-\(scale + 1)", digits + "0000e-\(scale + 4)"] {
                expectAgreement(text)
            }
            if digits.last != "0" {
                // One tenth below the midpoint's last digit.
                let last = Int(String(digits.last!))!
                expectAgreement(String(digits.dropLast()) + String(last - 1) + "9e-\(scale + 1)")
            }
        }
    }

    @Test func digitsPastTheSignificantLimitStillDecideRounding() {
        // The midpoint just above 1: 1 + 2^-53, 54 significant digits; a 1 at the 800th, 801st and 2000th
        // significant digit moves it above the midpoint, which must round up.
        let fraction = DecimalNatural.power(5, 53).digits  // 2^-53 = 5^53 / 10^53
        let midpoint = "1." + String(repeating: "0", count: 53 - fraction.count) + fraction
        let significantSoFar = midpoint.count - 1
        for position in [JSONLimits.maximumSignificantDigits, JSONLimits.maximumSignificantDigits + 1, 2000] {
            let text = midpoint + String(repeating: "0", count: position - significantSoFar - 1) + "1"
            #expect(converted(text)??.bitPattern == (1.0).nextUp.bitPattern, "a 1 at significant digit \(position)")
            expectAgreement(text)
        }
        let zeros = midpoint + String(repeating: "0", count: 1500)
        #expect(converted(zeros)??.bitPattern == (1.0).bitPattern)
    }

    @Test func longMantissasAgreeWithTheStandardLibrary() {
        var random = SplitMix64(seed: 0x10_0000)
        for _ in 0..<300 {
            let count = Int.random(in: 19...1200, using: &random)
            let digits = "1" + (1..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            let exponent = Int.random(in: -1400...(-count + 300), using: &random)
            expectAgreement("0." + digits + "e" + String(exponent + count))
        }
    }
}
