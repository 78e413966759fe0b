// Constructed elements (X.690 §8.1.2.5): SEQUENCE, SET, EXPLICIT wrappers and IMPLICIT-tagged constructed types,
// read in place: the reader is narrowed to the element's contents for the closure that reads them, then returned
// past the element.

extension DERReader {
    /// What a reader narrowed to an element's contents returns to.
    @usableFromInline
    struct Scope {
        /// The element's encoding, as indices of the input; the reader returns to its end.
        @usableFromInline
        let element: Range<Int>
        /// The enclosing reader's end.
        @usableFromInline
        let end: Int
        /// The enclosing reader's depth.
        @usableFromInline
        let depth: Int
    }

    /// Reads a constructed element with `tag` (its constructed bit set) and narrows this reader to its contents,
    /// one level deeper; `nil`, having read nothing, at the end or for another tag.
    @usableFromInline
    @inline(__always)
    mutating func enter(_ tag: DERTag) throws(DERError) -> Scope? {
        guard let bounds = try readBounds(tag.asConstructed) else { return nil }
        return try enter(bounds)
    }

    /// Narrows this reader to the contents of the constructed element at `bounds`, which it has just read, one
    /// level deeper.
    @usableFromInline
    @inline(__always)
    mutating func enter(_ bounds: ElementBounds) throws(DERError) -> Scope {
        try checkDepth(at: bounds.start)
        let scope = Scope(element: bounds.start..<bounds.end, end: end, depth: level)
        position = bounds.contents.lowerBound
        end = bounds.contents.upperBound
        level += 1
        return scope
    }

    /// ``enter(_:)`` for an element that must come next.
    @usableFromInline
    mutating func enter(required tag: DERTag) throws(DERError) -> Scope {
        guard let scope = try enter(tag) else {
            throw missing(tag.asConstructed)
        }
        return scope
    }

    /// Returns this reader to the enclosing contents that `scope` was entered from, past the element.
    @inlinable
    mutating func leave(_ scope: Scope) {
        // The indices are this input's: a closure that replaced its reader by one over other bytes gets a trap, not
        // reads outside the input.
        precondition(
            input.startIndex <= scope.element.upperBound && scope.end <= input.endIndex,
            "a reader handed to a closure was replaced by a reader over other bytes"
        )
        position = scope.element.upperBound
        end = scope.end
        level = scope.depth
    }

    /// Has `body` read the contents of the element that `scope` entered, which it must read completely, and
    /// returns this reader past the element, also when `body` or the check throws.
    @inlinable
    mutating func read<T>(
        within scope: Scope,
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        defer { leave(scope) }
        let value = try body(&self)
        try finish()
        return value
    }

    /// Reads a constructed element with `tag` whose contents `body` must read completely.
    @inlinable
    public mutating func readConstructed<T>(
        _ tag: DERTag,
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        let scope = try enter(required: tag)
        return try read(within: scope, body)
    }

    /// Reads a constructed element with `tag` if it comes next; otherwise reads nothing and returns `nil`.
    @inlinable
    public mutating func readOptionalConstructed<T>(
        _ tag: DERTag,
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T? {
        guard let scope = try enter(tag) else { return nil }
        return try read(within: scope, body)
    }

    /// ``readConstructed(_:_:)``, also returning the element's whole encoding as a view of the input: for the
    /// types that keep their DER (to compare or hash it) and read their contents in place.
    @inlinable
    package mutating func readConstructedWithEncoding<T>(
        _ tag: DERTag,
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> (value: T, encoded: ArraySlice<UInt8>) {
        let scope = try enter(required: tag)
        let value = try read(within: scope, body)
        return (value, input[scope.element])
    }

    /// Reads a SEQUENCE whose contents `body` must read completely.
    @inlinable
    public mutating func readSequence<T>(_ body: (inout DERReader) throws(DERError) -> T) throws(DERError) -> T {
        try readConstructed(.sequence, body)
    }

    /// Reads a SET whose contents `body` must read completely, after checking that its components are in the
    /// canonical order of their tags that DER requires (X.690 §10.3; X.680 §8.6) unless the rules allow any
    /// order. For SET OF, use ``readSetOf(tag:_:)``.
    @inlinable
    public mutating func readSet<T>(_ body: (inout DERReader) throws(DERError) -> T) throws(DERError) -> T {
        let scope = try enter(required: .set)
        return try read(within: scope) { reader throws(DERError) in
            try reader.checkComponentOrder(.tags)
            return try body(&reader)
        }
    }

    /// Reads an EXPLICIT context-specific `[number]` wrapper, which must hold exactly one element, and has
    /// `body` read that element (X.690 §8.14.3).
    @inlinable
    public mutating func readExplicit<T>(
        _ number: UInt32,
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        let scope = try enter(required: .contextSpecific(number, constructed: true))
        return try read(within: scope) { reader throws(DERError) in
            try reader.checkSingleElement(explicit: number)
            return try body(&reader)
        }
    }

    /// Reads an EXPLICIT `[number]` wrapper if it comes next; otherwise reads nothing and returns `nil`.
    @inlinable
    public mutating func readOptionalExplicit<T>(
        _ number: UInt32,
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T? {
        try readOptionalConstructed(.contextSpecific(number, constructed: true), body)
    }

    /// Checks that the contents of the EXPLICIT `[number]` wrapper this reader is narrowed to are exactly one
    /// element, reading it through, then returns to it.
    @usableFromInline
    mutating func checkSingleElement(explicit number: UInt32) throws(DERError) {
        let start = position
        guard try readBounds(nil) != nil else {
            throw DERError(.truncated, at: start, "EXPLICIT [\(number)] wrapper is empty")
        }
        try finish()
        position = start
    }
}
