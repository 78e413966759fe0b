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
}
