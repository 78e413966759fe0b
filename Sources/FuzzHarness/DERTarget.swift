import PureDER

extension FuzzTargets {
    /// The DER reader. Invariants:
    /// - no input traps, hangs or exhausts memory (libFuzzer's -timeout and -rss_limit_mb watch the last two);
    /// - a strict DER parse re-encodes through `DERWriter` to exactly the input bytes;
    /// - BER mode accepts everything strict DER accepts, with the same elements;
    /// - every typed decoder, applied to every primitive element, returns or throws; OIDs survive their dotted
    ///   text and times the calendar round trip;
    /// - the cursor's typed reads, SET OF order checks and OCTET STRING joins return or throw;
    /// - `DERReader.parseElement` gives what `parse { readElement() }` gives: the same element or the same error.
    public static func der(_ input: [UInt8]) -> String? {
        let strict = try? DERTree(parsing: input, rules: .der)
        let ber = try? DERTree(parsing: input, rules: .ber)
        if let strict {
            guard strict.reencoded() == input else { return "strict DER parse does not re-encode to its input" }
            guard let ber, ber.nodes == strict.nodes else { return "BER mode rejects or differs on valid DER" }
        }
        for tree in [strict, ber] {
            guard let tree else { continue }
            for node in tree.nodes where !node.tag.isConstructed {
                if let failure = exerciseDecoders(tree.element(node)) { return failure }
            }
        }
        exerciseCursor(input, rules: .der)
        exerciseCursor(input, rules: .ber)
        for rules in [EncodingRules.der, .ber] {
            if let failure = compareWholeElementReads(input, rules: rules) { return failure }
        }
        return nil
    }

    /// `parseElement`'s short path against the general one: element (tag, bytes, header) or error (code, offset).
    private static func compareWholeElementReads(_ input: [UInt8], rules: EncodingRules) -> String? {
        func outcome(_ read: () throws(DERError) -> DERElement) -> String {
            do throws(DERError) {
                let element = try read()
                return
                    "\(element.tag) \(element.encoded.startIndex)..<\(element.encoded.endIndex) \(element.headerLength)"
            } catch {
                return "\(error.code) at \(error.offset)"
            }
        }
        let fast = outcome { () throws(DERError) in try DERReader.parseElement(input[...], rules: rules) }
        let general = outcome { () throws(DERError) in
            try DERReader.parse(input[...], rules: rules) { reader throws(DERError) in try reader.readElement() }
        }
        return fast == general ? nil : "parseElement gives \(fast), parse { readElement() } \(general)"
    }

    /// Every decoder on one element, whatever its tag, as implicit tagging would apply them.
    private static func exerciseDecoders(_ element: DERElement) -> String? {
        _ = try? element.boolean()
        _ = try? element.null()
        _ = try? element.integer(as: Int64.self)
        _ = try? element.integer(as: UInt8.self)
        _ = try? element.bitString()
        if let oid = try? element.objectIdentifier(), OID(dotted: oid.description) != oid {
            return "OID \(oid) does not survive its dotted text"
        }
        for kind: DERTag in [.utf8String, .printableString, .ia5String, .t61String, .bmpString, .universalString] {
            _ = try? element.string(as: kind)
        }
        if let seconds = (try? element.utcTime()) ?? (try? element.generalizedTime()),
            UTCDateTime(secondsSince1970: seconds)?.secondsSince1970 != seconds
        {
            return "time \(seconds) does not survive the calendar round trip"
        }
        return nil
    }

    /// The cursor as a verifier uses it: typed reads that must consume everything.
    static func exerciseCursor(_ input: [UInt8], rules: EncodingRules) {
        _ = try? DERReader.parse(input[...], rules: rules) { reader throws(DERError) in
            try reader.readSequence { sequence throws(DERError) in
                while !sequence.isAtEnd {
                    switch try sequence.peekTag() {
                    case .octetString: _ = try sequence.readOctetString()
                    case .set:
                        try sequence.readSetOf { set throws(DERError) in
                            while !set.isAtEnd { _ = try set.readElement() }
                        }
                    case .objectIdentifier: _ = try sequence.readObjectIdentifier()
                    case .integer: _ = try sequence.readIntegerBytes()
                    case .contextSpecific(0, constructed: true):
                        _ = try sequence.readExplicit(0) { inner throws(DERError) in try inner.readElement() }
                    default: _ = try sequence.readElement()
                    }
                }
            }
        }
    }
}
