// SET OF (X.690 §8.12, §11.6) and the component order of SET (§10.3).

extension DERReader {
    /// Reads a SET OF (or an IMPLICIT-tagged one, such as CMS `[0] IMPLICIT SET OF Attribute`) whose contents
    /// `body` must read completely, after checking that its components are in the ascending order of their
    /// encodings that DER requires (X.690 §11.6) unless the rules allow any order.
    @inlinable
    public mutating func readSetOf<T>(
        tag: DERTag = .set,
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        let scope = try enter(required: tag)
        return try read(within: scope) { reader throws(DERError) in
            try reader.checkComponentOrder(.encodings)
            return try body(&reader)
        }
    }

    /// Reads a SET OF (or an IMPLICIT-tagged one) whose components are constructed elements with
    /// `componentTag`, such as a SET OF SEQUENCE, handing `body` this reader narrowed to each component's
    /// contents in turn, which it must read completely. DER order (X.690 §11.6) is checked as the components go
    /// by, unless the rules allow any order: each component is read once, where ``readSetOf(tag:_:)`` reads them
    /// all a first time for the order. The errors of a component's header come before its order is judged, those of
    /// its contents after. Returns how many components there were.
    @inlinable
    @discardableResult
    package mutating func readSetOf(
        tag: DERTag = .set,
        eachConstructed componentTag: DERTag,
        _ body: (inout DERReader) throws(DERError) -> Void
    ) throws(DERError) -> Int {
        let set = try enter(required: tag)
        defer { leave(set) }
        var previous = 0..<0  // the previous component's encoding; none yet
        var count = 0
        while !isAtEnd {
            previous = try readSetOfComponent(componentTag, after: previous, body)
            count += 1
        }
        return count
    }

    /// Reads the next component of a SET OF as ``readSetOf(tag:eachConstructed:_:)`` reads each: a constructed
    /// element with `componentTag`, whose order after the component encoded at `previous` (empty for the first)
    /// is checked before `body` reads its contents completely. Returns the component's encoding, for the next.
    @inlinable
    package mutating func readSetOfComponent(
        _ componentTag: DERTag,
        after previous: Range<Int>,
        _ body: (inout DERReader) throws(DERError) -> Void
    ) throws(DERError) -> Range<Int> {
        let component = try enter(required: componentTag)
        try checkSetOfOrder(component.element, after: previous)
        try body(&self)
        try finish()
        leave(component)
        return component.element
    }

    /// Moves past the next component of a SET OF, encoded at `component`, which a ``ShortFormScanner`` over this
    /// reader (``withShortFormScanner(_:)``) has read whole, with the checks ``readSetOfComponent(_:after:_:)``
    /// makes before reading contents: the depth of a constructed component, then its order after `previous`.
    ///
    /// - Precondition: `component` starts at this reader's position and ends within its contents.
    package mutating func acceptSetOfComponent(_ component: Range<Int>, after previous: Range<Int>) throws(DERError) {
        precondition(component.lowerBound == position && component.upperBound <= end, "not the next component")
        try checkDepth(at: component.lowerBound)
        try checkSetOfOrder(component, after: previous)
        position = component.upperBound
    }

    /// Runs `body` with a ``ShortFormScanner`` over the bytes this reader has not read, which the scanner leaves
    /// unread: a caller that takes what it scanned moves past it with a method such as
    /// ``acceptSetOfComponent(_:after:)``, which makes the checks that belong to this reader.
    @inlinable
    package func withShortFormScanner<Result>(_ body: (inout ShortFormScanner) -> Result) -> Result {
        input.withShortFormScanner(over: position..<end, body)
    }

    /// Throws ``DERError/Code/setOfNotSorted`` if the component encoded at `component` sorts before the one at
    /// `previous` (empty for the first component), unless the rules allow any order.
    @usableFromInline
    func checkSetOfOrder(_ component: Range<Int>, after previous: Range<Int>) throws(DERError) {
        guard !rules.allowsUnsortedSetOf, !previous.isEmpty, DERWriter.derSetOrder(of: component, previous, in: input)
        else { return }
        throw DERError(.setOfNotSorted, at: component.lowerBound, "SET OF component sorts before the one preceding it")
    }

    /// The order DER requires of the components of a SET (their tags) or a SET OF (their encodings).
    @usableFromInline
    enum ComponentOrder {
        case tags
        case encodings
    }

    /// Unless the rules allow any order, reads every component ahead of this reader's position (each through
    /// ``readBounds(_:)``, with all its checks) and throws ``DERError/Code/setOfNotSorted`` at the first that is
    /// out of `order`; then returns to the first component.
    @usableFromInline
    mutating func checkComponentOrder(_ order: ComponentOrder) throws(DERError) {
        guard !rules.allowsUnsortedSetOf else { return }
        let start = position
        var previous: ElementBounds? = nil
        while let component = try readBounds(nil) {
            if let previous {
                switch order {
                case .tags:
                    // Distinct tags in ascending order: by class, then by number (X.680 §8.6).
                    guard
                        (previous.tag.tagClass.rawValue, previous.tag.number)
                            < (component.tag.tagClass.rawValue, component.tag.number)
                    else {
                        throw DERError(
                            .setOfNotSorted,
                            at: component.start,
                            "SET components are not in the canonical order of their tags"
                        )
                    }
                case .encodings:
                    try checkSetOfOrder(component.start..<component.end, after: previous.start..<previous.end)
                }
            }
            previous = component
        }
        position = start
    }
}
