import PureJSON

/// Reads the documented fields of one payload object with the JSON types Apple documents for them.
///
/// Every reader returns `nil` for `null`, as for an absent field (Apple's own decoders do the same). Any other
/// value of another type is a ``SignedDataError/Code/wrongType`` naming the field by its path (`data.status`),
/// never a value quietly dropped or converted.
struct FieldReader {
    /// The object's path, `""` at the top of a payload, else ending with `.` (`data.`).
    let prefix: String

    /// A member name to switch on: only ASCII names can be documented fields, and for ASCII text Swift's `==`
    /// is byte equality, as the JSON parser's duplicate check is. (Under the canonical equivalence `==` applies
    /// to other text, U+212A KELVIN SIGN would equal `K`.)
    private static func documentedName(_ name: String) -> Bool {
        name.utf8.allSatisfy { $0 < 0x80 }
    }

    func error(_ code: SignedDataError.Code, _ name: String, _ reason: String) -> SignedDataError {
        SignedDataError(.payload, code, reason, part: .payload, field: prefix + name)
    }

    func string(_ value: JSONValue, _ name: String) throws(SignedDataError) -> String? {
        if value.isNull { return nil }
        guard let text = value.stringValue else { throw error(.wrongType, name, "not a string") }
        return text
    }

    func bool(_ value: JSONValue, _ name: String) throws(SignedDataError) -> Bool? {
        if value.isNull { return nil }
        guard let flag = value.boolValue else { throw error(.wrongType, name, "not a Boolean") }
        return flag
    }

    /// An integer written without fraction or exponent (PureJSON keeps it exact in `Int64`).
    func int64(_ value: JSONValue, _ name: String) throws(SignedDataError) -> Int64? {
        if value.isNull { return nil }
        guard let number = value.integerValue else { throw error(.wrongType, name, "not an integer") }
        return number
    }

    /// An integer Apple documents as `int32`.
    func int32(_ value: JSONValue, _ name: String) throws(SignedDataError) -> Int32? {
        guard let number = try int64(value, name) else { return nil }
        guard let narrow = Int32(exactly: number) else {
            throw error(.valueOutOfRange, name, "\(number) does not fit int32")
        }
        return narrow
    }

    /// A timestamp: milliseconds since 1970. App Store data writes integers. Xcode's StoreKit testing writes
    /// fractional milliseconds (`1697679936056.485`): such a number is floored to whole milliseconds, the one
    /// place a number is not kept exactly (the object itself, with the fraction, is kept in the payload's
    /// `json`). A number beyond `Int64` milliseconds is ``SignedDataError/Code/valueOutOfRange``.
    func date(_ value: JSONValue, _ name: String) throws(SignedDataError) -> Int64? {
        switch value {
        case .null:
            return nil
        case .integer(let milliseconds):
            return milliseconds
        case .double(let milliseconds):
            // 2^63 is exactly representable; every finite double below it and at or above -2^63 truncates into
            // Int64. Flooring by hand: `rounded(.down)` needs libm, which the wasm build has not.
            guard milliseconds >= -9_223_372_036_854_775_808.0, milliseconds < 9_223_372_036_854_775_808.0 else {
                throw error(.valueOutOfRange, name, "\(value.text) milliseconds do not fit Int64")
            }
            let truncated = Int64(milliseconds)
            return Double(truncated) > milliseconds ? truncated - 1 : truncated
        default:
            throw error(.wrongType, name, "not a number of milliseconds")
        }
    }

    /// An array of strings.
    func strings(_ value: JSONValue, _ name: String) throws(SignedDataError) -> [String]? {
        if value.isNull { return nil }
        guard let elements = value.elements else { throw error(.wrongType, name, "not an array") }
        var texts: [String] = []
        texts.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue else {
                throw error(.wrongType, "\(name)[\(index)]", "not a string")
            }
            texts.append(text)
        }
        return texts
    }

    /// An object kept as it is (Advanced Commerce and commitment information, whose own fields this module
    /// does not model).
    func object(_ value: JSONValue, _ name: String) throws(SignedDataError) -> JSONValue? {
        if value.isNull { return nil }
        guard value.members != nil else { throw error(.notAnObject, name, "not a JSON object") }
        return value
    }

    /// A value of an open set written as a string.
    func value<Value: RawRepresentable>(
        _ value: JSONValue,
        _ name: String,
        as type: Value.Type
    ) throws(SignedDataError) -> Value? where Value.RawValue == String {
        try string(value, name).flatMap(Value.init(rawValue:))
    }

    /// A value of an open set written as an `int32`.
    func value<Value: RawRepresentable>(
        _ value: JSONValue,
        _ name: String,
        as type: Value.Type
    ) throws(SignedDataError) -> Value? where Value.RawValue == Int32 {
        try int32(value, name).flatMap(Value.init(rawValue:))
    }

    /// Reads the object at `path` (`""` for the payload itself) with `body`, the one loop of every payload type's
    /// decoding: `body` gets each member whose name can be documented (``documentedName(_:)``), in the order
    /// written, with a reader that names fields by their path; a type's `switch` on the name is its table of
    /// fields. A payload decoded as `kind` is first checked against the kinds its members mark.
    static func readMembers(
        of object: JSONValue,
        path: String = "",
        as kind: SignedDataKind? = nil,
        _ body: (FieldReader, String, JSONValue) throws(SignedDataError) -> Void
    ) throws(SignedDataError) {
        let written = try members(of: object, path: path)
        try kind?.check(written)
        let read = FieldReader(prefix: path.isEmpty ? "" : path + ".")
        for (name, value) in written where documentedName(name) {
            try body(read, name, value)
        }
    }

    /// The members of `value`, which must be an object: the payload itself, or a nested object the payload
    /// documents (`data`, `summary`, …).
    static func members(
        of value: JSONValue,
        path: String
    ) throws(SignedDataError) -> [(String, JSONValue)] {
        guard let members = value.members else {
            throw SignedDataError(
                .payload,
                .notAnObject,
                path.isEmpty ? "the payload is not a JSON object" : "not a JSON object",
                part: .payload,
                field: path.isEmpty ? nil : path
            )
        }
        return members
    }

    /// The members of `object` whose names are not in `documented`, compared by bytes, in the order written.
    static func undocumented(_ object: JSONValue, _ documented: [String]) -> [(String, JSONValue)] {
        (object.members ?? []).filter { member in
            !documented.contains { member.0.utf8.elementsEqual($0.utf8) }
        }
    }
}
