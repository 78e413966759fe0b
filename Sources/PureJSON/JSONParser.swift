extension JSONValue {
    /// Parses one JSON document (RFC 8259), strictly.
    ///
    /// The input is UTF-8 without a byte order mark; it holds exactly one value, with only the four JSON
    /// whitespace characters around it. Refused: invalid UTF-8, unescaped control characters, lone surrogate
    /// escapes, repeated keys in one object, leading zeros, `+`, NaN, Infinity, trailing commas, comments,
    /// integers beyond `Int64`, numbers beyond `Double`'s range, and anything past ``JSONLimits``
    /// (docs/json.md lists every rule). Offsets in the error are indices into `bytes`.
    ///
    /// - Throws: ``JSONError`` with the first violation found, scanning from the start; a repeated key is
    ///   found when its object closes.
    public init(parsing bytes: ArraySlice<UInt8>) throws(JSONError) {
        var parser = JSONParser(bytes)
        self = try parser.parseDocument()
    }

    /// Parses one JSON document held in `bytes`; see ``init(parsing:)-(ArraySlice<UInt8>)``.
    public init(parsing bytes: [UInt8]) throws(JSONError) {
        try self.init(parsing: bytes[...])
    }

    /// Parses one JSON document held in `text`, by its UTF-8 bytes; offsets count those bytes.
    public init(parsing text: String) throws(JSONError) {
        try self.init(parsing: Array(text.utf8)[...])
    }
}

/// The parser: a loop over an explicit stack of open arrays and objects, so that nesting costs heap, bounded
/// by ``JSONLimits/maximumDepth``, never call depth.
struct JSONParser {
    let input: ArraySlice<UInt8>
    let end: Int
    var position: Int
    /// The bytes of a string being unescaped, reused from string to string.
    var scratch: [UInt8] = []

    init(_ input: ArraySlice<UInt8>) {
        self.input = input
        self.end = input.endIndex
        self.position = input.startIndex
    }

    /// An array or object whose closing bracket has not been read yet.
    private struct OpenContainer {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [(String, JSONValue)] = []
        /// Objects: where each member's key starts, for the offset of a repeated key.
        var keyOffsets: [Int] = []
        /// Objects: the key read whose value comes next.
        var pendingKey = ""
    }

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        guard input.count <= JSONLimits.maximumInputSize else {
            throw JSONError(
                .inputTooLarge,
                at: input.startIndex + JSONLimits.maximumInputSize,
                "input larger than \(JSONLimits.maximumInputSize) bytes"
            )
        }
        if input.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JSONError(.byteOrderMark, at: position, "a UTF-8 byte order mark before the value")
        }
        var stack: [OpenContainer] = []
        while true {
            // A value starts here: a scalar, an empty container, or the first member of a container to open.
            var value: JSONValue
            skipWhitespace()
            let first = try peek("a value")
            if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
                guard stack.count < JSONLimits.maximumDepth else {
                    throw JSONError(
                        .depthLimitExceeded,
                        at: position,
                        "more than \(JSONLimits.maximumDepth) arrays and objects open at once"
                    )
                }
                let isObject = first == UInt8(ascii: "{")
                let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                position += 1
                skipWhitespace()
                if try peek(isObject ? "a key or '}'" : "a value or ']'") == closing {
                    position += 1
                    value = isObject ? .object([]) : .array([])
                } else {
                    var container = OpenContainer(isObject: isObject)
                    if isObject { try readKey(into: &container) }
                    stack.append(container)
                    continue
                }
            } else {
                value = try readScalar()
            }
            // The value is complete: it takes its place, and each container it completes closes in turn.
            while let top = stack.indices.last {
                let isObject = stack[top].isObject
                if isObject {
                    stack[top].members.append((stack[top].pendingKey, value))
                } else {
                    stack[top].elements.append(value)
                }
                skipWhitespace()
                let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let next = try peek(isObject ? "',' or '}'" : "',' or ']'")
                if next == UInt8(ascii: ",") {
                    let comma = position
                    position += 1
                    skipWhitespace()
                    if try peek(isObject ? "a key" : "a value") == closing {
                        throw JSONError(.trailingComma, at: comma, "a comma before '\(isObject ? "}" : "]")'")
                    }
                    if isObject { try readKey(into: &stack[top]) }
                    break
                }
                guard next == closing else {
                    throw JSONError(.unexpectedByte, at: position, "expected ',' or '\(isObject ? "}" : "]")'")
                }
                position += 1
                let container = stack.removeLast()
                if isObject {
                    try Self.checkKeysAreDistinct(container.members, keyOffsets: container.keyOffsets)
                    value = .object(container.members)
                } else {
                    value = .array(container.elements)
                }
            }
            if stack.isEmpty {
                skipWhitespace()
                guard position == end else {
                    throw JSONError(.trailingBytes, at: position, "bytes after the top-level value")
                }
                return value
            }
        }
    }

    /// A member's key and the colon after it.
    private mutating func readKey(into container: inout OpenContainer) throws(JSONError) {
        guard try peek("a key") == UInt8(ascii: "\"") else {
            throw JSONError(.unexpectedByte, at: position, "expected a key (a string)")
        }
        container.keyOffsets.append(position)
        container.pendingKey = try readString()
        skipWhitespace()
        guard try peek("':'") == UInt8(ascii: ":") else {
            throw JSONError(.unexpectedByte, at: position, "expected ':' after a key")
        }
        position += 1
    }

    /// A string, number or literal starting at `position`.
    private mutating func readScalar() throws(JSONError) -> JSONValue {
        switch input[position] {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        default:
            throw JSONError(.unexpectedByte, at: position, "expected a value")
        }
    }

    private mutating func readLiteral(_ literal: String) throws(JSONError) {
        let start = position
        for expected in literal.utf8 {
            guard try peek("the rest of a literal") == expected else {
                throw JSONError(.invalidLiteral, at: start, "not '" + literal + "'")
            }
            position += 1
        }
    }

    /// RFC 8259 §2: space, horizontal tab, line feed, carriage return; nothing else.
    mutating func skipWhitespace() {
        while position < end {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The byte at `position`, or ``JSONError/Code/unexpectedEnd`` naming what the grammar needed there.
    func peek(_ needed: String) throws(JSONError) -> UInt8 {
        guard position < end else {
            throw JSONError(.unexpectedEnd, at: end, "the input ends where " + needed + " must come")
        }
        return input[position]
    }
}
