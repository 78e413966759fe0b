import PureDER
import PureJSON

// Values of the shapes, written into any sink. Here, beside the shapes, so that the compiler specializes them for
// each sink with the shapes that call them.

extension JSONSink {
    /// A string, or null.
    mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// An integer, or null.
    mutating func integer(_ number: Int64?) {
        if let number { integer(number) } else { null() }
    }

    /// A Boolean, or null.
    mutating func bool(_ flag: Bool?) {
        if let flag { bool(flag) } else { null() }
    }

    /// An RFC 3339 UTC date, as ``UTCDateTime/rfc3339(secondsSince1970:)`` writes it, or null.
    mutating func date(_ seconds: Int64?) {
        guard let seconds else { return null() }
        guard let instant = UTCDateTime(secondsSince1970: seconds) else {
            return string(UTCDateTime.rfc3339(secondsSince1970: seconds))
        }
        asciiString(count: UTCDateTime.rfc3339Length) { instant.writeRFC3339(into: $0) }
    }

    /// Bytes as a string of lowercase hexadecimal digits, two per byte, as `Hex.encode` writes them, or null.
    mutating func hexString(_ bytes: ArraySlice<UInt8>?) {
        guard let bytes else { return null() }
        asciiString(count: 2 * bytes.count) { digits in
            bytes.withUnsafeBufferPointer { Hex.write($0, into: digits) }
        }
    }
}
