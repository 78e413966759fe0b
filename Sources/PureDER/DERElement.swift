/// One element (tag, length, contents) as a view into the input: nothing is copied.
public struct DERElement: Sendable, Hashable {
    /// The element's tag.
    public let tag: DERTag
    /// The whole encoding: identifier, length, contents, and for an indefinite length the end-of-contents octets.
    /// Signatures are checked over these original bytes, never over a re-encoding.
    public let encoded: ArraySlice<UInt8>
    /// How many identifier and length octets precede the contents.
    public let headerLength: Int
    /// Whether the length was indefinite (BER only).
    public let isIndefiniteLength: Bool

    // One stored view: each view held shares ownership of the input buffer, so the contents are cut from it when
    // asked for.
    init(tag: DERTag, encoded: ArraySlice<UInt8>, headerLength: Int, isIndefiniteLength: Bool) {
        self.tag = tag
        self.encoded = encoded
        self.headerLength = headerLength
        self.isIndefiniteLength = isIndefiniteLength
    }

    /// The element at `bounds` in `bytes`, as a view of them.
    package init(_ bounds: ElementBounds, in bytes: ArraySlice<UInt8>) {
        self.init(
            tag: bounds.tag,
            encoded: bytes[bounds.start..<bounds.end],
            headerLength: bounds.contents.lowerBound - bounds.start,
            isIndefiniteLength: bounds.isIndefiniteLength
        )
    }

    /// The contents octets, without end-of-contents octets.
    public var content: ArraySlice<UInt8> {
        encoded[(encoded.startIndex + headerLength)..<(encoded.startIndex + headerLength + contentLength)]
    }

    /// How many contents octets there are.
    public var contentLength: Int { encoded.count - headerLength - (isIndefiniteLength ? 2 : 0) }

    /// The index in the input of the first identifier octet.
    public var offset: Int { encoded.startIndex }

    /// Runs `body` over the contents octets where they lie in the input, without a view of them to retain and
    /// release.
    @inlinable
    func withContents<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let start = encoded.startIndex + headerLength
        return try encoded.withOctets(at: start..<start + contentLength, body)
    }
}
