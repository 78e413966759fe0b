import PureJSON

/// A field Apple documents for a payload object, with the JSON type Apple documents for it.
///
/// Each payload type lists its fields in one table (`fields`), which ``FieldChecker`` checks a decoded object
/// against once; the type's properties then read their members from the object itself (``JSONValue`` accessors
/// below). One table and one checking loop for every payload type, rather than a decoder per field.
struct DocumentedField: Sendable {
    /// The JSON type a field must have; `null` is accepted for every type and read as absent, as Apple's own
    /// decoders do.
    enum ValueType: Sendable {
        /// A string, or a value of an open set written as a string.
        case string
        /// `true` or `false`.
        case bool
        /// An integer written without fraction or exponent, within `Int64`.
        case int64
        /// An integer Apple documents as `int32` (or a value of an open set written as one).
        case int32
        /// Milliseconds since 1970: an integer, or a number with a fraction (Xcode), floored.
        case date
        /// An array of strings.
        case strings
        /// An object kept as it is.
        case object
        /// An object whose own documented fields are checked in turn (a notification's `data`, `summary`, …).
        case nested([DocumentedField])
        /// A nested object of which the payload carries one at most: Apple documents a notification's `data`,
        /// `summary`, `externalPurchaseToken` and `appData` as mutually exclusive, each saying whose data it is.
        case exclusive([DocumentedField])
    }

    /// The name, as Apple writes it (ASCII).
    let name: String
    /// The type it must have.
    let type: ValueType

    init(_ name: String, _ type: ValueType) {
        self.name = name
        self.type = type
    }

    /// Whole milliseconds of a date field's value: an integer as it is, a number with a fraction floored (Xcode's
    /// StoreKit testing writes `1697679936056.485`; the one place a number is not kept exactly, the object keeps
    /// it); `nil` for another value or a number beyond `Int64`.
    static func milliseconds(_ value: JSONValue) -> Int64? {
        switch value {
        case .integer(let milliseconds):
            return milliseconds
        case .double(let milliseconds):
            // 2^63 is exactly representable; every finite double below it and at or above -2^63 truncates into
            // Int64. Flooring by hand: `rounded(.down)` needs libm, which the wasm build has not.
            guard milliseconds >= -9_223_372_036_854_775_808.0, milliseconds < 9_223_372_036_854_775_808.0 else {
                return nil
            }
            let truncated = Int64(milliseconds)
            return Double(truncated) > milliseconds ? truncated - 1 : truncated
        default:
            return nil
        }
    }
}

/// Checks the documented fields of one payload object against the types Apple documents for them.
///
/// A value of another type is a ``SignedDataError/Code/wrongType`` (a nested object that is not one,
/// ``SignedDataError/Code/notAnObject``; an `int32` or date out of range, ``SignedDataError/Code/valueOutOfRange``)
/// naming the field by its path (`data.status`), never a value quietly dropped or converted. Members are checked
/// in the order written, so the first wrong one is reported.
struct FieldChecker {
    /// The object's path, `""` at the top of a payload, else ending with `.` (`data.`).
    let prefix: String

    /// Checks `object` (`path` is `""` for the payload itself) against `fields`; a payload checked as `kind` is
    /// first checked against the kinds its members mark.
    static func check(
        _ object: JSONValue,
        path: String = "",
        fields: [DocumentedField],
        as kind: SignedDataKind? = nil
    ) throws(SignedDataError) {
        let written = try members(of: object, path: path)
        try kind?.check(written)
        let checker = FieldChecker(prefix: path.isEmpty ? "" : path + ".")
        var sawExclusive = false
        for (name, value) in written where !value.isNull {
            // Names compare by bytes, as the JSON parser's duplicate check does (Swift's `==` would equate
            // canonically equivalent text).
            guard let field = fields.first(where: { $0.name.utf8.elementsEqual(name.utf8) }) else { continue }
            if case .exclusive = field.type {
                guard !sawExclusive else {
                    throw checker.error(.exclusiveFields, name, "mutually exclusive with another member")
                }
                sawExclusive = true
            }
            try checker.check(value, as: field)
        }
    }

    private func check(_ value: JSONValue, as field: DocumentedField) throws(SignedDataError) {
        let name = field.name
        switch field.type {
        case .string:
            guard value.stringValue != nil else { throw error(.wrongType, name, "not a string") }
        case .bool:
            guard value.boolValue != nil else { throw error(.wrongType, name, "not a Boolean") }
        case .int64:
            guard value.integerValue != nil else { throw error(.wrongType, name, "not an integer") }
        case .int32:
            guard let number = value.integerValue else { throw error(.wrongType, name, "not an integer") }
            guard Int32(exactly: number) != nil else {
                throw error(.valueOutOfRange, name, "\(number) does not fit int32")
            }
        case .date:
            guard DocumentedField.milliseconds(value) == nil else { return }
            guard case .double = value else { throw error(.wrongType, name, "not a number of milliseconds") }
            throw error(.valueOutOfRange, name, "\(value.text) milliseconds do not fit Int64")
        case .strings:
            guard let elements = value.elements else { throw error(.wrongType, name, "not an array") }
            for (index, element) in elements.enumerated() where element.stringValue == nil {
                throw error(.wrongType, "\(name)[\(index)]", "not a string")
            }
        case .object:
            guard value.members != nil else { throw error(.notAnObject, name, "not a JSON object") }
        case .nested(let fields), .exclusive(let fields):
            try Self.check(value, path: prefix + name, fields: fields)
        }
    }

    private func error(_ code: SignedDataError.Code, _ name: String, _ reason: String) -> SignedDataError {
        SignedDataError(.payload, code, reason, part: .payload, field: prefix + name)
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

// The readers of documented fields, for objects ``FieldChecker`` checked: each is `nil` for an absent member
// and for `null`, and otherwise total, since the member has the type its table gives.
extension JSONValue {
    /// The member `name`'s value, `nil` when absent or `null`.
    func field(_ name: String) -> JSONValue? {
        guard let value = self[name], !value.isNull else { return nil }
        return value
    }

    func stringField(_ name: String) -> String? { self[name]?.stringValue }

    func boolField(_ name: String) -> Bool? { self[name]?.boolValue }

    func int64Field(_ name: String) -> Int64? { self[name]?.integerValue }

    func int32Field(_ name: String) -> Int32? { int64Field(name).flatMap { Int32(exactly: $0) } }

    func dateField(_ name: String) -> Int64? { self[name].flatMap(DocumentedField.milliseconds) }

    func stringsField(_ name: String) -> [String]? {
        self[name]?.elements.map { elements in elements.compactMap { $0.stringValue } }
    }

    /// A value of an open set written as a string.
    func field<Value: RawRepresentable>(_ name: String, as type: Value.Type) -> Value?
    where Value.RawValue == String {
        stringField(name).flatMap(Value.init(rawValue:))
    }

    /// A value of an open set written as an `int32`.
    func field<Value: RawRepresentable>(_ name: String, as type: Value.Type) -> Value?
    where Value.RawValue == Int32 {
        int32Field(name).flatMap(Value.init(rawValue:))
    }
}
