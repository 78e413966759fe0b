/// Which encoding rules a reader enforces: strict DER, or a named relaxation of it.
///
/// This is the one place where relaxations are named. Each flag is off in ``der``. Every relaxation exists
/// because real input needs it, and each is used only where that input occurs:
///
/// - ``allowsIndefiniteLength`` relaxes §10.1 (DER lengths are definite): Xcode StoreKit-testing receipts have
///   indefinite lengths on six layers of the PKCS#7 envelope (and BouncyCastle writes the certificates `[0]`
///   wrapper so).
/// - ``allowsConstructedOctetString`` relaxes §10.2 (DER strings are primitive): the same receipts' eContent is a
///   segmented OCTET STRING.
/// - ``allowsUnsortedSetOf`` relaxes §11.6 (DER sorts SET OF components): the same receipts' payload SET OF is
///   unsorted (the payload's only relaxation).
///
/// No mode accepts non-minimal lengths or tags, BOOLEANs other than 00/FF, non-minimal INTEGERs, or
/// non-DER times: no real receipt or certificate found needs them.
public struct EncodingRules: Sendable, Hashable {
    /// Indefinite lengths, closed by end-of-contents octets, on constructed elements (X.690 §8.1.3.6).
    public var allowsIndefiniteLength: Bool
    /// A constructed OCTET STRING whose segments are joined to form the value (X.690 §8.7.3).
    public var allowsConstructedOctetString: Bool
    /// SET OF components in any order.
    public var allowsUnsortedSetOf: Bool

    /// Creates a rule set; every relaxation defaults to off.
    public init(
        allowsIndefiniteLength: Bool = false,
        allowsConstructedOctetString: Bool = false,
        allowsUnsortedSetOf: Bool = false
    ) {
        self.allowsIndefiniteLength = allowsIndefiniteLength
        self.allowsConstructedOctetString = allowsConstructedOctetString
        self.allowsUnsortedSetOf = allowsUnsortedSetOf
    }

    /// Strict DER (X.690 §10–11), the default everywhere.
    public static let der = EncodingRules()

    /// The BER subset that Xcode StoreKit-testing receipts use: every relaxation above, and nothing more.
    public static let ber = EncodingRules(
        allowsIndefiniteLength: true,
        allowsConstructedOctetString: true,
        allowsUnsortedSetOf: true
    )
}
