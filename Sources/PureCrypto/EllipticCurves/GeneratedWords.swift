import PureDER

/// The words of a table that scripts/generate-elliptic-curves.py writes as the standard base64 of their
/// little-endian bytes. The text is data in the binary; a literal array of words compiles, in Embedded Swift, to
/// code that stores each word, about twice the table's size. Decoded once, at the table's first use.
func generatedWords(_ text: StaticString) -> [UInt64] {
    let text = text.withUTF8Buffer { Array($0) }
    let bytes: [UInt8]
    do throws(Base64Error) {
        bytes = try Base64.decodeStrictly(text[...])
    } catch {
        preconditionFailure("a generated table is not base64: \(error)")
    }
    precondition(bytes.count % 8 == 0, "a generated table is not whole words")
    return (0..<(bytes.count / 8)).map { index in
        var word: UInt64 = 0
        for byte in 0..<8 { word |= UInt64(bytes[8 * index + byte]) << (8 * byte) }
        return word
    }
}
