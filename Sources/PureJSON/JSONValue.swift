/// A JSON value (RFC 8259): what ``init(parsing:)`` returns and what ``text`` writes.
///
/// Objects keep their members in the order written, unknown ones included, so output is stable and a
/// caller sees everything a document holds. Numbers keep their kind: a number written without fraction or
/// exponent is an ``integer(_:)``, exact; any other is a ``double(_:)``, correctly rounded.
public enum JSONValue: Sendable {
    /// A string: Unicode scalars, escapes decoded.
    case string(String)
    /// A number written without fraction or exponent (`-12`), which must fit `Int64`.
    case integer(Int64)
    /// A number written with a fraction or an exponent (`1.5`, `2e3`, `1.0`), the `Double` nearest to it (ties
    /// to even). Never infinite or NaN when parsed; ``text`` writes a non-finite value as `null`.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array, elements in order.
    case array([JSONValue])
    /// An object, members in the order written. A parsed object never repeats a key.
    case object([(String, JSONValue)])
}

// MARK: - Reading a value

extension JSONValue {
    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is one (a `.double` is not converted).
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The double, if this is one (an `.integer` is not converted).
    public var doubleValue: Double? {
        if case .double(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The elements, if this is an array.
    public var elements: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The members in order, if this is an object.
    public var members: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The value of the member named `key`, if this is an object that has one; the first such member of an
    /// object built with a repeated key. Keys compare scalar by scalar, as the parser compares them for
    /// duplicates: `"é"` (U+00E9) and `"e\u{301}"` are different keys, although Swift's `==` calls them equal.
    /// A linear search: StoreKit objects have a few dozen members.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for (name, value) in members where name.utf8.elementsEqual(key.utf8) { return value }
        return nil
    }

    /// The element at `index`, if this is an array that long.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let values) = self, values.indices.contains(index) else { return nil }
        return values[index]
    }
}

// MARK: - Equality

extension JSONValue: Equatable {
    /// Whether two values are the same JSON value, kind included: strings with the same Unicode scalars (not
    /// merely canonically equivalent), numbers of the same kind and value (doubles by bit pattern, so `-0.0` and
    /// `0.0` differ), arrays element by element, objects member by member in order.
    ///
    /// Iterative, so a deep value built in code compares without deep recursion.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.string(let a), .string(let b)):
                guard a.utf8.elementsEqual(b.utf8) else { return false }
            case (.integer(let a), .integer(let b)):
                guard a == b else { return false }
            case (.double(let a), .double(let b)):
                guard a.bitPattern == b.bitPattern else { return false }
            case (.bool(let a), .bool(let b)):
                guard a == b else { return false }
            case (.null, .null):
                continue
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for (left, right) in zip(a, b) {
                    guard left.0.utf8.elementsEqual(right.0.utf8) else { return false }
                    pending.append((left.1, right.1))
                }
            default:
                return false
            }
        }
        return true
    }
}
