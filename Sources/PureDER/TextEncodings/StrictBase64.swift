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
        try StrictBase64.decode(text, alphabet: .url)
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
        try StrictBase64.decode(text, alphabet: .standard)
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

    /// The bit that marks, in a table of sextets, a byte outside the alphabet; a sextet (0–63) never has it.
    private static let notInAlphabet: UInt8 = 0x80

    /// Each byte's sextet in the alphabet, or ``notInAlphabet``: a character costs one load rather than a chain of
    /// range comparisons. Made at first use from the encoder's own characters, so that the two agree.
    private static let standardSextets = sextets(.standard)
    private static let urlSextets = sextets(.url)

    private static func sextets(_ alphabet: Alphabet) -> [UInt8] {
        var table = [UInt8](repeating: notInAlphabet, count: 256)
        for value in 0..<64 { table[Int(character(UInt32(value), alphabet))] = UInt8(value) }
        return table
    }

    static func decode(_ text: ArraySlice<UInt8>, alphabet: Alphabet) throws(Base64Error) -> [UInt8] {
        try text.withUnsafeBufferPointer { input throws(Base64Error) in
            try decode(input, origin: text.startIndex, alphabet: alphabet)
        }
    }

    /// Decodes `text`'s UTF-8 where the string holds it (a native string does; `withUTF8` first copies any other).
    /// The closure cannot throw a typed error, so the bytes or the error leave it in variables: of the ways to carry
    /// them out, the one that adds least code to the WebAssembly module.
    static func decode(_ text: String, alphabet: Alphabet) throws(Base64Error) -> [UInt8] {
        var text = text
        var output: [UInt8] = []
        var failure: Base64Error? = nil
        text.withUTF8 { input in
            do throws(Base64Error) {
                output = try decode(input, origin: 0, alphabet: alphabet)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return output
    }

    /// Decodes `input`; the offset of an error is `origin` plus the index in `input`.
    private static func decode(
        _ input: UnsafeBufferPointer<UInt8>,
        origin: Int,
        alphabet: Alphabet
    ) throws(Base64Error) -> [UInt8] {
        let table = alphabet == .standard ? standardSextets : urlSextets
        // The data characters run to the first byte outside the alphabet: the text's end, or its first `=` (what
        // follows is padding, checked once the data decoded), or a character the alphabet lacks. `group` ends
        // with the data characters after the last whole group.
        var dataEnd = 0
        var group: UInt32 = 0
        var output = [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3 + 2) { buffer, initialized in
            table.withUnsafeBufferPointer { sextets in
                var index = 0
                var written = 0
                // Whole groups straight into the output's storage. A byte outside the alphabet sets the marker bit
                // of its group's four sextets ORed together, which ends the loop at that group's start.
                while input.count - index >= 4 {
                    let a = sextets[Int(input[index])]
                    let b = sextets[Int(input[index + 1])]
                    let c = sextets[Int(input[index + 2])]
                    let d = sextets[Int(input[index + 3])]
                    guard (a | b | c | d) & notInAlphabet == 0 else { break }
                    let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    buffer[written] = UInt8(truncatingIfNeeded: bits >> 16)
                    buffer[written + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    buffer[written + 2] = UInt8(truncatingIfNeeded: bits)
                    written += 3
                    index += 4
                }
                initialized = written
                // Character by character, up to three of them, to the first outside the alphabet.
                while index < input.count {
                    let value = sextets[Int(input[index])]
                    guard value & notInAlphabet == 0 else { break }
                    group = group << 6 | UInt32(value)
                    index += 1
                }
                dataEnd = index
            }
        }
        if dataEnd < input.count, input[dataEnd] != pad {
            throw Base64Error(
                .invalidCharacter,
                at: origin + dataEnd,
                "byte \(input[dataEnd]) is not a \(name(alphabet)) character"
            )
        }
        let last = origin + dataEnd - 1
        switch dataEnd % 4 {
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
        try checkPadding(input, origin: origin, dataEnd: dataEnd, alphabet: alphabet)
        return output
    }

    /// Base64url has no padding; standard base64 has exactly the `=` that complete the last group to four
    /// characters, and nothing after them.
    private static func checkPadding(
        _ input: UnsafeBufferPointer<UInt8>,
        origin: Int,
        dataEnd: Int,
        alphabet: Alphabet
    ) throws(Base64Error) {
        guard alphabet.isPadded else {
            guard dataEnd == input.count else {
                throw Base64Error(
                    .invalidPadding,
                    at: origin + dataEnd,
                    "base64url in JWS has no padding (RFC 7515 §2)"
                )
            }
            return
        }
        let needed = (4 - dataEnd % 4) % 4
        var index = dataEnd
        while index < input.count {
            guard input[index] == pad else {
                throw Base64Error(.invalidPadding, at: origin + index, "only padding may follow padding")
            }
            guard index - dataEnd < needed else {
                throw Base64Error(
                    .invalidPadding,
                    at: origin + index,
                    "padding beyond the last group of four characters"
                )
            }
            index += 1
        }
        guard index - dataEnd == needed else {
            throw Base64Error(.invalidPadding, at: origin + input.count, "the last group lacks its padding")
        }
    }

    private static func nonCanonical(at offset: Int) -> Base64Error {
        Base64Error(.nonCanonical, at: offset, "the last character's unused bits are not zero (RFC 4648 §3.5)")
    }

    private static func name(_ alphabet: Alphabet) -> String {
        alphabet == .standard ? "base64" : "base64url"
    }

    /// The character of the sextet in `value`'s low six bits.
    private static func character(_ value: UInt32, _ alphabet: Alphabet) -> UInt8 {
        let letters: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        switch value & 0x3F {
        case 62: return alphabet.character62
        case 63: return alphabet.character63
        case let index: return letters.withUTF8Buffer { $0[Int(index)] }
        }
    }

    static func encode(_ bytes: some Collection<UInt8>, alphabet: Alphabet) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        func character(_ value: UInt32) -> UInt8 { Self.character(value, alphabet) }
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
