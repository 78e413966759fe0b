import PureJSON
import Testing

/// RFC 8259's grammar, strictly: what is accepted, and for what is refused, the exact code and offset.
@Suite struct GrammarTests {
    @Test func everyKindOfValueParses() throws {
        let value = try parse(#"{"s":"x","i":-7,"d":2.5,"t":true,"f":false,"n":null,"a":[1],"o":{}}"#)
        #expect(value["s"] == .string("x"))
        #expect(value["i"] == .integer(-7))
        #expect(value["d"] == .double(2.5))
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["n"] == .null)
        #expect(value["a"] == .array([.integer(1)]))
        #expect(value["o"] == .object([]))
    }

    @Test func scalarsMayStandAtTheTop() throws {
        #expect(try parse("3") == .integer(3))
        #expect(try parse(#""x""#) == .string("x"))
        #expect(try parse("null") == .null)
        #expect(try parse(" true ") == .bool(true))
    }

    @Test func objectsKeepTheirMembersInInputOrder() throws {
        let value = try parse(#"{"z":1,"a":2,"m":3}"#)
        #expect(value.members?.map(\.0) == ["z", "a", "m"])
    }

    @Test func theFourWhitespaceCharactersAreAcceptedEverywhere() throws {
        let value = try parse(" \t\n\r{ \t\n\r\"a\" \t\n\r: \t\n\r[ \t\n\r1 \t\n\r, \t\n\r2 \t\n\r] \t\n\r} \t\n\r")
        #expect(value == .object([("a", .array([.integer(1), .integer(2)]))]))
    }

    @Test func otherWhitespaceIsRefused() {
        expectRefused("[1,\u{0B}2]", .unexpectedByte, at: 3)  // vertical tab
        expectRefused("[1,\u{0C}2]", .unexpectedByte, at: 3)  // form feed
        expectRefused([0x5B, 0xC2, 0xA0, 0x31, 0x5D], .unexpectedByte, at: 1)  // no-break space
        expectRefused(Array("\u{FEFF}1".utf8), .byteOrderMark, at: 0)
        expectRefused([0x31, 0xE2, 0x80, 0xA8], .trailingBytes, at: 1)  // line separator after the value
    }

    @Test func anEmptyOrBlankInputIsRefused() {
        expectRefused("", .unexpectedEnd, at: 0)
        expectRefused("  \n", .unexpectedEnd, at: 3)
    }

    @Test func aByteOrderMarkIsRefusedNotSkipped() {
        expectRefused([0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .byteOrderMark, at: 0)
        expectRefused([0x20, 0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .unexpectedByte, at: 1)
    }

    @Test func exactlyOneTopLevelValueIsAllowed() {
        expectRefused("1 2", .trailingBytes, at: 2)
        expectRefused("{}{}", .trailingBytes, at: 2)
        expectRefused("[] x", .trailingBytes, at: 3)
        expectRefused("truex", .trailingBytes, at: 4)
        expectRefused("[]\u{0}", .trailingBytes, at: 2)
    }

    @Test func trailingCommasAreRefused() {
        expectRefused("[1,]", .trailingComma, at: 2)
        expectRefused("[1 , ]", .trailingComma, at: 3)
        expectRefused(#"{"a":1,}"#, .trailingComma, at: 6)
        expectRefused("[,1]", .unexpectedByte, at: 1)
        expectRefused("[1,,2]", .unexpectedByte, at: 3)
        expectRefused(#"{,"a":1}"#, .unexpectedByte, at: 1)
    }

    @Test func missingSeparatorsAreRefused() {
        expectRefused("[1 2]", .unexpectedByte, at: 3)
        expectRefused(#"{"a" 1}"#, .unexpectedByte, at: 5)
        expectRefused(#"{"a":1 "b":2}"#, .unexpectedByte, at: 7)
        expectRefused(#"{"a"}"#, .unexpectedByte, at: 4)
        expectRefused(#"{"a":}"#, .unexpectedByte, at: 5)
        expectRefused("[1}", .unexpectedByte, at: 2)
        expectRefused(#"{"a":1]"#, .unexpectedByte, at: 6)
    }

    @Test func keysMustBeStrings() {
        expectRefused("{a:1}", .unexpectedByte, at: 1)
        expectRefused("{1:1}", .unexpectedByte, at: 1)
        expectRefused("{'a':1}", .unexpectedByte, at: 1)
        expectRefused(#"{"a":1,2:3}"#, .unexpectedByte, at: 7)
    }

    @Test func literalsAreLowercaseAndWhole() {
        expectRefused("tru", .unexpectedEnd, at: 3)
        expectRefused("[tru]", .invalidLiteral, at: 1)
        expectRefused("True", .unexpectedByte, at: 0)
        expectRefused("nul", .unexpectedEnd, at: 3)
        expectRefused("[nulL]", .invalidLiteral, at: 1)
        expectRefused("fals", .unexpectedEnd, at: 4)
        expectRefused("[falsy]", .invalidLiteral, at: 1)
    }

    @Test func javaScriptExtensionsAreRefused() {
        expectRefused("NaN", .unexpectedByte, at: 0)
        expectRefused("[Infinity]", .unexpectedByte, at: 1)
        expectRefused("-Infinity", .invalidNumber, at: 1)
        expectRefused("[1] // comment", .trailingBytes, at: 4)
        expectRefused("/* c */ 1", .unexpectedByte, at: 0)
        expectRefused("['a']", .unexpectedByte, at: 1)
        expectRefused("undefined", .unexpectedByte, at: 0)
    }

    @Test func unclosedContainersAreRefusedAtTheEnd() {
        expectRefused("[", .unexpectedEnd, at: 1)
        expectRefused("[1", .unexpectedEnd, at: 2)
        expectRefused("[1,", .unexpectedEnd, at: 3)
        expectRefused("{", .unexpectedEnd, at: 1)
        expectRefused(#"{"a""#, .unexpectedEnd, at: 4)
        expectRefused(#"{"a":"#, .unexpectedEnd, at: 5)
        expectRefused(#"{"a":1"#, .unexpectedEnd, at: 6)
        expectRefused("]", .unexpectedByte, at: 0)
        expectRefused("}", .unexpectedByte, at: 0)
    }

    @Test func nonASCIIBytesOutsideStringsAreRefused() {
        expectRefused([0x5B, 0xC3, 0xA9, 0x5D], .unexpectedByte, at: 1)
        expectRefused([0x80], .unexpectedByte, at: 0)
    }

    @Test func offsetsAreIndicesIntoTheCallersBuffer() throws {
        let buffer = Array("xx[1,]".utf8)
        do throws(JSONError) {
            _ = try JSONValue(parsing: buffer[2...])
            Issue.record("accepted")
        } catch {
            #expect(error.code == .trailingComma)
            #expect(error.offset == 4)
        }
        #expect(try JSONValue(parsing: Array("xx[1]".utf8)[2...]) == .array([.integer(1)]))
    }

    @Test func errorsDescribeThemselves() {
        let error = JSONError(.duplicateKey, at: 7, "a key named twice in one object")
        #expect(error.description == "offset 7: a key named twice in one object")
        #expect(error.code.description == "duplicateKey")
    }
}
