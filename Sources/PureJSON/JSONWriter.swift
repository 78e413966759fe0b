/// Compact JSON text (RFC 8259) written straight into bytes as a caller describes a value: no whitespace, members
/// in the order given, each string escaped once as it is copied in. The one serializer of the project's JSON:
/// ``JSONValue/text``, the tool's `--json` lines and the wasm module's results all come out of it.
///
/// A caller writes a value as calls (``beginObject()``, ``key(_:)``, ``string(_:)``, …,
/// ``endObject()``); the writer puts the commas and colons between them. Whether the calls form a well-nested
/// value is the caller's contract, as with any writer.
///
/// Strings: RFC 8259 §7's escapes (quotation mark, reverse solidus, U+0000–U+001F; `\n`, `\r`, `\t` by name,
/// the others as `\u00xx` with lowercase hex), and every scalar `alsoEscaping` names (DEL or any non-ASCII scalar;
/// the tool names those a terminal would act on) as `\uXXXX`, a surrogate pair above U+FFFF. A parser reads the
/// same string either way.
package struct JSONWriter {
    /// The text is the storage's first `length` bytes; the rest is room, holding earlier text or whatever the
    /// allocation held. Each write asks ``room(_:)`` for its bytes once and stores them in place.
    private var storage: TextStorage
    private var length = 0
    /// Whether the next key or value follows another in its container, and so needs a comma first.
    private var followsValue = false
    /// Scalars beyond RFC 8259's set written as escapes: asked for DEL and for every non-ASCII scalar.
    private let alsoEscaping: ((Unicode.Scalar) -> Bool)?
    /// Values written before through ``value(memoizedBy:sameKey:_:)``, by their key; kept across ``take()``.
    private var memoized: [(key: [UInt8], text: [UInt8])] = []

    /// How many values ``value(memoizedBy:sameKey:_:)`` keeps: a batch's receipts share a handful of certificates.
    package static let memoCapacity = 16

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0, alsoEscaping: ((Unicode.Scalar) -> Bool)? = nil) {
        self.alsoEscaping = alsoEscaping
        storage = TextStorage(capacity: capacity)
    }

    /// A copy of the text written so far.
    package var bytes: [UInt8] { text(from: 0) }

    /// The text written so far, leaving the writer empty with its room: so that the next value of a similar size
    /// grows no buffer on the way.
    package mutating func take() -> [UInt8] {
        let taken = bytes
        length = 0
        followsValue = false
        return taken
    }

    /// Writes the value `body` writes, or, when this writer wrote a value under the same `key` bytes before, that
    /// value's text again without calling `body`: for values that are a function of their key's bytes alone (a
    /// certificate's JSON, keyed by its DER), written again and again by a writer that serves a whole batch. The
    /// first ``memoCapacity`` keys are kept; values under other keys are written anew each time. A key must name
    /// one value for the writer's whole life: callers that memoize different shapes must not share key bytes.
    /// `sameKey` compares two keys of the same length and must answer as `==` does; a caller with long keys (a
    /// certificate's DER) passes a comparison faster than the byte-by-byte default.
    package mutating func value(
        memoizedBy key: ArraySlice<UInt8>,
        sameKey: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Bool = { $0.elementsEqual($1) },
        _ body: (inout JSONWriter) -> Void
    ) {
        separate()
        for entry in memoized where entry.key.count == key.count && sameKey(entry.key[...], key) {
            entry.text.withUnsafeBufferPointer { write($0) }
            followsValue = true
            return
        }
        followsValue = false
        let start = length
        body(&self)
        if memoized.count < Self.memoCapacity {
            memoized.append((Array(key), text(from: start)))
        }
    }

    /// Appends a byte outside any value (a line feed after a document).
    package mutating func appendRaw(_ byte: UInt8) {
        write(byte)
    }

    // MARK: Structure

    package mutating func beginObject() {
        writeSeparated(UInt8(ascii: "{"))
        followsValue = false
    }

    package mutating func endObject() {
        write(UInt8(ascii: "}"))
        followsValue = true
    }

    package mutating func beginArray() {
        writeSeparated(UInt8(ascii: "["))
        followsValue = false
    }

    package mutating func endArray() {
        write(UInt8(ascii: "]"))
        followsValue = true
    }

    /// A member's name that needs no escape (printable ASCII other than `"` and `\`), as the shapes' literal
    /// names are.
    package mutating func key(_ name: StaticString) {
        Self.withBytes(of: name) { key(plain: $0) }
    }

    /// `,"name":` or `"name":`, stored at once.
    @inline(__always)
    private mutating func key(plain name: UnsafeBufferPointer<UInt8>) {
        let (text, total) = separatedRoom(name.count + 3)
        text[0] = UInt8(ascii: "\"")
        if let start = name.baseAddress { copyBytes(start, count: name.count, to: text + 1) }
        text[name.count + 1] = UInt8(ascii: "\"")
        text[name.count + 2] = UInt8(ascii: ":")
        length += total
        followsValue = false
    }

    /// A member's name from data, escaped as a string is. (A separate name from ``key(_:)``, since a string
    /// literal would otherwise choose this one.)
    package mutating func key(escaping name: String) {
        separate()
        appendQuoted(name)
        write(UInt8(ascii: ":"))
        followsValue = false
    }

    // MARK: Values

    package mutating func string(_ text: String) {
        separate()
        appendQuoted(text)
        followsValue = true
    }

    /// A string of exactly `count` bytes that `fill` writes, every one printable ASCII other than `"` and `\` (a
    /// date, hexadecimal): written in place, with nothing to escape. `fill` must write every one of the `count`
    /// bytes: the buffer holds whatever was there before, not zeros.
    package mutating func asciiString(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        precondition(count >= 0, "a negative count")
        let (text, total) = separatedRoom(count + 2)
        text[0] = UInt8(ascii: "\"")
        fill(UnsafeMutableBufferPointer(start: text + 1, count: count))
        text[count + 1] = UInt8(ascii: "\"")
        length += total
        followsValue = true
    }

    package mutating func integer(_ number: Int64) {
        let sign = number < 0 ? 1 : 0
        let magnitude = number.magnitude
        // Every magnitude is below 10^19 (Int64.min's is 9.2 × 10^18), so the power never overflows.
        var digits = 1
        var power: UInt64 = 10
        while digits < 19 && magnitude >= power {
            digits += 1
            power &*= 10
        }
        let (text, total) = separatedRoom(sign + digits)
        // The sign is stored either way; without one, the first digit overwrites it.
        text[0] = UInt8(ascii: "-")
        var rest = magnitude
        for position in stride(from: sign + digits - 1, through: sign, by: -1) {
            text[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        length += total
        followsValue = true
    }

    /// Swift's `description` is the shortest decimal that reads back as the same double (digits, `.`, `e`, sign:
    /// all JSON number syntax), and it always shows a fraction or an exponent; a non-finite value, which no parse
    /// produces, has no JSON form and is written as `null`, as ECMAScript's `JSON.stringify` writes it.
    package mutating func double(_ number: Double) {
        guard number.isFinite else { return null() }
        separate()
        var text = number.description
        text.withUTF8 { write($0) }
        followsValue = true
    }

    package mutating func bool(_ flag: Bool) {
        separate()
        write(flag ? "true" : "false")
        followsValue = true
    }

    package mutating func null() {
        separate()
        write("null")
        followsValue = true
    }

    /// A whole value. Iterative: a value nested deeper than any parse allows is written without deep recursion.
    package mutating func value(_ root: JSONValue) {
        var stack: [Frame] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .string(let text): string(text)
                case .integer(let number): integer(number)
                case .double(let number): double(number)
                case .bool(let flag): bool(flag)
                case .null: null()
                case .array(let values):
                    beginArray()
                    stack.append(.array(values, next: 0))
                case .object(let members):
                    beginObject()
                    stack.append(.object(members, next: 0))
                }
            }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .array(let values, let next):
                guard next < values.count else {
                    endArray()
                    continue
                }
                stack.append(.array(values, next: next + 1))
                pending = values[next]
            case .object(let members, let next):
                guard next < members.count else {
                    endObject()
                    continue
                }
                key(escaping: members[next].0)
                stack.append(.object(members, next: next + 1))
                pending = members[next].1
            }
        }
    }

    private enum Frame {
        case array([JSONValue], next: Int)
        case object([(String, JSONValue)], next: Int)
    }

    // MARK: Text

    /// Where the next `count` bytes go, in storage this writer alone references with room for them: valid until
    /// the next write, which must advance `length` past the bytes it stored.
    @inline(__always)
    private mutating func room(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(count > storage.capacity &- length || !isKnownUniquelyReferenced(&storage)) {
            makeRoom(count)
        }
        return storage.base + length
    }

    /// Storage of this writer's own with room for `count` more bytes: at least twice as large when it grows, so
    /// that growing costs amortized constant time. Seldom called, so kept out of line.
    @inline(never)
    private mutating func makeRoom(_ count: Int) {
        precondition(count >= 0, "a negative count")
        let needed = length + count
        let capacity = needed > storage.capacity ? max(2 * storage.capacity, needed, 256) : storage.capacity
        storage = storage.copy(count: length, capacity: capacity)
    }

    /// A copy of the text from byte `start` on.
    private func text(from start: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: storage.base + start, count: length - start))
    }

    private mutating func write(_ byte: UInt8) {
        room(1).pointee = byte
        length += 1
    }

    private mutating func write(_ text: UnsafeBufferPointer<UInt8>) {
        guard let start = text.baseAddress else { return }
        copyBytes(start, count: text.count, to: room(text.count))
        length += text.count
    }

    private mutating func write(_ literal: StaticString) {
        Self.withBytes(of: literal) { write($0) }
    }

    /// The bytes of a literal: where they are stored when they are (any literal but a single scalar), without
    /// a call.
    @inline(__always)
    private static func withBytes<Result>(
        of literal: StaticString,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard literal.hasPointerRepresentation else { return literal.withUTF8Buffer(body) }
        return body(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `byte`, after a comma when it follows a value.
    private mutating func writeSeparated(_ byte: UInt8) {
        let (text, total) = separatedRoom(1)
        text.pointee = byte
        length += total
    }

    /// Room for `count` (at least 1) bytes after a comma when the writer follows a value: the comma stored, the
    /// pointer past it, and the bytes `length` grows by, the comma's among them. The comma is stored either way,
    /// so that there is no branch: without one, the first of the `count` bytes overwrites it.
    @inline(__always)
    private mutating func separatedRoom(_ count: Int) -> (text: UnsafeMutablePointer<UInt8>, total: Int) {
        let comma = followsValue ? 1 : 0
        let text = room(comma + count)
        text[0] = UInt8(ascii: ",")
        return (text + comma, comma + count)
    }

    private mutating func separate() {
        if followsValue { write(UInt8(ascii: ",")) }
    }

    private mutating func appendQuoted(_ text: String) {
        write(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                // A run of bytes written as they are, copied at once.
                let start = index
                while index < utf8.count && Self.isPlain(utf8[index]) { index += 1 }
                if index > start { write(UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                guard index < utf8.count else { break }
                let lead = utf8[index]
                if lead < 0x80 {
                    appendASCIIEscape(lead)
                    index += 1
                    continue
                }
                // A String's UTF-8 is well-formed: the lead byte gives the length, every scalar decodes.
                let scalarLength = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var value = UInt32(lead) & (lead < 0xE0 ? 0x1F : lead < 0xF0 ? 0x0F : 0x07)
                for offset in 1..<scalarLength { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
                if let alsoEscaping, let scalar = Unicode.Scalar(value), alsoEscaping(scalar) {
                    appendEscapes(of: value)
                } else {
                    write(UnsafeBufferPointer(rebasing: utf8[index..<index + scalarLength]))
                }
                index += scalarLength
            }
        }
        write(UInt8(ascii: "\""))
    }

    /// Printable ASCII other than the quotation mark and the reverse solidus: written as it is.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    private mutating func appendASCIIEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): writeEscaped(byte)
        case 0x0A: writeEscaped(UInt8(ascii: "n"))
        case 0x0D: writeEscaped(UInt8(ascii: "r"))
        case 0x09: writeEscaped(UInt8(ascii: "t"))
        case 0x7F where !(alsoEscaping?(Unicode.Scalar(byte)) ?? false): write(byte)
        default: appendEscape(UInt16(byte))
        }
    }

    private mutating func appendEscapes(of value: UInt32) {
        guard value >= 0x1_0000 else { return appendEscape(UInt16(value)) }
        // RFC 8259 §7: a character outside the Basic Multilingual Plane as its UTF-16 surrogate pair.
        let offset = value - 0x1_0000
        appendEscape(UInt16(0xD800 + (offset >> 10)))
        appendEscape(UInt16(0xDC00 + (offset & 0x3FF)))
    }

    /// A reverse solidus and `byte`.
    private mutating func writeEscaped(_ byte: UInt8) {
        write(UInt8(ascii: "\\"))
        write(byte)
    }

    /// `\uXXXX`, lowercase hex.
    private mutating func appendEscape(_ unit: UInt16) {
        writeEscaped(UInt8(ascii: "u"))
        for shift: UInt16 in [12, 8, 4, 0] {
            let digit = UInt8(unit >> shift & 0xF)
            write(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}
