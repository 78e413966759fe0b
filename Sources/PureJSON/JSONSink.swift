/// What a JSON shape is written into: ``JSONWriter`` for text, ``JSONTreeBuilder`` for a ``JSONValue``. A shape
/// written once, generic over its sink, gives both forms from one description of its members.
package protocol JSONSink {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// A member's name that needs no escape (printable ASCII other than `"` and `\`).
    mutating func key(_ name: StaticString)
    /// A member's name from data.
    mutating func key(escaping name: String)
    mutating func string(_ text: String)
    /// A string of exactly `count` bytes that `fill` writes, every one printable ASCII other than `"` and `\`.
    /// `fill` must write every one of the `count` bytes: the buffer may hold earlier text, not zeros.
    mutating func asciiString(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void)
    mutating func integer(_ number: Int64)
    mutating func bool(_ flag: Bool)
    mutating func null()
    /// A whole value.
    mutating func value(_ value: JSONValue)
}

extension JSONWriter: JSONSink {}

/// A ``JSONSink`` that builds the ``JSONValue`` the calls describe: for callers that need the value itself (the
/// tool's indented text form).
package struct JSONTreeBuilder: JSONSink {
    private enum Container {
        case array([JSONValue])
        case object([(String, JSONValue)], key: String)
    }

    /// The containers being written, outermost first.
    private var open: [Container] = []
    /// The value written, once the outermost one is complete.
    package private(set) var built: JSONValue = .null

    package init() {}

    package mutating func beginObject() { open.append(.object([], key: "")) }
    package mutating func beginArray() { open.append(.array([])) }

    package mutating func endObject() {
        guard case .object(let members, _)? = open.popLast() else { return }
        value(.object(members))
    }

    package mutating func endArray() {
        guard case .array(let values)? = open.popLast() else { return }
        value(.array(values))
    }

    package mutating func key(_ name: StaticString) {
        key(escaping: name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
    }

    package mutating func key(escaping name: String) {
        guard case .object(let members, _)? = open.popLast() else { return }
        open.append(.object(members, key: name))
    }

    package mutating func string(_ text: String) { value(.string(text)) }
    package mutating func integer(_ number: Int64) { value(.integer(number)) }
    package mutating func bool(_ flag: Bool) { value(.bool(flag)) }
    package mutating func null() { value(.null) }

    package mutating func asciiString(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        var text = [UInt8](repeating: 0, count: count)
        text.withUnsafeMutableBufferPointer { fill($0) }
        value(.string(String(decoding: text, as: UTF8.self)))
    }

    package mutating func value(_ value: JSONValue) {
        switch open.popLast() {
        case nil: built = value
        case .array(var values)?:
            values.append(value)
            open.append(.array(values))
        case .object(var members, let key)?:
            members.append((key, value))
            open.append(.object(members, key: key))
        }
    }
}
