import Testing

@testable import PureJSON

/// `value(memoizedBy:sameKey:_:)`: a value written again from the writer's memo is the same text, in the same place in
/// the syntax, as writing it anew; the memo outlives `take()` and keeps its first keys only.
@Suite struct MemoizedValueTests {
    static func object(_ name: String) -> (inout JSONWriter) -> Void {
        { writer in
            writer.beginObject()
            writer.key("name")
            writer.string(name)
            writer.endObject()
        }
    }

    @Test func aMemoizedValueIsWrittenAgainWithItsCommas() {
        var writer = JSONWriter()
        var calls = 0
        writer.beginArray()
        for _ in 0..<3 {
            writer.value(memoizedBy: [1, 2, 3][...]) { writer in
                calls += 1
                Self.object("a")(&writer)
            }
        }
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[{"name":"a"},{"name":"a"},{"name":"a"}]"#)
        #expect(calls == 1)
    }

    @Test func keysAreComparedByEveryByte() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.value(memoizedBy: [1, 2, 3][...], Self.object("a"))
        writer.value(memoizedBy: [1, 2, 4][...], Self.object("b"))
        writer.value(memoizedBy: [1, 2][...], Self.object("c"))
        writer.value(memoizedBy: [1, 2, 3][...], Self.object("d"))
        writer.endArray()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == #"[{"name":"a"},{"name":"b"},{"name":"c"},{"name":"a"}]"#)
    }

    @Test func theCallersComparisonDecidesWhichKeysAreTheSame() {
        var writer = JSONWriter()
        var compared: [([UInt8], [UInt8])] = []
        let never: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Bool = { stored, key in
            compared.append((Array(stored), Array(key)))
            return false
        }
        writer.beginArray()
        writer.value(memoizedBy: [1, 2, 3][...], sameKey: never, Self.object("a"))
        writer.value(memoizedBy: [1, 2, 3][...], sameKey: never, Self.object("b"))
        writer.value(memoizedBy: [9][...], sameKey: never, Self.object("c"))
        writer.endArray()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == #"[{"name":"a"},{"name":"b"},{"name":"c"}]"#)
        // Asked only about keys of the same length: the second [1, 2, 3] against the first.
        #expect(compared.count == 1)
        #expect(compared.first?.0 == [1, 2, 3] && compared.first?.1 == [1, 2, 3])
    }

    @Test func theMemoOutlivesTakeAndKeepsItsFirstKeysOnly() {
        var writer = JSONWriter()
        for key in 0..<JSONWriter.memoCapacity + 1 {
            writer.value(memoizedBy: [UInt8(key)][...], Self.object("first \(key)"))
            _ = writer.take()
        }
        writer.beginArray()
        writer.value(memoizedBy: [0][...], Self.object("second"))
        writer.value(memoizedBy: [UInt8(JSONWriter.memoCapacity)][...], Self.object("second"))
        writer.endArray()
        let text = String(decoding: writer.take(), as: UTF8.self)
        #expect(text == #"[{"name":"first 0"},{"name":"second"}]"#)
    }
}
