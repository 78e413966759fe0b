// Strings (RFC 8259 §7): UTF-8 validated as RFC 3629 §4 defines it, escapes decoded, surrogate pairs joined.

extension JSONParser {
    /// The string whose opening quote is at `position`; moves past the closing quote.
    ///
    /// A string without escapes becomes a `String` straight from the input bytes; one with escapes is unescaped
    /// into `scratch` first.
    mutating func readString() throws(JSONError) -> String {
        position += 1
        let start = position
        while position < end {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: input[start..<position - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if 0x20 <= byte && byte < 0x80 {
                position += 1
            } else {
                try skipStringByte(byte)
            }
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: input[start..<position])
        while true {
            let byte = try peek("the rest of a string")
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try readEscape()
            } else {
                let run = position
                try skipStringByte(byte)
                scratch.append(contentsOf: input[run..<position])
            }
        }
    }

    /// Moves past one unescaped character of a string: an ASCII byte other than a control character, or a
    /// well-formed UTF-8 sequence.
    private mutating func skipStringByte(_ byte: UInt8) throws(JSONError) {
        if byte < 0x20 {
            throw JSONError(.controlCharacter, at: position, "an unescaped control character in a string")
        }
        if byte < 0x80 {
            position += 1
        } else {
            try skipUTF8Sequence(lead: byte)
        }
    }

    /// RFC 3629 §4: the second byte's range depends on the lead byte, which is how overlong forms (E0 80…,
    /// F0 80…), encoded surrogates (ED A0…) and scalars above U+10FFFF (F4 90…) are refused; C0, C1 and F5…FF
    /// never occur.
    private mutating func skipUTF8Sequence(lead: UInt8) throws(JSONError) {
        let start = position
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondHigh = 0x9F
        case 0xF0:
            length = 4
            secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondHigh = 0x8F
        default:
            throw JSONError(.invalidUTF8, at: start, "a byte that cannot start a UTF-8 sequence")
        }
        position += 1
        for index in 1..<length {
            let byte = try peek("the rest of a UTF-8 sequence")
            let (low, high) = index == 1 ? (secondLow, secondHigh) : (0x80, 0xBF)
            guard low <= byte && byte <= high else {
                throw JSONError(.invalidUTF8, at: start, "an ill-formed UTF-8 sequence")
            }
            position += 1
        }
    }

    /// The escape whose backslash is at `position`, its UTF-8 appended to `scratch`.
    private mutating func readEscape() throws(JSONError) {
        let backslash = position
        position += 1
        let kind = try peek("an escape")
        position += 1
        let replacement: UInt8
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): replacement = kind
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            appendUTF8(try readUnicodeEscape(backslash: backslash))
            return
        default:
            throw JSONError(.invalidEscape, at: backslash, "an unknown escape")
        }
        scratch.append(replacement)
    }

    /// The scalar of a `\uXXXX` escape whose four digits start at `position`, joined with the low surrogate
    /// escape that must follow a high one (RFC 8259 §7). A lone surrogate is refused: `String` holds Unicode
    /// scalars only.
    private mutating func readUnicodeEscape(backslash: Int) throws(JSONError) -> UInt32 {
        let unit = try readHexQuad(backslash: backslash)
        switch unit {
        case 0xDC00...0xDFFF:
            throw JSONError(.loneSurrogate, at: backslash, "a low surrogate escape without a high one before it")
        case 0xD800...0xDBFF:
            let second = position
            guard try peek("a low surrogate escape") == UInt8(ascii: "\\") else {
                throw JSONError(.loneSurrogate, at: backslash, "a high surrogate escape without a low one after it")
            }
            position += 1
            guard try peek("a low surrogate escape") == UInt8(ascii: "u") else {
                throw JSONError(.loneSurrogate, at: backslash, "a high surrogate escape without a low one after it")
            }
            position += 1
            let low = try readHexQuad(backslash: second)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONError(.loneSurrogate, at: backslash, "a high surrogate escape without a low one after it")
            }
            return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        default:
            return unit
        }
    }

    private mutating func readHexQuad(backslash: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try peek("four hexadecimal digits")
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONError(.invalidEscape, at: backslash, "\\u without four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// RFC 3629 §3. `scalar` is never a surrogate and never above U+10FFFF.
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(0xC0 | UInt8(scalar >> 6))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(0xE0 | UInt8(scalar >> 12))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(scalar >> 18))
            scratch.append(0x80 | UInt8((scalar >> 12) & 0x3F))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        }
    }
}
