// Numbers (RFC 8259 §6):  number = [ minus ] int [ frac ] [ exp ]
//                         int = zero / ( digit1-9 *DIGIT ),  frac = "." 1*DIGIT,
//                         exp = ("e" / "E") [ "-" / "+" ] 1*DIGIT

extension JSONParser {
    /// The number starting at `position`: an `Int64` when it has neither fraction nor exponent (RFC 8259 §6
    /// leaves the range to the implementation; this one keeps integers exact or refuses them), otherwise the
    /// nearest `Double`.
    mutating func readNumber() throws(JSONError) -> JSONValue {
        let start = position
        let negative = input[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard isDigit(try peek("a digit")) else {
            throw JSONError(.invalidNumber, at: position, "'-' without a digit after it")
        }
        // The magnitude of the integer part, while it fits: 2^63 is the most an Int64 can need.
        var magnitude: UInt64 = 0
        var fits = true
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if position < end && isDigit(input[position]) {
                throw JSONError(.leadingZero, at: position - 1, "a number with a leading zero")
            }
        } else {
            while position < end, isDigit(input[position]) {
                let digit = UInt64(input[position] &- UInt8(ascii: "0"))
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(digit)
                fits = fits && !overflow && !carry && sum <= 1 << 63
                magnitude = sum
                position += 1
            }
        }
        var isInteger = true
        if position < end && input[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try skipDigits(after: "'.'")
        }
        if position < end && (input[position] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if try peek("an exponent") == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                position += 1
            }
            try skipDigits(after: "an exponent's 'e'")
        }
        if isInteger {
            let limit: UInt64 = negative ? 1 << 63 : UInt64(Int64.max)
            guard fits && magnitude <= limit else {
                throw JSONError(.integerOutOfRange, at: start, "an integer beyond the range of Int64")
            }
            return .integer(negative ? Int64(bitPattern: 0 &- magnitude) : Int64(magnitude))
        }
        guard let value = DecimalToDouble.convert(input[start..<position]) else {
            throw JSONError(.numberOutOfRange, at: start, "a number beyond the range of Double")
        }
        return .double(value)
    }

    /// One or more digits, as a fraction and an exponent must have.
    private mutating func skipDigits(after what: String) throws(JSONError) {
        guard isDigit(try peek("a digit")) else {
            throw JSONError(.invalidNumber, at: position, "no digit after " + what)
        }
        while position < end && isDigit(input[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
