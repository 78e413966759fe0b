import PureDER

extension FuzzTargets {
    /// The DER reader. Invariants:
    /// - no input traps, hangs or exhausts memory (libFuzzer's -timeout and -rss_limit_mb watch the last two);
    /// - a strict DER parse re-encodes through `DERWriter` to exactly the input bytes;
    /// - BER mode accepts everything strict DER accepts, with the same elements;
    /// - every typed decoder, applied to every primitive element, returns or throws; OIDs survive their dotted
    ///   text and times the calendar round trip;
    /// - the cursor's typed reads, SET OF order checks and OCTET STRING joins return or throw.
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
        return nil
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
