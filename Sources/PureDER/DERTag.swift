/// An identifier octet (or octets): class, primitive or constructed, and tag number (X.690 §8.1.2).
public struct DERTag: Sendable, Hashable, CustomStringConvertible {
    /// The four tag classes (X.690 §8.1.2.2, Table 1).
    public enum TagClass: UInt8, Sendable, Hashable {
        case universal = 0
        case application = 1
        case contextSpecific = 2
        case `private` = 3
    }

    /// The tag in one word, so that comparing two tags is one comparison: the number above the three bits of
    /// the first identifier octet's class and constructed bits (`number << 3 | class << 1 | constructed`).
    var bits: UInt64

    /// The class.
    public var tagClass: TagClass {
        get { Self.tagClass(bits >> 1 & 3) }
        set { bits = bits & ~6 | UInt64(newValue.rawValue) << 1 }
    }

    /// Whether the contents are a sequence of elements (constructed) or a value (primitive).
    public var isConstructed: Bool {
        get { bits & 1 != 0 }
        set { bits = bits & ~1 | (newValue ? 1 : 0) }
    }

    /// The tag number, below 2²⁸ (``DERLimits/maximumTagNumberOctets``).
    public var number: UInt32 {
        get { UInt32(truncatingIfNeeded: bits >> 3) }
        set { bits = bits & 7 | UInt64(newValue) << 3 }
    }

    /// Creates a tag.
    ///
    /// - Precondition: `number < 2²⁸`, the most a reader accepts (``DERLimits/maximumTagNumberOctets``).
    public init(_ tagClass: TagClass, _ number: UInt32, constructed: Bool) {
        precondition(number < 1 << 28, "DER tag number out of range")
        bits = UInt64(number) << 3 | UInt64(tagClass.rawValue) << 1 | (constructed ? 1 : 0)
    }

    private init(bits: UInt64) {
        self.bits = bits
    }

    private static func tagClass(_ bits: UInt64) -> TagClass {
        switch bits {
        case 0: return .universal
        case 1: return .application
        case 2: return .contextSpecific
        default: return .private
        }
    }

    /// A universal-class primitive tag.
    static func universal(_ number: UInt32) -> DERTag {
        DERTag(.universal, number, constructed: false)
    }

    /// A context-specific tag, `[number]`: primitive for IMPLICIT tagging of a primitive type, constructed for
    /// EXPLICIT tagging or IMPLICIT tagging of a constructed type.
    public static func contextSpecific(_ number: UInt32, constructed: Bool) -> DERTag {
        DERTag(.contextSpecific, number, constructed: constructed)
    }

    // MARK: - Universal tags (X.690 §8.1.2.2; X.680 §8.4)

    public static let endOfContents = universal(0)
    public static let boolean = universal(1)
    public static let integer = universal(2)
    public static let bitString = universal(3)
    public static let octetString = universal(4)
    public static let null = universal(5)
    public static let objectIdentifier = universal(6)
    public static let enumerated = universal(10)
    public static let utf8String = universal(12)
    public static let sequence = DERTag(.universal, 16, constructed: true)
    public static let set = DERTag(.universal, 17, constructed: true)
    public static let numericString = universal(18)
    public static let printableString = universal(19)
    public static let t61String = universal(20)
    public static let ia5String = universal(22)
    public static let utcTime = universal(23)
    public static let generalizedTime = universal(24)
    public static let visibleString = universal(26)
    public static let universalString = universal(28)
    public static let bmpString = universal(30)

    /// Whether this is one of the universal character string types that ``DERElement/string()`` decodes:
    /// UTF8String, NumericString, PrintableString, TeletexString, IA5String, VisibleString, UniversalString,
    /// BMPString.
    package var isCharacterString: Bool {
        guard tagClass == .universal else { return false }
        switch number {
        case 12, 18, 19, 20, 22, 26, 28, 30: return true
        default: return false
        }
    }

    /// The same tag with the constructed bit set.
    public var asConstructed: DERTag {
        DERTag(bits: bits | 1)
    }

    /// The same tag with the constructed bit clear.
    public var asPrimitive: DERTag {
        DERTag(bits: bits & ~1)
    }

    /// The name of a universal type, or `nil` for other classes and unassigned numbers.
    var universalName: String? {
        guard tagClass == .universal else { return nil }
        switch number {
        case 0: return "EOC"
        case 1: return "BOOLEAN"
        case 2: return "INTEGER"
        case 3: return "BIT STRING"
        case 4: return "OCTET STRING"
        case 5: return "NULL"
        case 6: return "OBJECT"
        case 7: return "OBJECT DESCRIPTOR"
        case 8: return "EXTERNAL"
        case 9: return "REAL"
        case 10: return "ENUMERATED"
        case 11: return "EMBEDDED PDV"
        case 12: return "UTF8STRING"
        case 13: return "RELATIVE-OID"
        case 14: return "TIME"
        case 16: return "SEQUENCE"
        case 17: return "SET"
        case 18: return "NUMERICSTRING"
        case 19: return "PRINTABLESTRING"
        case 20: return "T61STRING"
        case 21: return "VIDEOTEXSTRING"
        case 22: return "IA5STRING"
        case 23: return "UTCTIME"
        case 24: return "GENERALIZEDTIME"
        case 25: return "GRAPHICSTRING"
        case 26: return "VISIBLESTRING"
        case 27: return "GENERALSTRING"
        case 28: return "UNIVERSALSTRING"
        case 30: return "BMPSTRING"
        default: return nil
        }
    }

    /// `SEQUENCE`, `cont [ 0 ]`, `appl [ 3 ]`, `priv [ 1 ]`, or `univ [ 15 ]` for an unnamed universal tag.
    public var description: String {
        if let name = universalName { return name }
        let prefix: String
        switch tagClass {
        case .universal: prefix = "univ"
        case .application: prefix = "appl"
        case .contextSpecific: prefix = "cont"
        case .private: prefix = "priv"
        }
        return "\(prefix) [ \(number) ]"
    }

    // MARK: - Identifier octets

    /// The class and constructed bits of the first identifier octet.
    private var leadingBits: UInt8 { UInt8(truncatingIfNeeded: bits & 7) << 5 }

    /// The tag a first identifier octet gives its class and constructed bit; the number is the octet's low five
    /// bits unless `number` gives the one that high-tag-number octets encode.
    @inline(__always)
    init(identifierOctet first: UInt8, number: UInt32? = nil) {
        bits = UInt64(number ?? UInt32(first & 0x1F)) << 3 | UInt64(first >> 5)
    }

    /// The identifier as its one octet, for tag numbers below 31; `nil` for the high-tag-number form.
    var singleOctetIdentifier: UInt8? {
        number < 31 ? leadingBits | UInt8(truncatingIfNeeded: number) : nil
    }

    /// Appends the identifier octets: one octet for numbers below 31, else `0x1F` and base-128 digits.
    func encode(into bytes: inout [UInt8]) {
        if let octet = singleOctetIdentifier {
            bytes.append(octet)
            return
        }
        bytes.append(leadingBits | 0x1F)
        var shift = 28
        while shift > 0 && number >> UInt32(shift) == 0 { shift -= 7 }
        while shift > 0 {
            bytes.append(UInt8(truncatingIfNeeded: number >> UInt32(shift)) & 0x7F | 0x80)
            shift -= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: number) & 0x7F)
    }
}
