import PureJSON
import Testing

/// Strings (RFC 8259 §7): escapes, surrogate pairs, control characters, and UTF-8 as RFC 3629 §4 defines it.
@Suite struct StringTests {
    @Test func everyEscapeDecodes() throws {
        let value = try parse(#"["\"","\\","\/","\b","\f","\n","\r","\t","\u0000","\u001F","\u007f"]"#)
        let expected = ["\"", "\\", "/", "\u{8}", "\u{C}", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}"]
        #expect(value == .array(expected.map { .string($0) }))
    }

    @Test func unicodeEscapesTakeEitherCaseOfHexadecimal() throws {
        #expect(try parse(#""\u00e9\u00E9\uABCD\uabcd""#) == .string("éé\u{ABCD}\u{ABCD}"))
    }

    @Test func surrogatePairEscapesJoinIntoOneScalar() throws {
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse(#""\uD800\uDC00\uDBFF\uDFFF""#) == .string("\u{10000}\u{10FFFF}"))
        #expect(try parse(#""a\uD834\uDD1Eb""#) == .string("a𝄞b"))
    }

    @Test func loneSurrogateEscapesAreRefused() {
        expectRefused(#""\ud800""#, .loneSurrogate, at: 1)
        expectRefused(#""x\udc00""#, .loneSurrogate, at: 2)
        expectRefused(#""\ud800x""#, .loneSurrogate, at: 1)
        expectRefused(#""\ud800\n""#, .loneSurrogate, at: 1)
        expectRefused(#""\ud800\u0041""#, .loneSurrogate, at: 1)
        expectRefused(#""\ud800\ud800""#, .loneSurrogate, at: 1)
        expectRefused(#""\ude00\ud83d""#, .loneSurrogate, at: 1)
    }

    @Test func badEscapesAreRefusedAtTheirBackslash() {
        expectRefused(#""a\x""#, .invalidEscape, at: 2)
        expectRefused(#""\'""#, .invalidEscape, at: 1)
        expectRefused(#""\U0041""#, .invalidEscape, at: 1)
        expectRefused(#""\u00G0""#, .invalidEscape, at: 1)
        expectRefused(#""\u12""#, .invalidEscape, at: 1)
        expectRefused(#""\ud800\u12x4""#, .invalidEscape, at: 7)
        expectRefused("\"\\\u{0}\"", .invalidEscape, at: 1)
        expectRefused(#""\"#, .unexpectedEnd, at: 2)
        expectRefused(#""\u00"#, .unexpectedEnd, at: 5)
    }

    @Test func unescapedControlCharactersAreRefused() throws {
        for byte in UInt8(0)..<0x20 {
            expectRefused([0x22, 0x61, byte, 0x22], .controlCharacter, at: 2)
            expectRefused([0x22, 0x5C, 0x6E, byte, 0x22], .controlCharacter, at: 3)
        }
        #expect(try parse("\"\u{7F}\"") == .string("\u{7F}"))
    }

    @Test func anUnterminatedStringIsRefusedAtTheEnd() {
        expectRefused(#""abc"#, .unexpectedEnd, at: 4)
        expectRefused(#"["a\n"#, .unexpectedEnd, at: 5)
    }

    @Test func wellFormedUTF8OfEveryLengthIsAccepted() throws {
        // The first and last scalar of each range RFC 3629 §4 lists.
        let scalars: [UInt32] =
            [0x7F, 0x80, 0x7FF, 0x800, 0xFFF, 0x1000, 0xCFFF, 0xD000, 0xD7FF, 0xE000, 0xFFFF]
            + [0x10000, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000, 0x10FFFF]
        for value in scalars {
            let text = String(Character(try #require(Unicode.Scalar(value))))
            #expect(try JSONValue(parsing: [0x22] + Array(text.utf8) + [0x22]) == .string(text), "U+\(value)")
        }
    }

    @Test func illFormedUTF8IsRefusedAtTheSequencesFirstByte() {
        let shapes: [[UInt8]] = [
            [0x80],  // a continuation byte alone
            [0xBF],
            [0xC0, 0x80],  // overlong NUL
            [0xC1, 0xBF],  // overlong U+007F
            [0xE0, 0x80, 0x80],  // overlong, three bytes
            [0xE0, 0x9F, 0xBF],  // overlong U+07FF
            [0xED, 0xA0, 0x80],  // U+D800 encoded
            [0xED, 0xBF, 0xBF],  // U+DFFF encoded
            [0xF0, 0x80, 0x80, 0x80],  // overlong, four bytes
            [0xF0, 0x8F, 0xBF, 0xBF],  // overlong U+FFFF
            [0xF4, 0x90, 0x80, 0x80],  // U+110000
            [0xF5, 0x80, 0x80, 0x80],  // lead byte above F4
            [0xFF],
            [0xFE],
            [0xC3, 0x28],  // a lead byte without its continuation
            [0xE2, 0x82, 0x28],
            [0xF0, 0x9F, 0x98, 0x41],
            [0xE2, 0x82],  // cut short by the closing quote
        ]
        for shape in shapes {
            expectRefused([0x22, 0x61] + shape + [0x22], .invalidUTF8, at: 2)
            expectRefused([0x22, 0x5C, 0x74] + shape + [0x22], .invalidUTF8, at: 3)
        }
    }

    @Test func aUTF8SequenceCutByTheEndOfInputIsUnexpectedEnd() {
        expectRefused([0x22, 0xE2, 0x82], .unexpectedEnd, at: 3)
        expectRefused([0x22, 0xF0], .unexpectedEnd, at: 2)
    }

    @Test func keysAreDecodedLikeOtherStrings() throws {
        let value = try parse(#"{"\u00e9\n":1,"😀":2}"#)
        #expect(value["é\n"] == .integer(1))
        #expect(value["😀"] == .integer(2))
    }

    @Test func anEscapedNulIsKept() throws {
        let value = try parse(#""a\u0000b""#)
        #expect(value.stringValue.map { Array($0.utf8) } == [0x61, 0x00, 0x62])
    }
}
