// OCTET STRING (X.690 §8.7): primitive in DER; in BER, possibly constructed from segments.

extension DERReader {
    /// Reads an OCTET STRING (or an IMPLICIT-tagged one) and returns its value.
    ///
    /// Primitive: a view into the input. Constructed, where ``EncodingRules/allowsConstructedOctetString``
    /// permits: the segments (OCTET STRINGs, possibly constructed themselves, X.690 §8.7.3) joined into a new
    /// buffer, whose indices start at zero.
    public mutating func readOctetString(tag: DERTag = .octetString) throws(DERError) -> ArraySlice<UInt8> {
        if let primitive = try readBounds(tag.asPrimitive) { return input[primitive.contents] }
        guard let constructed = try readBounds(tag.asConstructed) else {
            throw missing(tag)
        }
        // A universal OCTET STRING's construction was checked against the rules with its header; this is for
        // IMPLICIT tags.
        guard rules.allowsConstructedOctetString else {
            throw DERError(.invalidConstruction, at: constructed.start, "constructed OCTET STRING, which DER forbids")
        }
        return try joinSegments(of: element(constructed))
    }

    /// Joins a constructed OCTET STRING's segments depth-first, with an explicit stack instead of recursion.
    private func joinSegments(of element: DERElement) throws(DERError) -> ArraySlice<UInt8> {
        var joined: [UInt8] = []
        joined.reserveCapacity(element.content.count)
        var stack = [try reader(forContentsOf: element)]
        while var top = stack.popLast() {
            guard !top.isAtEnd else { continue }
            let segment = try top.readElement()
            stack.append(top)
            guard segment.tag.asPrimitive == .octetString else {
                throw DERError(
                    .unexpectedTag,
                    at: segment.offset,
                    "segment of a constructed OCTET STRING is \(segment.tag)"
                )
            }
            if segment.tag.isConstructed {
                stack.append(try top.reader(forContentsOf: segment))
            } else {
                joined.append(contentsOf: segment.content)
            }
        }
        return joined[...]
    }
}
