/// Finding the end-of-contents octets that close an indefinite-length element (BER, X.690 §8.1.3.6).
enum EndOfContents {
    /// The index of the end-of-contents octets that close the indefinite-length element starting at
    /// `elementStart`, whose contents start at `contentStart` and must close before `end`. Nested elements are
    /// read through ``DERHeader/read(_:at:end:rules:expecting:closingIndefinite:)``, with all its checks, and
    /// skipped without recursion; `depth` is the element's own depth.
    static func find(
        _ input: ArraySlice<UInt8>,
        elementStart: Int,
        contentStart: Int,
        end: Int,
        depth: Int,
        rules: EncodingRules
    ) throws(DERError) -> Int {
        // `open` indefinite-length elements enclose the scan position, the innermost at depth + open - 1, so its
        // children sit at depth + open. Opening one is refused, at its own offset, when they would be too deep.
        guard depth < DERLimits.maximumDepth else {
            throw DERError(
                .depthLimitExceeded,
                at: elementStart,
                "nesting deeper than \(DERLimits.maximumDepth) levels"
            )
        }
        var open = 1
        var index = contentStart
        while true {
            guard
                let header = try DERHeader.read(
                    input,
                    at: index,
                    end: end,
                    rules: rules,
                    expecting: nil,
                    closingIndefinite: true
                )
            else {
                throw DERError(
                    .missingEndOfContents,
                    at: elementStart,
                    "indefinite-length element without end-of-contents"
                )
            }
            if let length = header.contentLength {
                if header.tag.tagClass == .universal && header.tag.number == 0 {  // end-of-contents, `00 00`
                    open -= 1
                    if open == 0 { return index }
                }
                index += header.length + length
            } else {
                guard depth + open < DERLimits.maximumDepth else {
                    throw DERError(
                        .depthLimitExceeded,
                        at: index,
                        "nesting deeper than \(DERLimits.maximumDepth) levels"
                    )
                }
                open += 1
                index += header.length
            }
        }
    }
}
