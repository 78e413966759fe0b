import Testing

@testable import PureJSON

/// `JSONWriter` keeps its text in storage with room past the end, reused after `take()`: what it writes must not
/// depend on what the room held before, or on where the storage grows.
@Suite struct WriterStorageTests {
    /// A document with every kind of write that stores in place: a key, a string, a date-like and a hex-like
    /// ASCII string, integers.
    static func document(_ writer: inout JSONWriter, text: String, ascii: String, number: Int64) {
        writer.beginObject()
        writer.key("text")
        writer.string(text)
        writer.key("ascii")
        let bytes = Array(ascii.utf8)
        writer.asciiString(count: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        writer.key("number")
        writer.integer(number)
        writer.endObject()
        writer.appendRaw(0x0A)
    }

    static func fresh(text: String, ascii: String, number: Int64) -> [UInt8] {
        var writer = JSONWriter()
        document(&writer, text: text, ascii: ascii, number: number)
        return writer.take()
    }

    @Test func aWriterReusedAfterTakeWritesWhatAFreshOneWrites() {
        var writer = JSONWriter()
        Self.document(
            &writer,
            text: String(repeating: "\"\\x", count: 200),
            ascii: String(repeating: "f", count: 64),
            number: .min
        )
        let long = writer.take()
        #expect(
            long
                == Self.fresh(
                    text: String(repeating: "\"\\x", count: 200),
                    ascii: String(repeating: "f", count: 64),
                    number: .min
                )
        )
        Self.document(&writer, text: "é", ascii: "2024-01-01T00:00:00Z", number: 7)
        let short = writer.take()
        #expect(short == Self.fresh(text: "é", ascii: "2024-01-01T00:00:00Z", number: 7))
        #expect(
            String(decoding: short, as: UTF8.self) == #"{"text":"é","ascii":"2024-01-01T00:00:00Z","number":7}"# + "\n"
        )
    }

    @Test func writesAcrossTheFirstGrowthsAreWhole() {
        for capacity in [0, 1, 5, 255, 256, 257] {
            var writer = JSONWriter(capacity: capacity)
            writer.beginObject()
            writer.key("s")
            writer.string(String(repeating: "x", count: 250))
            writer.key("abcdefgh")
            writer.integer(123_456_789)
            writer.endObject()
            let expected = #"{"s":""# + String(repeating: "x", count: 250) + #"","abcdefgh":123456789}"#
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "capacity \(capacity)")
        }
    }

    @Test func integersAtTheirEdges() {
        for number: Int64 in [.min, -10, -9, -1, 0, 1, 9, 10, 99, 100, .max] {
            var writer = JSONWriter()
            writer.integer(number)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(number))
        }
    }

    @Test func aComparisonThatSaysSameReusesTheFirstValue() {
        var writer = JSONWriter()
        let always: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Bool = { _, _ in true }
        writer.beginArray()
        writer.value(memoizedBy: [1, 2, 3][...], sameKey: always, { writer in writer.string("a") })
        writer.value(memoizedBy: [4, 5, 6][...], sameKey: always, { writer in writer.string("b") })
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"["a","a"]"#)
    }

    /// A copy of a writer is a value: writing into one never shows in the other, though the two share storage
    /// until one of them writes.
    @Test func aCopiedWriterWritesIntoItsOwnText() {
        var original = JSONWriter(capacity: 4096)
        original.beginObject()
        original.key("shared")
        original.integer(1)
        var copy = original
        copy.key("copy")
        copy.string("c")
        original.key("original")
        original.bool(true)
        var third = original
        original.endObject()
        third.key("third")
        third.null()
        third.endObject()
        copy.endObject()
        #expect(String(decoding: original.bytes, as: UTF8.self) == #"{"shared":1,"original":true}"#)
        #expect(String(decoding: copy.bytes, as: UTF8.self) == #"{"shared":1,"copy":"c"}"#)
        #expect(String(decoding: third.bytes, as: UTF8.self) == #"{"shared":1,"original":true,"third":null}"#)
    }

    /// Names and runs of every length up to past the short copies' widths, at every offset the comma and the
    /// storage's growth put them: each written byte for byte.
    @Test func namesAndRunsOfEveryLengthAreCopiedWhole() {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        for length in 0...letters.count {
            let name = String(decoding: letters[..<length], as: UTF8.self)
            var writer = JSONWriter(capacity: length % 7)
            writer.beginObject()
            writer.key(escaping: name)
            writer.string(name)
            writer.key(escaping: "n")
            writer.string(name + "\n" + name)
            writer.endObject()
            let expected = "{\"\(name)\":\"\(name)\",\"n\":\"\(name)\\n\(name)\"}"
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "length \(length)")
        }
    }

    /// The literal names the shapes use, from one to many bytes long, through ``JSONWriter/key(_:)``.
    @Test func literalNamesOfManyLengths() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.integer(1)
        writer.key("type")
        writer.integer(2)
        writer.key("quantity")
        writer.integer(3)
        writer.key("original_transaction_id")
        writer.integer(4)
        writer.key("is_in_intro_offer_period_and_then_some_more_words")
        writer.integer(5)
        writer.endObject()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"a":1,"type":2,"quantity":3,"original_transaction_id":4,"#
                + #""is_in_intro_offer_period_and_then_some_more_words":5}"#
        )
    }

    /// A `StaticString` made from one Unicode scalar holds the scalar, not a pointer to stored bytes: the other
    /// way a literal name can reach the writer.
    @Test func aLiteralOfOneScalarIsWrittenAsItsBytes() {
        struct ScalarLiteral: ExpressibleByUnicodeScalarLiteral {
            let text: StaticString
            init(unicodeScalarLiteral value: StaticString) { text = value }
        }
        let ascii: ScalarLiteral = "a"
        let twoBytes: ScalarLiteral = "é"
        #expect(!ascii.text.hasPointerRepresentation && !twoBytes.text.hasPointerRepresentation)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(ascii.text)
        writer.integer(-1)
        writer.key(twoBytes.text)
        writer.integer(0)
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":-1,"é":0}"#)
    }
}
