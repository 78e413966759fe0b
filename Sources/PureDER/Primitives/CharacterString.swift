// Character strings (X.680 §41; X.690 §8.23): each type's repertoire is checked, and the value is
// returned as a Swift `String`.

extension DERElement {
    /// The contents as text, decoded by the element's universal string tag.
    public func string() throws(DERError) -> String {
        try string(as: tag)
    }

    /// The contents as text, decoded as the universal string type `kind` (for IMPLICIT-tagged strings).
    ///
    /// - UTF8String: valid UTF-8.
    /// - PrintableString: `A–Z a–z 0–9 space ' ( ) + , - . / : = ?`.
    /// - IA5String: ASCII 0x00–0x7F. VisibleString: 0x20–0x7E. NumericString: digits and space.
    /// - BMPString: UCS-2 big-endian, Basic Multilingual Plane only. UniversalString: UTF-32BE scalars.
    /// - T61String: each octet read as the Latin-1 character of the same value, which is what the certificates
    ///   that use it in practice mean.
    public func string(as kind: DERTag) throws(DERError) -> String {
        guard kind.tagClass == .universal else {
            throw DERError(.unexpectedTag, at: offset, "\(kind) is not a character string type")
        }
        if try checkOctets(as: kind.number) { return withContents { String(decoding: $0, as: UTF8.self) } }
        switch kind.number {
        case 20:
            var text = ""
            for byte in content { text.unicodeScalars.append(Unicode.Scalar(byte)) }
            return text
        case 30:
            return try ucs2BigEndian()
        case 28:
            return try utf32BigEndian()
        default:
            throw DERError(.unexpectedTag, at: offset, "\(kind) is not a supported character string type")
        }
    }

    /// Checks the contents as ``string()`` does, without making the string: for values that are checked and
    /// then skipped (``DERReader/readCheckedElement()``, a Name's attribute values), where building a long text
    /// only to drop it allocated.
    package func checkString() throws(DERError) {
        // T61String (20) takes any octets; BMPString and UniversalString are rare enough to decode.
        guard try !checkOctets(as: tag.number), tag.number != 20 else { return }
        _ = try string()
    }

    /// For the types whose text is their octets read as UTF-8, UTF8String (12) and the ASCII types (18, 19, 22,
    /// 26), checks the octets where they lie and returns `true`; `false` for any other type.
    private func checkOctets(as number: UInt32) throws(DERError) -> Bool {
        switch number {
        case 12:
            guard withContents(Self.isValidUTF8) else {
                throw DERError(.invalidString, at: offset, "UTF8String is not valid UTF-8")
            }
        case 18, 19, 22, 26:
            let allowed = Self.repertoire(number)
            guard withContents({ $0.allSatisfy(allowed) }) else {
                throw DERError(.invalidString, at: offset, "\(tag) holds a character outside its set")
            }
        default:
            return false
        }
        return true
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode §3.9): ASCII at a glance, anything else decoded in place,
    /// without the generic machinery of the standard library's `String(validating:as:)`.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        if high < 0x80 { return true }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The octets allowed in NumericString (18), PrintableString (19), IA5String (22) and VisibleString (26).
    private static func repertoire(_ number: UInt32) -> (UInt8) -> Bool {
        switch number {
        case 18: return { $0 == 0x20 || ($0 >= 0x30 && $0 <= 0x39) }
        case 19: return isPrintable
        case 22: return { $0 < 0x80 }
        default: return { $0 >= 0x20 && $0 < 0x7F }
        }
    }

    private static func isPrintable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: " "), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "="), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// BMPString is UCS-2 (X.680 §41.4): each pair of octets is one character of the Basic Multilingual
    /// Plane, so surrogate code units, paired or not, are refused.
    private func ucs2BigEndian() throws(DERError) -> String {
        try fixedWidthBigEndian(
            octets: 2,
            "BMPString with an odd number of octets",
            "BMPString with a surrogate code unit"
        )
    }

    /// UniversalString is UCS-4 (X.680 §41.3): each four octets are one Unicode scalar.
    private func utf32BigEndian() throws(DERError) -> String {
        try fixedWidthBigEndian(
            octets: 4,
            "UniversalString length not a multiple of four",
            "UniversalString holds a non-character"
        )
    }

    /// Decodes contents of `octets`-wide big-endian code units, each a Unicode scalar (a surrogate is not one).
    private func fixedWidthBigEndian(
        octets width: Int,
        _ badLength: String,
        _ notAScalar: String
    ) throws(DERError) -> String {
        let content = content  // cut once, not per character
        guard content.count % width == 0 else { throw DERError(.invalidString, at: offset, badLength) }
        var text = ""
        var index = content.startIndex
        while index < content.endIndex {
            var value: UInt32 = 0
            for byte in content[index..<index + width] { value = value << 8 | UInt32(byte) }
            index += width
            guard let scalar = Unicode.Scalar(value) else { throw DERError(.invalidString, at: offset, notAScalar) }
            text.unicodeScalars.append(scalar)
        }
        return text
    }
}

extension DERReader {
    /// Reads a character string of the universal type `tag` (for example ``DERTag/utf8String``).
    public mutating func readString(_ tag: DERTag) throws(DERError) -> String {
        try readElement(tag).string()
    }

    /// Reads an IMPLICIT-tagged character string: the element has `tag`, its contents are of the universal
    /// string type `kind` (e.g. `[1] IMPLICIT IA5String` in a GeneralName).
    public mutating func readString(as kind: DERTag, tag: DERTag) throws(DERError) -> String {
        try readElement(tag).string(as: kind)
    }

    /// Reads a character string of any supported universal type, returning its tag and its text: the
    /// `DirectoryString` choice of X.509 names.
    public mutating func readAnyString() throws(DERError) -> (tag: DERTag, text: String) {
        let element = try readElement()
        return (element.tag, try element.string())
    }
}
