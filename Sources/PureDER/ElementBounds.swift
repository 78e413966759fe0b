/// Where one element lies in its input, as indices: what a read finds before it makes any view of the input.
///
/// Views (`ArraySlice`) retain the input and release it again; the readers that need none (integers decoded in
/// place, constructed elements read in place, values kept as indices) work from these bounds.
@usableFromInline
package struct ElementBounds: Sendable {
    /// The element's tag.
    @usableFromInline
    package let tag: DERTag
    /// The index of its first identifier octet.
    @usableFromInline
    package let start: Int
    /// The indices of its contents octets, without end-of-contents octets.
    @usableFromInline
    package let contents: Range<Int>
    /// The index just past the element, end-of-contents octets included.
    @usableFromInline
    package let end: Int

    @usableFromInline
    init(tag: DERTag, start: Int, contents: Range<Int>, end: Int) {
        self.tag = tag
        self.start = start
        self.contents = contents
        self.end = end
    }

    /// Whether the length was indefinite (BER): end-of-contents octets follow the contents.
    var isIndefiniteLength: Bool { contents.upperBound != end }

    /// Reads the element at `start`, before `end`: its header
    /// (``DERHeader/read(_:at:end:rules:expecting:closingIndefinite:)``, with every check and the same `nil` for
    /// the end or another tag than `expected`), and for an indefinite length the end-of-contents octets that close
    /// it. `depth` is the element's own depth.
    @inline(__always)
    static func read(
        _ input: ArraySlice<UInt8>,
        at start: Int,
        end: Int,
        rules: EncodingRules,
        depth: Int,
        expecting expected: DERTag?
    ) throws(DERError) -> ElementBounds? {
        guard
            let header = try DERHeader.read(
                input,
                at: start,
                end: end,
                rules: rules,
                expecting: expected,
                closingIndefinite: false
            )
        else { return nil }
        let contentStart = start + header.length
        if let length = header.contentLength {
            return ElementBounds(
                tag: header.tag,
                start: start,
                contents: contentStart..<contentStart + length,
                end: contentStart + length
            )
        }
        let endOfContents = try EndOfContents.find(
            input,
            elementStart: start,
            contentStart: contentStart,
            end: end,
            depth: depth,
            rules: rules
        )
        return ElementBounds(
            tag: header.tag,
            start: start,
            contents: contentStart..<endOfContents,
            end: endOfContents + 2
        )
    }
}
