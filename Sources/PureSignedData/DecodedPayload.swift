public import PureJSON

/// A payload of any of the four kinds, the kind read from its members (``SignedDataKind/detect(_:)``): for
/// callers that do not know where the JWS came from, such as `receipt dump`.
public enum DecodedPayload: SignedPayload, Equatable {
    /// A transaction.
    case transaction(JWSTransactionDecodedPayload)
    /// A subscription's renewal information.
    case renewalInfo(JWSRenewalInfoDecodedPayload)
    /// The app's own transaction.
    case appTransaction(AppTransaction)
    /// An App Store Server Notification V2.
    case notification(ResponseBodyV2DecodedPayload)

    /// Decodes `payload` as the kind its members mark; a payload that marks none or several is
    /// ``SignedDataError/Code/kindUndetermined`` or ``SignedDataError/Code/kindAmbiguous``.
    public init(payload: JSONValue) throws(SignedDataError) {
        switch try SignedDataKind.detect(payload) {
        case .transaction: self = .transaction(try JWSTransactionDecodedPayload(payload: payload))
        case .renewalInfo: self = .renewalInfo(try JWSRenewalInfoDecodedPayload(payload: payload))
        case .appTransaction: self = .appTransaction(try AppTransaction(payload: payload))
        case .notification: self = .notification(try ResponseBodyV2DecodedPayload(payload: payload))
        }
    }

    /// The kind detected.
    public var kind: SignedDataKind {
        switch self {
        case .transaction: return .transaction
        case .renewalInfo: return .renewalInfo
        case .appTransaction: return .appTransaction
        case .notification: return .notification
        }
    }

    /// The payload's signing instant, in milliseconds since 1970, if it has one.
    public var signedDate: Int64? {
        switch self {
        case .transaction(let payload): return payload.signedDate
        case .renewalInfo(let payload): return payload.signedDate
        case .appTransaction(let payload): return payload.signedDate
        case .notification(let payload): return payload.signedDate
        }
    }

    /// The payload object, every member in the order written.
    public var json: JSONValue {
        switch self {
        case .transaction(let payload): return payload.json
        case .renewalInfo(let payload): return payload.json
        case .appTransaction(let payload): return payload.json
        case .notification(let payload): return payload.json
        }
    }
}
