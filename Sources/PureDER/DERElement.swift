/// One element (tag, length, contents) as a view into the input: nothing is copied.
public struct DERElement: Sendable, Hashable {
    /// The element's tag.
    public let tag: DERTag
    /// The whole encoding: identifier, length, contents, and for an indefinite length the end-of-contents octets.
    /// Signatures are checked over these original bytes, never over a re-encoding.
    public let encoded: ArraySlice<UInt8>
    /// The contents octets, without end-of-contents octets.
    public let content: ArraySlice<UInt8>
    /// Whether the length was indefinite (BER only).
    public let isIndefiniteLength: Bool

    init(tag: DERTag, encoded: ArraySlice<UInt8>, content: ArraySlice<UInt8>, isIndefiniteLength: Bool) {
        self.tag = tag
        self.encoded = encoded
        self.content = content
        self.isIndefiniteLength = isIndefiniteLength
    }

    /// The index in the input of the first identifier octet.
    public var offset: Int { encoded.startIndex }

    /// How many identifier and length octets precede the contents.
    public var headerLength: Int { content.startIndex - encoded.startIndex }
}
