/// The bounds every reader enforces, whatever the encoding rules.
///
/// A malformed input never makes a reader loop, recurse or allocate beyond these, and a declared length is
/// always checked against the bytes actually present before anything is read or allocated for it.
public enum DERLimits {
    /// The deepest an element may sit: top-level elements are at depth 0, their children at depth 1, and so
    /// on. Opening a constructed element whose children would sit deeper fails with
    /// ``DERError/Code/depthLimitExceeded``. Receipts nest about 12 deep, certificates about 8.
    public static let maximumDepth = 64

    /// The most length octets after the initial `0x8N` octet. Four allow contents up to 4 GiB − 1.
    public static let maximumLengthOctets = 4

    /// The most octets after the initial `0x1F` octet of a high-tag-number identifier: 28 bits of tag number.
    public static let maximumTagNumberOctets = 4

    /// The most octets in one OBJECT IDENTIFIER subidentifier: 9 octets carry 63 bits, so every arc fits `UInt64`.
    public static let maximumOIDArcOctets = 9

    /// The largest input a ``DERTree`` parses: 16 MiB, two hundred times the largest real receipt found
    /// (79 KiB, 187 in-app purchases).
    public static let maximumInputSize = 16 << 20

    /// The most elements one ``DERTree`` parse records. A node takes about 40 bytes and an element at least
    /// two input bytes, so a tree takes at most about twenty times its input, and never more than 40 MiB.
    public static let maximumElementCount = 1 << 20
}
