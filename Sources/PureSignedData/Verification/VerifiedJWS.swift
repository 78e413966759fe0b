public import PureX509

/// StoreKit signed data that passed every check of a ``SignedDataVerifier``, with what was checked: the payload
/// is the App Store's word (or the word of the anchor the caller chose), as of ``validationTime``.
public struct VerifiedJWS<Payload: SignedPayload>: Sendable {
    /// The decoded payload.
    public let payload: Payload
    /// The decoded header, with the `x5c` certificates.
    public let header: JWSHeader
    /// The validated path, leaf first, ending at the anchor that was trusted (never `x5c`'s copy).
    public let chain: ValidatedChain
    /// The instant the chain was validated at, in seconds since 1970.
    public let validationTime: Int64
    /// A notification's nested signed data, each verified in its turn; empty for the other kinds.
    public let nested: [NestedSignedData]

    /// The kind of payload.
    public var kind: SignedDataKind { payload.kind }

    /// The nested JWS at `path` (`data.signedTransactionInfo`), if the notification carried one.
    public func nested(at path: String) -> VerifiedJWS<DecodedPayload>? {
        nested.first { $0.path == path }?.verified
    }

    /// The same verified data with its payload wrapped (a nested transaction as a ``DecodedPayload``).
    func map<Other: SignedPayload>(_ transform: (Payload) -> Other) -> VerifiedJWS<Other> {
        VerifiedJWS<Other>(
            payload: transform(payload),
            header: header,
            chain: chain,
            validationTime: validationTime,
            nested: nested
        )
    }
}

/// A JWS nested in a notification, verified.
public struct NestedSignedData: Sendable {
    /// The notification's field that held it: `data.signedTransactionInfo`, `data.signedRenewalInfo`,
    /// `appData.signedAppTransactionInfo`.
    public let path: String
    /// The nested data, verified with the notification's trust and agreeing with its app and environment.
    public let verified: VerifiedJWS<DecodedPayload>
}
