/// A cursor over DER (or, where ``EncodingRules`` allow, BER) elements: reads one element per call and
/// descends only when the caller does, so signed regions stay available as the original bytes.
///
/// ```swift
/// let version = try DERReader.parse(bytes[...]) { reader throws(DERError) in
///     try reader.readSequence { sequence throws(DERError) in
///         try sequence.readInteger(as: Int.self)
///     }
/// }
/// ```
///
/// Every element is checked against the encoding rules as it is read (identifier, length, end-of-contents, the
/// constructed bit of universal types); typed reads also check the contents. Nothing is copied: elements are
/// `ArraySlice` views into the input, and offsets in errors are indices into it.
///
/// The readers that take a closure (``readSequence(_:)``, ``readConstructed(_:_:)``, ``readSetOf(tag:_:)``, …)
/// hand it this same reader, narrowed to the element's contents and one level deeper, and return it to where it
/// was, past the element, when the closure is done. The closure reads from the reader it is handed and may copy
/// it (``withRules(_:)``), but must not replace it with a reader over other bytes.
public struct DERReader: Sendable {
    /// The rules this reader and the readers made from it enforce.
    public let rules: EncodingRules
    /// The input: the bytes every index of this reader refers to. It never changes while the reader reads.
    @usableFromInline
    var input: ArraySlice<UInt8>
    /// The index of the next byte to read.
    @usableFromInline
    var position: Int
    /// The index just past the last byte this reader may read: the end of the input or of enclosing contents.
    @usableFromInline
    var end: Int
    /// The depth of the elements this reader yields.
    @usableFromInline
    var level: Int

    /// Creates a reader over `bytes` at depth 0.
    public init(_ bytes: ArraySlice<UInt8>, rules: EncodingRules = .der) {
        self.init(bytes, rules: rules, depth: 0)
    }

    /// Creates a reader over `bytes` at depth 0.
    public init(_ bytes: [UInt8], rules: EncodingRules = .der) {
        self.init(bytes[...], rules: rules, depth: 0)
    }

    /// Creates a reader over `bytes` whose elements sit at `depth`.
    @usableFromInline
    package init(_ bytes: ArraySlice<UInt8>, rules: EncodingRules, depth: Int) {
        self.input = bytes
        self.position = bytes.startIndex
        self.end = bytes.endIndex
        self.rules = rules
        self.level = depth
    }

    private init(input: ArraySlice<UInt8>, position: Int, end: Int, rules: EncodingRules, depth: Int) {
        self.input = input
        self.position = position
        self.end = end
        self.rules = rules
        self.level = depth
    }

    /// The same position and depth under other encoding rules: to read a DER structure found inside a BER
    /// envelope strictly, without losing the depth count.
    public func withRules(_ rules: EncodingRules) -> DERReader {
        DERReader(input: input, position: position, end: end, rules: rules, depth: level)
    }

    /// The depth of the elements this reader yields: 0 at the top level (``DERLimits/maximumDepth``).
    public var depth: Int { level }

    /// The bytes not yet read.
    public var remaining: ArraySlice<UInt8> { input[position..<end] }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position == end }

    /// The offset of the next byte to read.
    public var offset: Int { position }

    /// Reads `bytes` as exactly what `body` reads, failing with ``DERError/Code/trailingBytes`` if bytes remain.
    @inlinable
    public static func parse<T>(
        _ bytes: ArraySlice<UInt8>,
        rules: EncodingRules = .der,
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        var reader = DERReader(bytes, rules: rules, depth: 0)
        let value = try body(&reader)
        try reader.finish()
        return value
    }

    /// Fails with ``DERError/Code/trailingBytes`` unless every byte has been read.
    @inlinable
    public func finish() throws(DERError) {
        guard position == end else { throw Self.trailingBytes(at: position, end: end) }
    }

    @usableFromInline
    @inline(never)
    static func trailingBytes(at position: Int, end: Int) -> DERError {
        DERError(.trailingBytes, at: position, "\(end - position) bytes after the last element")
    }

    // MARK: - Elements

    /// The tag of the next element, or `nil` at the end. Reads no further than the identifier octets.
    public func peekTag() throws(DERError) -> DERTag? {
        guard position < end else { return nil }
        return try DERHeader.identifier(input, at: position, end: end).0
    }

    /// Reads the next element, whatever its tag.
    public mutating func readElement() throws(DERError) -> DERElement {
        guard let bounds = try readBounds(nil) else {
            throw missing(nil)
        }
        return element(bounds)
    }

    /// Reads the next element, which must have `tag` (class, number and constructed bit).
    public mutating func readElement(_ tag: DERTag) throws(DERError) -> DERElement {
        // The bounds first: a method of `self` called with the read as its argument would copy the reader (and
        // retain its input) before the read, as the receiver is evaluated before the argument.
        let bounds = try readBounds(required: tag)
        return element(bounds)
    }

    /// Reads the next element if it has `tag`; otherwise reads nothing and returns `nil`.
    public mutating func readOptionalElement(_ tag: DERTag) throws(DERError) -> DERElement? {
        guard let bounds = try readBounds(tag) else { return nil }
        return element(bounds)
    }

    /// A reader over the contents of a constructed element, one level deeper than this reader.
    public func reader(forContentsOf element: DERElement) throws(DERError) -> DERReader {
        guard element.tag.isConstructed else {
            throw DERError(
                .invalidConstruction,
                at: element.offset,
                "\(element.tag) is primitive, expected constructed"
            )
        }
        try checkDepth(at: element.offset)
        return DERReader(element.content, rules: rules, depth: level + 1)
    }

    // MARK: - Reading without views

    /// Reads the next element (with `tag`, when given) and moves past it; `nil`, having read nothing, at the end
    /// or when the next element has another tag. Every read of this reader comes through here.
    @inline(__always)
    package mutating func readBounds(_ tag: DERTag?) throws(DERError) -> ElementBounds? {
        let bounds = try ElementBounds.read(input, at: position, end: end, rules: rules, depth: level, expecting: tag)
        if let bounds { position = bounds.end }
        return bounds
    }

    /// Reads the next element, which must have `tag`, and moves past it.
    @usableFromInline
    mutating func readBounds(required tag: DERTag) throws(DERError) -> ElementBounds {
        guard let bounds = try readBounds(tag) else { throw missing(tag) }
        return bounds
    }

    /// Why no element with `tag` (any tag when `nil`) comes next: the end of the contents, or another tag.
    @inline(never)
    func missing(_ tag: DERTag?) -> DERError {
        Self.missingElement(tag, in: input, at: position, end: end)
    }

    /// Why no element with `tag` (any tag when `nil`) could be read at `position` of `input`, before `end`: the
    /// end, or another tag.
    static func missingElement(_ tag: DERTag?, in input: ArraySlice<UInt8>, at position: Int, end: Int) -> DERError {
        guard let tag else {
            return DERError(.truncated, at: position, "expected an identifier octet, found the end of the input")
        }
        // The tag was read and compared before `nil` was returned, so reading it again fails only at the end.
        guard let (found, _) = try? DERHeader.identifier(input, at: position, end: end) else {
            return DERError(.truncated, at: position, "expected \(tag), found the end of the contents")
        }
        return DERError(.unexpectedTag, at: position, "expected \(tag), found \(found)")
    }

    /// The element at `bounds`, as a view of the input.
    func element(_ bounds: ElementBounds) -> DERElement {
        DERElement(bounds, in: input)
    }

    /// Fails with ``DERError/Code/depthLimitExceeded`` at `offset` if the contents of an element this reader yields
    /// would sit deeper than ``DERLimits/maximumDepth``.
    func checkDepth(at offset: Int) throws(DERError) {
        guard level < DERLimits.maximumDepth else { throw Self.depthLimitExceeded(at: offset) }
    }

    @inline(never)
    static func depthLimitExceeded(at offset: Int) -> DERError {
        DERError(.depthLimitExceeded, at: offset, "nesting deeper than \(DERLimits.maximumDepth) levels")
    }
}

extension DERReader {
    /// Reads the octets at `range` of `bytes` as exactly one element with `tag` (any tag when `nil`), with the
    /// checks and errors of `parse(bytes[range], rules: rules) { try $0.readElement(tag) }`, and returns where it
    /// lies, without making a view: for callers that hold values as indices into a larger input.
    ///
    /// - Precondition: `range` lies within `bytes`.
    package static func readBounds(
        _ tag: DERTag?,
        in bytes: ArraySlice<UInt8>,
        at range: Range<Int>,
        rules: EncodingRules = .der
    ) throws(DERError) -> ElementBounds {
        precondition(range.lowerBound >= bytes.startIndex && range.upperBound <= bytes.endIndex, "range outside bytes")
        let read = try ElementBounds.read(
            bytes,
            at: range.lowerBound,
            end: range.upperBound,
            rules: rules,
            depth: 0,
            expecting: tag
        )
        guard let bounds = read else {
            throw missingElement(tag, in: bytes, at: range.lowerBound, end: range.upperBound)
        }
        guard bounds.end == range.upperBound else { throw trailingBytes(at: bounds.end, end: range.upperBound) }
        return bounds
    }
}
