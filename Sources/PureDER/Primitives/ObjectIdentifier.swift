/// An OBJECT IDENTIFIER, held as its contents octets (X.690 §8.19). Two OIDs are equal when their
/// encodings are, which for valid encodings is when their arcs are.
///
/// Named `OID` so as not to shadow the standard library's `ObjectIdentifier`.
public struct OID: Sendable, Hashable, CustomStringConvertible {
    /// The contents octets: base-128 subidentifiers, the first combining the first two arcs.
    public let bytes: ArraySlice<UInt8>

    /// Whether the two encode the same identifier: the same contents octets, compared where they lie rather than
    /// through the slices' indices, since certificate parsing compares OIDs often.
    public static func == (lhs: OID, rhs: OID) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBufferPointer { left in
            rhs.bytes.withUnsafeBufferPointer { right in
                for index in left.indices where left[index] != right[index] { return false }
                return true
            }
        }
    }

    /// Wraps contents octets already checked by ``validate(_:at:)``.
    init(validated bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    /// Creates an OID from its arcs, for constants written in code: `OID(1, 2, 840, 113549, 1, 1, 1)`.
    ///
    /// - Precondition: at least two arcs, the first at most 2, the second below 40 unless the first is 2.
    ///   (A programming error in a constant, never reachable from input.)
    public init(_ arcs: UInt64...) {
        guard let oid = OID(arcs: arcs) else {
            preconditionFailure("not a valid OBJECT IDENTIFIER")
        }
        self = oid
    }

    /// Creates an OID from its arcs, or `nil` if they name none (X.660 §A.2: first arc 0–2, second below 40
    /// under 0 and 1).
    public init?(arcs: [UInt64]) {
        guard arcs.count >= 2, arcs[0] <= 2, arcs[0] == 2 || arcs[1] < 40 else { return nil }
        let (first, overflow) = (arcs[0] * 40).addingReportingOverflow(arcs[1])
        guard !overflow, first < 1 << 63 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(arcs.count + 4)
        Self.appendSubidentifier(first, to: &bytes)
        for arc in arcs.dropFirst(2) {
            guard arc < 1 << 63 else { return nil }
            Self.appendSubidentifier(arc, to: &bytes)
        }
        self.bytes = bytes[...]
    }

    /// Parses dotted decimal text such as `1.2.840.113549`, or returns `nil`.
    public init?(dotted text: String) {
        var arcs: [UInt64] = []
        var current: UInt64 = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0 else { return nil }
                arcs.append(current)
                current = 0
                digits = 0
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                let (times10, overflow1) = current.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                current = sum
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        arcs.append(current)
        self.init(arcs: arcs)
    }

    /// The arcs, the first two recovered from the combined first subidentifier (X.690 §8.19.4).
    public var arcs: [UInt64] {
        var result: [UInt64] = []
        var value: UInt64 = 0
        for byte in bytes {
            value = value << 7 | UInt64(byte & 0x7F)
            guard byte & 0x80 == 0 else { continue }
            if result.isEmpty {
                let first: UInt64 = value < 40 ? 0 : (value < 80 ? 1 : 2)
                result.append(first)
                result.append(value - first * 40)
            } else {
                result.append(value)
            }
            value = 0
        }
        return result
    }

    /// Dotted decimal text, e.g. `1.2.840.113549.1.7.2`.
    public var description: String {
        var text = ""
        for (index, arc) in arcs.enumerated() {
            if index > 0 { text += "." }
            text += "\(arc)"
        }
        return text
    }

    /// Checks contents octets: non-empty, no subidentifier with a leading 0x80 octet (X.690 §8.19.2), each
    /// subidentifier at most ``DERLimits/maximumOIDArcOctets`` octets, the last octet closing one.
    static func validate(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(DERError) {
        guard !bytes.isEmpty else {
            throw DERError(.invalidObjectIdentifier, at: offset, "empty OBJECT IDENTIFIER")
        }
        var octetsInArc = 0
        for byte in bytes {
            if octetsInArc == 0 && byte == 0x80 {
                throw DERError(.invalidObjectIdentifier, at: offset, "subidentifier with a leading 0x80 octet")
            }
            octetsInArc += 1
            guard octetsInArc <= DERLimits.maximumOIDArcOctets else {
                throw DERError(
                    .objectIdentifierArcTooLarge,
                    at: offset,
                    "subidentifier longer than \(DERLimits.maximumOIDArcOctets) octets"
                )
            }
            if byte & 0x80 == 0 { octetsInArc = 0 }
        }
        guard octetsInArc == 0 else {
            throw DERError(.invalidObjectIdentifier, at: offset, "OBJECT IDENTIFIER ends inside a subidentifier")
        }
    }

    private static func appendSubidentifier(_ value: UInt64, to bytes: inout [UInt8]) {
        var shift: UInt64 = 56
        while shift > 0 && value >> shift == 0 { shift -= 7 }
        while shift > 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift) & 0x7F | 0x80)
            shift -= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: value) & 0x7F)
    }
}

extension DERElement {
    /// The contents as an OBJECT IDENTIFIER.
    public func objectIdentifier() throws(DERError) -> OID {
        try OID.validate(content, at: offset)
        return OID(validated: content)
    }
}

extension DERReader {
    /// Reads an OBJECT IDENTIFIER.
    public mutating func readObjectIdentifier(tag: DERTag = .objectIdentifier) throws(DERError) -> OID {
        let bounds = try readBounds(required: tag)
        let contents = input[bounds.contents]
        try OID.validate(contents, at: bounds.start)
        return OID(validated: contents)
    }
}
