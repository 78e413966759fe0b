// BOOLEAN and NULL (X.690 §8.2, §8.8, §11.1).

extension DERElement {
    /// The contents as a DER BOOLEAN: one octet, 0x00 or 0xFF (X.690 §11.1).
    public func boolean() throws(DERError) -> Bool {
        guard content.count == 1, let octet = content.first, octet == 0x00 || octet == 0xFF else {
            throw DERError(.invalidBoolean, at: offset, "BOOLEAN must be one octet, 00 or FF")
        }
        return octet == 0xFF
    }

    /// Checks the contents are those of a NULL: none at all (X.690 §8.8.2).
    public func null() throws(DERError) {
        guard content.isEmpty else {
            throw DERError(.invalidNull, at: offset, "NULL with \(content.count) content octets")
        }
    }
}

extension DERReader {
    /// Reads a BOOLEAN.
    public mutating func readBoolean(tag: DERTag = .boolean) throws(DERError) -> Bool {
        try readElement(tag).boolean()
    }

    /// Reads a BOOLEAN that DER omits when it equals `defaultValue`; an explicitly encoded default is an error
    /// (X.690 §11.5).
    public mutating func readBoolean(tag: DERTag = .boolean, default defaultValue: Bool) throws(DERError) -> Bool {
        guard let element = try readOptionalElement(tag) else { return defaultValue }
        let value = try element.boolean()
        guard value != defaultValue else {
            throw DERError(.invalidBoolean, at: element.offset, "BOOLEAN equal to its DEFAULT must be omitted")
        }
        return value
    }

    /// Reads a NULL.
    public mutating func readNull(tag: DERTag = .null) throws(DERError) {
        try readElement(tag).null()
    }
}
