import PureDER

extension FuzzTargets {
    /// The DER reader in BER mode, whose relaxations Xcode's receipts need. Invariants:
    /// - no input traps, hangs or exhausts memory;
    /// - every element lies inside its parent, the first spans the input, and every indefinite-length element
    ///   ends with end-of-contents octets;
    /// - BER relaxes exactly the named rules: a BER tree with no indefinite length and no constructed OCTET
    ///   STRING is a strict DER tree with the same nodes, which re-encodes to the input;
    /// - the tree re-encoded with definite lengths parses again (without indefinite lengths) to the same tags,
    ///   depths and primitive contents, is a fixed point of re-encoding, and is strict DER unless it keeps a
    ///   constructed OCTET STRING;
    /// - the cursor's join of each constructed OCTET STRING equals the tree's segments, concatenated in order;
    /// - the cursor's typed reads under BER rules return or throw.
    public static func derBER(_ input: [UInt8]) -> String? {
        exerciseCursor(input, rules: .ber)
        guard let tree = try? DERTree(parsing: input, rules: .ber) else { return nil }
        if let failure = checkNesting(tree) { return failure }

        let usesIndefiniteLength = tree.nodes.contains { $0.isIndefiniteLength }
        let usesSegments = tree.nodes.contains(where: isConstructedOctetString)
        if !usesIndefiniteLength && !usesSegments {
            guard let strict = try? DERTree(parsing: input, rules: .der), strict.nodes == tree.nodes else {
                return "BER mode accepts a definite, unsegmented input that strict DER refuses or reads differently"
            }
            guard strict.reencoded() == input else { return "strict DER parse does not re-encode to its input" }
        }

        let definite = tree.reencoded()
        let noIndefiniteLength = EncodingRules(
            allowsIndefiniteLength: false,
            allowsConstructedOctetString: true,
            allowsUnsortedSetOf: true
        )
        guard let again = try? DERTree(parsing: definite, rules: noIndefiniteLength) else {
            return "the definite-length re-encoding of a BER tree does not parse"
        }
        guard again.nodes.count == tree.nodes.count else { return "the definite-length re-encoding has other elements" }
        for (old, new) in zip(tree.nodes, again.nodes) {
            guard old.tag == new.tag, old.depth == new.depth, !new.isIndefiniteLength else {
                return "the definite-length re-encoding changes the element at \(old.offset)"
            }
            if !old.tag.isConstructed, tree.element(old).content != again.element(new).content {
                return "the definite-length re-encoding changes the contents at \(old.offset)"
            }
        }
        guard again.reencoded() == definite else { return "re-encoding is not a fixed point" }
        if !usesSegments, (try? DERTree(parsing: definite, rules: .der)) == nil {
            return "the definite-length re-encoding of an unsegmented BER tree is not DER"
        }
        return checkSegmentJoins(tree)
    }

    private static func isConstructedOctetString(_ node: DERTree.Node) -> Bool {
        node.tag.tagClass == .universal && node.tag.number == 4 && node.tag.isConstructed
    }

    /// Every node inside its parent's contents; the first node spanning the input; end-of-contents octets
    /// closing every indefinite-length element.
    private static func checkNesting(_ tree: DERTree) -> String? {
        guard let first = tree.nodes.first, first.offset == tree.input.startIndex,
            first.endOffset == tree.input.endIndex
        else { return "the first element does not span the input" }
        var contentEnds: [Int] = []
        for node in tree.nodes {
            guard node.depth <= contentEnds.count else { return "element at \(node.offset) skips a level" }
            contentEnds.removeLast(contentEnds.count - node.depth)
            if let parentEnd = contentEnds.last, node.endOffset > parentEnd {
                return "element at \(node.offset) overruns its parent"
            }
            if node.isIndefiniteLength {
                guard node.tag.isConstructed, tree.input[node.endOffset - 2] == 0, tree.input[node.endOffset - 1] == 0
                else { return "indefinite-length element at \(node.offset) lacks end-of-contents octets" }
            }
            if node.tag.isConstructed { contentEnds.append(node.offset + node.headerLength + node.contentLength) }
        }
        return nil
    }

    /// The cursor's join of every constructed OCTET STRING against the tree's primitive segments.
    private static func checkSegmentJoins(_ tree: DERTree) -> String? {
        for (index, node) in tree.nodes.enumerated() where isConstructedOctetString(node) {
            var expected: [UInt8] = []
            for inner in tree.nodes[(index + 1)...] {
                guard inner.depth > node.depth else { break }
                if !inner.tag.isConstructed { expected += tree.element(inner).content }
            }
            var reader = DERReader(tree.element(node).encoded, rules: .ber)
            guard let joined = try? reader.readOctetString(), reader.isAtEnd else {
                return "the cursor refuses the constructed OCTET STRING at \(node.offset) that the tree accepts"
            }
            guard joined.elementsEqual(expected) else {
                return "the join of the OCTET STRING at \(node.offset) differs from its segments"
            }
        }
        return nil
    }
}
