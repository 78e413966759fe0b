import PureJSON
import Testing

/// The writer (``JSONValue/text``), the equality it is checked with, and round trips through the parser.
@Suite struct WriterTests {
    @Test func valuesWriteCompactlyInOrder() {
        let value = JSONValue.object([
            ("b", .array([.integer(-1), .bool(true), .null, .double(2.5)])), ("a", .object([])), ("", .array([])),
        ])
        #expect(value.text == #"{"b":[-1,true,null,2.5],"a":{},"":[]}"#)
    }

    @Test func stringsEscapeWhatRFC8259Requires() {
        let value = JSONValue.string("\"\\/\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}é😀")
        #expect(value.text == #""\"\\/\n\r\t\u0008\u000c\u0000\u001f"# + "\u{7F}é😀\"")
    }

    @Test func doublesWriteAsTheirShortestFormWithAFractionOrAnExponent() {
        let cases: [(Double, String)] = [
            (1, "1.0"), (0.1, "0.1"), (-0.0, "-0.0"), (100, "100.0"), (1e16, "1e+16"), (1e-7, "1e-07"),
            (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (1697679936056.485, "1697679936056.485"),
        ]
        for (double, text) in cases {
            #expect(JSONValue.double(double).text == text)
        }
    }

    @Test func writtenDoublesParseBackToTheSameBitsAndKind() throws {
        for double in [
            1, 0.1, -0.0, 1e16, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude, 1e23,
        ] {
            let text = JSONValue.double(double).text
            #expect(try parse(text) == .double(double), "\(text)")
        }
    }

    @Test func nonFiniteDoublesWriteAsNull() {
        #expect(JSONValue.array([.double(.infinity), .double(-.infinity), .double(.nan)]).text == "[null,null,null]")
    }

    @Test func deepValuesBuiltInCodeWriteAndCompareWithoutRecursion() {
        var value = JSONValue.integer(0)
        for index in 0..<5_000 { value = index % 2 == 0 ? .array([value]) : .object([("k", value)]) }
        let text = value.text
        #expect(text.utf8.count == 2_500 * 2 + 2_500 * 6 + 1)
        #expect(value == value)
    }

    @Test func equalityDistinguishesKindsSignsScalarsAndOrder() {
        #expect(JSONValue.integer(1) != .double(1))
        #expect(JSONValue.double(0) != .double(-0.0))
        #expect(JSONValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
        #expect(JSONValue.object([("a", .null)]) != .object([("b", .null)]))
        #expect(JSONValue.array([.null]) != .array([.null, .null]))
        #expect(JSONValue.array([.bool(true)]) == .array([.bool(true)]))
    }

    @Test func accessorsReturnOnlyTheirOwnKind() throws {
        let value = try parse(#"{"s":"x","i":1,"d":1.5,"b":false,"n":null,"a":[7]}"#)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["i"]?.integerValue == 1)
        #expect(value["i"]?.doubleValue == nil)
        #expect(value["d"]?.doubleValue == 1.5)
        #expect(value["d"]?.integerValue == nil)
        #expect(value["b"]?.boolValue == false)
        #expect(value["n"]?.isNull == true)
        #expect(value["a"]?.elements == [.integer(7)])
        #expect(value["a"]?[0] == .integer(7))
        #expect(value["a"]?[1] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["s"]?["x"] == nil)
        #expect(value[0] == nil)
        #expect(value.members?.count == 6)
    }

    @Test func everyWellFormedDocumentRoundTrips() throws {
        for document in wellFormedDocuments {
            let value = try parse(document)
            let text = value.text
            #expect(try parse(text) == value, "\(document)")
            #expect(try parse(text).text == text, "\(document)")
        }
    }
}
