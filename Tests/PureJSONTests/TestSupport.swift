import PureDER
import PureJSON
import Testing

/// The error that parsing `bytes` throws, or `nil` (and a recorded issue) when they parse.
func refusal(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONError? {
    do throws(JSONError) {
        let value = try JSONValue(parsing: bytes)
        Issue.record("accepted as \(value.text)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Expects `text` to be refused with `code` at `offset`.
func expectRefused(
    _ text: String,
    _ code: JSONError.Code,
    at offset: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectRefused(Array(text.utf8), code, at: offset, sourceLocation: sourceLocation)
}

/// Expects `bytes` to be refused with `code` at `offset`.
func expectRefused(
    _ bytes: [UInt8],
    _ code: JSONError.Code,
    at offset: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = refusal(bytes, sourceLocation: sourceLocation) else { return }
    #expect(error.code == code, "\(bytes): \(error)", sourceLocation: sourceLocation)
    #expect(error.offset == offset, "\(bytes): \(error)", sourceLocation: sourceLocation)
}

/// The value `text` parses to.
func parse(_ text: String) throws -> JSONValue {
    try JSONValue(parsing: text)
}

/// Base64url without padding (RFC 7515 §2), decoded through PureDER's standard base64 after mapping the
/// alphabet and restoring the padding.
func base64URLDecode(_ text: Substring) -> [UInt8]? {
    var standard = text.map { character -> Character in
        switch character {
        case "-": return "+"
        case "_": return "/"
        default: return character
        }
    }
    while standard.count % 4 != 0 { standard.append("=") }
    return Base64.decode(Array(String(standard).utf8))
}

/// Well-formed documents that exercise every construct, each with a container at the top and nothing after
/// it, so that every proper prefix is incomplete.
let wellFormedDocuments: [String] = [
    "[]", "{}", "[[]]", "[{}]", #"{"":{}}"#, "[true,false,null]", " [ 1 , -2 ] ",
    #"{"a":1,"b":[1.5,-0.0,2e10,3E-5,4e+2],"c":{"d":"e"}}"#,
    #"["\"\\\/\b\f\n\r\t","\u0041\u00e9\u20ac\ud83d\ude00"]"#,
    "[\"é€😀\", \"\u{7F}\"]",
    #"{"n":-9223372036854775808,"p":9223372036854775807,"z":0,"d":0.30000000000000004}"#,
    "\t\n\r [\n\t{\"k\" :\r\"v\"\n}\t]",
    #"[[[[[[[[[["deep"]]]]]]]]]]"#,
    #""a string at the top""#,
    #"[5e-324,1.7976931348623157e308,2.2250738585072014e-308,1e-400]"#,
]

/// A natural number in base 10^9 limbs (least significant first), for writing exact decimal expansions of
/// binary fractions in tests: (2m + 1) × 5^k is the digit string of a midpoint between two doubles.
struct DecimalNatural {
    private var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = []
        var rest = value
        repeat {
            limbs.append(UInt32(rest % 1_000_000_000))
            rest /= 1_000_000_000
        } while rest > 0
    }

    static func power(_ base: UInt32, _ exponent: Int) -> DecimalNatural {
        var result = DecimalNatural(1)
        for _ in 0..<exponent { result.multiply(by: base) }
        return result
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(product % 1_000_000_000)
            carry = product / 1_000_000_000
        }
        while carry > 0 {
            limbs.append(UInt32(carry % 1_000_000_000))
            carry /= 1_000_000_000
        }
    }

    static func * (left: DecimalNatural, right: UInt64) -> DecimalNatural {
        // right < 2^57, in three 19-bit parts, so that each limb product stays below 2^64.
        var high = left
        high.multiply(by: UInt32(right >> 38))
        high.multiply(by: 1 << 19)
        var middle = left
        middle.multiply(by: UInt32((right >> 19) & 0x7FFFF))
        high = high + middle
        high.multiply(by: 1 << 19)
        var low = left
        low.multiply(by: UInt32(right & 0x7FFFF))
        return high + low
    }

    static func + (left: DecimalNatural, right: DecimalNatural) -> DecimalNatural {
        var result = left
        var carry: UInt32 = 0
        for index in 0..<max(left.limbs.count, right.limbs.count) {
            let sum =
                (index < left.limbs.count ? left.limbs[index] : 0)
                + (index < right.limbs.count ? right.limbs[index] : 0) + carry
            if index < result.limbs.count {
                result.limbs[index] = sum % 1_000_000_000
            } else {
                result.limbs.append(sum % 1_000_000_000)
            }
            carry = sum / 1_000_000_000
        }
        if carry > 0 { result.limbs.append(carry) }
        return result
    }

    /// The decimal digits, without leading zeros ("0" for zero).
    var digits: String {
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
