/// Every element of a DER (or BER) input, parsed completely and listed in document order with its depth:
/// the view for dumps, tests and fuzzing. Verification code uses ``DERReader`` instead, which reads only
/// what it needs.
///
/// Parsing walks the input with an explicit stack (no recursion), descends into every constructed element,
/// and checks the contents of every universal primitive it knows (BOOLEAN, INTEGER, BIT STRING, NULL,
/// OBJECT IDENTIFIER, ENUMERATED, the character strings, UTCTime, GeneralizedTime). OCTET STRINGs are not
/// descended into.
public struct DERTree: Sendable {
    /// One element's position and shape.
    public struct Node: Sendable, Hashable {
        /// The element's tag.
        public let tag: DERTag
        /// The offset of its identifier octet in the input.
        public let offset: Int
        /// Identifier and length octets.
        public let headerLength: Int
        /// Contents octets, without end-of-contents octets.
        public let contentLength: Int
        /// How many constructed elements enclose it.
        public let depth: Int
        /// Whether its length was indefinite (BER).
        public let isIndefiniteLength: Bool

        /// The offset just past the element, end-of-contents octets included.
        public var endOffset: Int { offset + headerLength + contentLength + (isIndefiniteLength ? 2 : 0) }
    }

    /// The parsed input.
    public let input: ArraySlice<UInt8>
    /// The elements in document order (pre-order).
    public let nodes: [Node]

    /// Parses `input`, which must be exactly one complete element: nothing may follow it.
    public init(parsing input: ArraySlice<UInt8>, rules: EncodingRules = .der) throws(DERError) {
        var nodes: [Node] = []
        try Self.walk(input, rules: rules) { bounds, depth in
            nodes.append(
                Node(
                    tag: bounds.tag,
                    offset: bounds.start,
                    headerLength: bounds.contents.lowerBound - bounds.start,
                    contentLength: bounds.contents.count,
                    depth: depth,
                    isIndefiniteLength: bounds.isIndefiniteLength
                )
            )
        }
        self.input = input
        self.nodes = nodes
    }

    /// Parses `input` (see ``init(parsing:rules:)-(ArraySlice<UInt8>,_)``).
    public init(parsing input: [UInt8], rules: EncodingRules = .der) throws(DERError) {
        try self.init(parsing: input[...], rules: rules)
    }

    /// Reads `input` as exactly one element and every element nested in it, depth-first, checking each as the
    /// tree's nodes are checked, and hands each to `visit` with its depth. ``init(parsing:rules:)`` records them;
    /// ``DERReader/readCheckedElement()`` only checks, without an array of nodes to build.
    static func walk(
        _ input: ArraySlice<UInt8>,
        rules: EncodingRules,
        _ visit: (ElementBounds, Int) -> Void
    ) throws(DERError) {
        guard input.count <= DERLimits.maximumInputSize else {
            throw DERError(
                .inputTooLarge,
                at: input.startIndex,
                "input of \(input.count) bytes; at most \(DERLimits.maximumInputSize) are parsed"
            )
        }
        var reader = DERReader(input, rules: rules)
        // Exactly one element, before anything inside it is read.
        guard let root = try reader.readBounds(nil) else { throw reader.missing(nil) }
        try reader.finish()
        var count = 0
        // One reader, narrowed to each constructed element's contents and returned past the element when they
        // end: the stack holds where to return, as indices, where a reader per level would share ownership of the
        // input (a retain and a release per element). `segments` marks the contents of a constructed OCTET
        // STRING, whose children must be OCTET STRINGs themselves (X.690 §8.7.3.2).
        var open: [(scope: DERReader.Scope, segments: Bool)] = []
        // Counts, checks and visits the element the reader has just read, and enters it if it is constructed.
        func take(_ bounds: ElementBounds) throws(DERError) {
            let segments = open.last?.segments ?? false
            guard count < DERLimits.maximumElementCount else {
                throw DERError(
                    .elementCountExceeded,
                    at: bounds.start,
                    "more than \(DERLimits.maximumElementCount) elements"
                )
            }
            if segments && bounds.tag.asPrimitive != .octetString {
                throw DERError(
                    .unexpectedTag,
                    at: bounds.start,
                    "segment of a constructed OCTET STRING is \(bounds.tag)"
                )
            }
            count += 1
            visit(bounds, reader.depth)
            if bounds.tag.isConstructed {
                let isOctetString = bounds.tag.tagClass == .universal && bounds.tag.number == 4
                open.append((try reader.enter(bounds), segments || isOctetString))
            } else {
                try Self.checkContents(of: bounds, in: input)
            }
        }
        try take(root)
        while let innermost = open.last {
            guard !reader.isAtEnd else {
                reader.leave(innermost.scope)
                open.removeLast()
                continue
            }
            guard let bounds = try reader.readBounds(nil) else { throw reader.missing(nil) }
            try take(bounds)
        }
    }

    /// The element a node describes, as a view into the input.
    public func element(_ node: Node) -> DERElement {
        DERElement(
            tag: node.tag,
            encoded: input[node.offset..<node.endOffset],
            headerLength: node.headerLength,
            isIndefiniteLength: node.isIndefiniteLength
        )
    }

    /// Writes the tree again through ``DERWriter``: definite minimal lengths, primitive contents as they
    /// were. For a tree parsed with strict DER rules, the result equals the input byte for byte.
    package func reencoded() -> [UInt8] {
        var writer = DERWriter()
        var open: [(depth: Int, lengthIndex: Int)] = []
        for node in nodes {
            while let last = open.last, last.depth >= node.depth {
                writer.endConstructed(lengthIndex: last.lengthIndex)
                open.removeLast()
            }
            if node.tag.isConstructed {
                open.append((node.depth, writer.beginConstructed(tag: node.tag)))
            } else {
                writer.append(tag: node.tag, content: element(node).content)
            }
        }
        while let last = open.popLast() { writer.endConstructed(lengthIndex: last.lengthIndex) }
        return writer.bytes
    }

    /// Checks the contents of the primitive at `bounds` of `input` if it is a universal type whose DER form X.690
    /// constrains; the others are not viewed at all.
    static func checkContents(of bounds: ElementBounds, in input: ArraySlice<UInt8>) throws(DERError) {
        let tag = bounds.tag
        guard tag.tagClass == .universal else { return }
        var element: DERElement { DERElement(bounds, in: input) }
        switch tag.number {
        case _ where tag.isCharacterString: try element.checkString()
        case 1: _ = try element.boolean()
        case 2, 10: _ = try element.integerBytes()
        case 3: _ = try element.bitString()
        case 5: try element.null()
        case 6: _ = try element.objectIdentifier()
        case 23: _ = try element.utcTime()
        case 24: _ = try element.generalizedTime()
        default: return
        }
    }
}

extension DERReader {
    /// Reads the next element, whatever it is, after checking all of it under this reader's rules as
    /// ``DERTree`` does: every nested element's encoding and every universal primitive's contents. For fields a
    /// parser keeps or skips without interpreting (unknown algorithm parameters, name values, unused optional
    /// fields), so that not interpreting never means accepting what a strict parse of the same bytes refuses.
    public mutating func readCheckedElement() throws(DERError) -> DERElement {
        guard let bounds = try readBounds(nil) else { throw missing(nil) }
        if bounds.tag.isConstructed {
            try DERTree.walk(input[bounds.start..<bounds.end], rules: rules) { _, _ in }
        } else {
            try DERTree.checkContents(of: bounds, in: input)  // no tree to build for a primitive
        }
        return element(bounds)
    }

    /// ``readCheckedElement()``, for a field that is skipped.
    public mutating func skipElement() throws(DERError) {
        _ = try readCheckedElement()
    }
}
