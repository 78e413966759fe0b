import PureJSON
import Testing

/// Every bound of ``JSONLimits`` at the limit and one past, and the refusal of repeated keys.
@Suite struct LimitTests {
    private let depth = JSONLimits.maximumDepth

    @Test func arraysNestAsDeepAsTheLimit() throws {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try parse(text)
        for _ in 1..<depth { value = try #require(value[0]) }
        #expect(value == .array([]))
    }

    @Test func oneArrayPastTheLimitIsRefusedAtItsBracket() {
        let text = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        expectRefused(text, .depthLimitExceeded, at: depth)
    }

    @Test func objectsAndMixedNestingCountTheSame() throws {
        let objects = String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        _ = try parse(objects)
        let tooDeep = String(repeating: #"{"a":"#, count: depth) + "{}" + String(repeating: "}", count: depth)
        expectRefused(tooDeep, .depthLimitExceeded, at: 5 * depth)
        let mixed = String(repeating: #"[{"a":"#, count: depth / 2) + "1" + String(repeating: "}]", count: depth / 2)
        _ = try parse(mixed)
        expectRefused(String(repeating: #"[{"a":"#, count: depth / 2) + "[]", .depthLimitExceeded, at: 6 * depth / 2)
    }

    @Test func siblingsDoNotAddDepth() throws {
        let deep = String(repeating: "[", count: depth - 1) + "[],[],[]" + String(repeating: "]", count: depth - 1)
        _ = try parse(deep)
    }

    @Test func inputsUpToTheSizeLimitParse() throws {
        let size = JSONLimits.maximumInputSize
        let document = [0x22] + [UInt8](repeating: 0x61, count: size - 2) + [0x22]
        #expect(try JSONValue(parsing: document).stringValue?.utf8.count == size - 2)
    }

    @Test func oneBytePastTheSizeLimitIsRefusedBeforeReading() {
        let size = JSONLimits.maximumInputSize
        let document = [0x22] + [UInt8](repeating: 0x61, count: size - 1) + [0x22]
        expectRefused(document, .inputTooLarge, at: size)
        let whitespace = [UInt8](repeating: 0x20, count: size) + [0x31]
        expectRefused(whitespace, .inputTooLarge, at: size)
        let buffer = [UInt8](repeating: 0x20, count: 3) + whitespace
        do throws(JSONError) {
            _ = try JSONValue(parsing: buffer[3...])
            Issue.record("accepted")
        } catch {
            #expect(error.code == .inputTooLarge && error.offset == 3 + size)
        }
    }

    // MARK: - Repeated keys

    @Test func aRepeatedKeyIsRefusedAtItsSecondOccurrence() {
        expectRefused(#"{"a":1,"a":2}"#, .duplicateKey, at: 7)
        expectRefused(#"{"a":1,"b":2,"a":1}"#, .duplicateKey, at: 13)
        expectRefused(#"{"":1,"":2}"#, .duplicateKey, at: 6)
    }

    @Test func keysAreComparedAfterUnescaping() {
        expectRefused(#"{"a":1,"\u0061":2}"#, .duplicateKey, at: 7)
        expectRefused(#"{"😀":1,"\ud83d\ude00":2}"#, .duplicateKey, at: 10)
        expectRefused(#"{"a/b":1,"a\/b":2}"#, .duplicateKey, at: 9)
    }

    @Test func canonicallyEquivalentKeysAreDifferentKeys() throws {
        let value = try parse(#"{"\u00e9":1,"e\u0301":2}"#)
        #expect(value.members?.count == 2)
        #expect(value["\u{E9}"] == .integer(1))
        #expect(value["e\u{301}"] == .integer(2))
    }

    @Test func aRepeatedKeyInANestedObjectIsFoundWhenThatObjectCloses() {
        expectRefused(#"{"a":{"b":1,"b":2},"a":3}"#, .duplicateKey, at: 12)
        expectRefused(#"[{"k":1},{"k":2},{"k":3,"k":4}]"#, .duplicateKey, at: 24)
        // A syntax error before the object closes comes first.
        expectRefused(#"{"a":1,"a":2 x}"#, .unexpectedByte, at: 13)
    }

    @Test func largeObjectsFindTheEarliestRepeatAsSmallOnesDo() throws {
        for count in [JSONLimits.maximumDepth, 15, 16, 17, 100, 1000] {
            let keys = (0..<count).map { "k\(($0 * 7919) % count)" }
            let members = keys.map { "\"\($0)\":0" }
            _ = try parse("{" + members.joined(separator: ",") + "}")
            // Repeat keys 3 and 1, in that order, at the end: the repeat of key 3 comes first.
            let repeated = members + ["\"\(keys[3])\":1", "\"\(keys[1])\":1"]
            let text = "{" + repeated.joined(separator: ",") + "}"
            let offset = text.utf8.count - 1 - repeated[count...].joined(separator: ",").utf8.count
            expectRefused(text, .duplicateKey, at: offset)
        }
    }
}
