import PureDER

/// Base64 decoding of `--lines` lines, where a batch of a million receipts spends its decoding time: lines of the
/// standard alphabet with their padding are decoded four characters at a time through a table; anything else
/// (whitespace, other characters, missing or misplaced padding) goes to ``Base64/decode(_:)``, whose verdict it is.
/// So the result is always `Base64.decode`'s; only its speed differs.
enum LineBase64 {
    /// The sextet of each base64 character; 0xFF for every other byte, padding included.
    private static let sextets: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    /// The bytes `text` encodes, or `nil` when it is not base64 (``Base64/decode(_:)``'s rules).
    static func decode(_ text: [UInt8]) -> [UInt8]? {
        let equals = UInt8(ascii: "=")
        let count = text.count
        guard count > 0, count % 4 == 0 else { return Base64.decode(text) }
        let padding = text[count - 1] != equals ? 0 : text[count - 2] != equals ? 1 : 2
        // The last group, with its padding replaced by "A" (zero bits): decoded with the others, and its padding's
        // bytes then dropped.
        var last = Array(text[(count - 4)...])
        if padding >= 1 { last[3] = UInt8(ascii: "A") }
        if padding == 2 { last[2] = UInt8(ascii: "A") }
        let decoded = sextets.withUnsafeBufferPointer { table -> [UInt8]? in
            var valid = true
            let output = [UInt8](unsafeUninitializedCapacity: count / 4 * 3) { output, initialized in
                text.withUnsafeBufferPointer { input in
                    valid = decode(input[..<(count - 4)], into: output[...], table: table)
                }
                last.withUnsafeBufferPointer { input in
                    valid = valid && decode(input[...], into: output[(count / 4 * 3 - 3)...], table: table)
                }
                initialized = valid ? count / 4 * 3 - padding : 0
            }
            return valid ? output : nil
        }
        return decoded ?? Base64.decode(text)
    }

    /// Decodes whole groups of four characters from `input` into `output`; `false` at a character outside the
    /// alphabet.
    private static func decode(
        _ input: Slice<UnsafeBufferPointer<UInt8>>,
        into output: Slice<UnsafeMutableBufferPointer<UInt8>>,
        table: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var from = input.startIndex
        var to = output.startIndex
        var invalid: UInt8 = 0
        while from < input.endIndex {
            let a = table[Int(input[from])]
            let b = table[Int(input[from + 1])]
            let c = table[Int(input[from + 2])]
            let d = table[Int(input[from + 3])]
            invalid |= a | b | c | d
            let value = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            output.base[to] = UInt8(truncatingIfNeeded: value >> 16)
            output.base[to + 1] = UInt8(truncatingIfNeeded: value >> 8)
            output.base[to + 2] = UInt8(truncatingIfNeeded: value)
            from += 4
            to += 3
        }
        return invalid & 0xC0 == 0
    }
}
