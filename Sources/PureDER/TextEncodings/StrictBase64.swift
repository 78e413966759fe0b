/// Base64url (RFC 4648 §5) as JWS uses it (RFC 7515 §2): the URL-safe alphabet, no padding, no whitespace, the
/// last character canonical. Each byte string has exactly one spelling, so that the signed text and the decoded
/// bytes correspond one to one.
package enum Base64URL {
    /// The bytes `text` encodes; any deviation from the one spelling is a ``Base64Error``, at its index in
    /// `text`'s buffer.
    package static func decode(_ text: ArraySlice<UInt8>) throws(Base64Error) -> [UInt8] {
        try StrictBase64.decode(text, alphabet: .url)
    }

    /// The bytes `text` encodes.
    package static func decode(_ text: [UInt8]) throws(Base64Error) -> [UInt8] {
        try decode(text[...])
    }

    /// The bytes `text`'s UTF-8 encodes; offsets are indices in that UTF-8.
    package static func decode(_ text: String) throws(Base64Error) -> [UInt8] {
        try decode(Array(text.utf8)[...])
    }

    /// The base64url text of `bytes`, without padding.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        StrictBase64.encode(bytes, alphabet: .url)
    }
}

extension Base64 {
    /// The bytes of standard base64 `text` (RFC 4648 §4) spelled exactly one way: the standard alphabet, no
    /// whitespace, padding to a multiple of four characters, the last character canonical. This is the form of
    /// the certificates in a JWS `x5c` header (RFC 7515 §4.1.6). ``decode(_:)`` is the lenient reader of text
    /// inputs (it skips whitespace and ignores the unused bits of the last character).
    package static func decodeStrictly(_ text: ArraySlice<UInt8>) throws(Base64Error) -> [UInt8] {
        try StrictBase64.decode(text, alphabet: .standard)
    }

    /// The bytes of standard base64 `text`'s UTF-8, spelled exactly one way; offsets are indices in that UTF-8.
    package static func decodeStrictly(_ text: String) throws(Base64Error) -> [UInt8] {
        try decodeStrictly(Array(text.utf8)[...])
    }

    /// The standard base64 text of `bytes`, padded.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        StrictBase64.encode(bytes, alphabet: .standard)
    }
}

/// The one strict decoder and encoder behind ``Base64URL`` and ``Base64/decodeStrictly(_:)``.
enum StrictBase64 {
    /// RFC 4648 §4 (standard, padded) or §5 (URL and filename safe, unpadded as RFC 7515 §2 requires).
    enum Alphabet {
        case standard
        case url

        var character62: UInt8 { self == .standard ? UInt8(ascii: "+") : UInt8(ascii: "-") }
        var character63: UInt8 { self == .standard ? UInt8(ascii: "/") : UInt8(ascii: "_") }
        var isPadded: Bool { self == .standard }
    }

    private static let pad = UInt8(ascii: "=")

    static func decode(_ text: ArraySlice<UInt8>, alphabet: Alphabet) throws(Base64Error) -> [UInt8] {
        // The data characters run to the first `=`; whatever follows is padding, checked once the data decoded.
        let dataEnd = text.firstIndex(of: pad) ?? text.endIndex
        let dataCount = dataEnd - text.startIndex
        // Whole groups of four characters straight into the output's storage; the first character outside the
        // alphabet stops it (its offset from the start in `invalid`). `group` ends with the characters after the
        // last whole group.
        var invalid = -1
        var group: UInt32 = 0
        var output = [UInt8](unsafeUninitializedCapacity: dataCount / 4 * 3 + 2) { buffer, initialized in
            initialized = 0
            text.withUnsafeBufferPointer { input in
                let wholeGroups = dataCount & ~3
                var index = 0
                var written = 0
                while index < wholeGroups {
                    guard let a = sextet(input[index], alphabet), let b = sextet(input[index + 1], alphabet),
                        let c = sextet(input[index + 2], alphabet), let d = sextet(input[index + 3], alphabet)
                    else { break }
                    let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    buffer[written] = UInt8(truncatingIfNeeded: bits >> 16)
                    buffer[written + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    buffer[written + 2] = UInt8(truncatingIfNeeded: bits)
                    written += 3
                    index += 4
                }
                initialized = written
                while index < dataCount {
                    guard let value = sextet(input[index], alphabet) else {
                        invalid = index
                        return
                    }
                    group = group << 6 | UInt32(value)
                    index += 1
                }
            }
        }
        if invalid >= 0 {
            let byte = text[text.startIndex + invalid]
            throw Base64Error(
                .invalidCharacter,
                at: text.startIndex + invalid,
                "byte \(byte) is not a \(name(alphabet)) character"
            )
        }
        let last = dataEnd - 1
        switch dataCount % 4 {
        case 1:
            throw Base64Error(.invalidLength, at: last, "a last group of one character encodes no whole byte")
        case 2:
            // Two characters carry 12 bits for one byte: the last character's low 4 bits are unused.
            guard group & 0x0F == 0 else { throw nonCanonical(at: last) }
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            // Three characters carry 18 bits for two bytes: the last character's low 2 bits are unused.
            guard group & 0x03 == 0 else { throw nonCanonical(at: last) }
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            break
        }
        try checkPadding(text, dataEnd: dataEnd, alphabet: alphabet)
        return output
    }

    /// Base64url has no padding; standard base64 has exactly the `=` that complete the last group to four
    /// characters, and nothing after them.
    private static func checkPadding(
        _ text: ArraySlice<UInt8>,
        dataEnd: Int,
        alphabet: Alphabet
    ) throws(Base64Error) {
        let dataCount = dataEnd - text.startIndex
        guard alphabet.isPadded else {
            guard dataEnd == text.endIndex else {
                throw Base64Error(.invalidPadding, at: dataEnd, "base64url in JWS has no padding (RFC 7515 §2)")
            }
            return
        }
        let needed = (4 - dataCount % 4) % 4
        var index = dataEnd
        while index < text.endIndex {
            guard text[index] == pad else {
                throw Base64Error(.invalidPadding, at: index, "only padding may follow padding")
            }
            guard index - dataEnd < needed else {
                throw Base64Error(.invalidPadding, at: index, "padding beyond the last group of four characters")
            }
            index += 1
        }
        guard index - dataEnd == needed else {
            throw Base64Error(.invalidPadding, at: text.endIndex, "the last group lacks its padding")
        }
    }

    private static func nonCanonical(at offset: Int) -> Base64Error {
        Base64Error(.nonCanonical, at: offset, "the last character's unused bits are not zero (RFC 4648 §3.5)")
    }

    private static func name(_ alphabet: Alphabet) -> String {
        alphabet == .standard ? "base64" : "base64url"
    }

    private static func sextet(_ byte: UInt8, _ alphabet: Alphabet) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case alphabet.character62: return 62
        case alphabet.character63: return 63
        default: return nil
        }
    }

    static func encode(_ bytes: some Collection<UInt8>, alphabet: Alphabet) -> String {
        let letters: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        func character(_ value: UInt32) -> UInt8 {
            switch value & 0x3F {
            case 62: return alphabet.character62
            case 63: return alphabet.character63
            case let index: return letters.withUTF8Buffer { $0[Int(index)] }
            }
        }
        var group: UInt32 = 0
        var count = 0
        for byte in bytes {
            group = group << 8 | UInt32(byte)
            count += 1
            if count == 3 {
                text += [character(group >> 18), character(group >> 12), character(group >> 6), character(group)]
                group = 0
                count = 0
            }
        }
        if count == 1 {
            text += [character(group >> 2), character(group << 4)]
            if alphabet.isPadded { text += [pad, pad] }
        } else if count == 2 {
            text += [character(group >> 10), character(group >> 4), character(group << 2)]
            if alphabet.isPadded { text += [pad] }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
