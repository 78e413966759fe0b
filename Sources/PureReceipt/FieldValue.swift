import PureDER

/// Decoding of attribute values, by the types Apple documents for each field.
///
/// Each decoder takes the value as its indices `value` in `bytes` (an attribute's ``ReceiptAttribute/Location``),
/// reads it as exactly one element through the DER reader's checks, and decodes the contents where they lie: a
/// payload has about a hundred such values, and a view of each would retain the input. Text that is not ASCII is
/// decoded from a view of the element. Text and dates, most of them short ASCII UTF8Strings or IA5Strings, are
/// read by a ``ShortFormScanner`` in that shape and by the DER reader otherwise, which also decides every error
/// (`quickly: false`: by the reader alone, for the tests that compare the two ways).
enum FieldValue {
    /// A UTF8String, IA5String or PrintableString (all three occur).
    static func string(
        in bytes: ArraySlice<UInt8>,
        at value: Range<Int>,
        field: Int,
        quickly: Bool = true
    ) throws(DERError) -> String {
        if quickly, let contents = shortText(in: bytes, at: value), let text = asciiText(in: bytes, at: contents) {
            return text
        }
        let element = try DERReader.readBounds(nil, in: bytes, at: value)
        if element.tag == .utf8String || element.tag == .ia5String,
            let text = asciiText(in: bytes, at: element.contents)
        {
            return text
        }
        let text = try DERElement(element, in: bytes).string()
        guard isText(element.tag) else {
            throw DERError(.unexpectedTag, at: value.lowerBound, "field \(field): \(element.tag) is not a text type")
        }
        return text
    }

    /// The contents of the value at `value` when it is one UTF8String or IA5String in the short form; `nil` for
    /// anything else.
    private static func shortText(in bytes: ArraySlice<UInt8>, at value: Range<Int>) -> Range<Int>? {
        bytes.withShortFormScanner(over: value) { scanner in
            guard let contents = scanner.read(.utf8String) ?? scanner.read(.ia5String), scanner.isAtEnd else {
                return nil
            }
            return contents
        }
    }

    private static func isText(_ tag: DERTag) -> Bool {
        tag == .utf8String || tag == .ia5String || tag == .printableString
    }

    /// The text of the contents at `contents` of a UTF8String or an IA5String when they are ASCII characters, which
    /// are valid in both and the same text in either; `nil` for other characters.
    private static func asciiText(in bytes: ArraySlice<UInt8>, at contents: Range<Int>) -> String? {
        bytes.withOctets(at: contents) { text in
            isASCII(text) ? String(decoding: text, as: UTF8.self) : nil
        }
    }

    /// The instant of the contents at `contents` of a UTF8String or an IA5String when they are ASCII characters:
    /// `.some(nil)` for the empty string, `nil` for other characters or text that is not a date.
    private static func asciiDate(in bytes: ArraySlice<UInt8>, at contents: Range<Int>) -> Int64?? {
        bytes.withOctets(at: contents) { text -> Int64?? in
            guard isASCII(text) else { return nil }
            guard !text.isEmpty else { return .some(nil) }
            return RFC3339.seconds(utf8: text).map { .some($0) }
        }
    }

    private static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var high: UInt8 = 0
        for byte in text { high |= byte }
        return high < 0x80
    }

    /// An INTEGER that fits Int64.
    static func integer(in bytes: ArraySlice<UInt8>, at value: Range<Int>) throws(DERError) -> Int64 {
        let element = try DERReader.readBounds(.integer, in: bytes, at: value)
        return try bytes.withOctets(at: element.contents) { contents throws(DERError) in
            try DERElement.integer(contents, as: Int64.self, at: element.start)
        }
    }

    /// An RFC 3339 date in an IA5String (or UTF8String): seconds since 1970, or `nil` for an empty string,
    /// which Apple uses for "absent".
    static func date(
        in bytes: ArraySlice<UInt8>,
        at value: Range<Int>,
        field: Int,
        quickly: Bool = true
    ) throws(DERError) -> Int64? {
        if quickly, let contents = shortText(in: bytes, at: value), let ascii = asciiDate(in: bytes, at: contents) {
            return ascii
        }
        let element = try DERReader.readBounds(nil, in: bytes, at: value)
        if element.tag == .utf8String || element.tag == .ia5String,
            let ascii = asciiDate(in: bytes, at: element.contents)
        {
            return ascii
        }
        let text = try string(in: bytes, at: value, field: field, quickly: quickly)
        guard !text.isEmpty else { return nil }
        guard let seconds = RFC3339.seconds(text) else {
            throw DERError(.invalidTime, at: value.lowerBound, "field \(field): '\(text)' is not an RFC 3339 date")
        }
        return seconds
    }
}
