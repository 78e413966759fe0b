public import PureJSON

/// What a StoreKit JWS carries.
///
/// Apple's JWS carry no `typ` or other statement of their kind: callers know it from where the JWS came from
/// (`signedTransactionInfo`, `signedRenewalInfo`, `signedPayload`, `AppTransaction.jwsRepresentation`), and
/// should say so by decoding into that payload type. When they cannot, ``detect(_:)`` reads it from the
/// payload's members.
public enum SignedDataKind: String, Sendable, Hashable, CustomStringConvertible {
    /// A transaction: ``JWSTransactionDecodedPayload``.
    case transaction
    /// A subscription's renewal information: ``JWSRenewalInfoDecodedPayload``.
    case renewalInfo
    /// The app's own transaction: ``AppTransaction``.
    case appTransaction
    /// An App Store Server Notification V2: ``ResponseBodyV2DecodedPayload``.
    case notification

    /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
    public var description: String { rawValue }

    /// The members that mark each kind: fields Apple documents for that kind and no other, which that kind
    /// always or almost always carries.
    static let markers: [(kind: SignedDataKind, names: [String])] = [
        (.notification, ["notificationType", "notificationUUID"]),
        (.renewalInfo, ["autoRenewStatus", "autoRenewProductId"]),
        (.transaction, ["transactionId"]),
        (.appTransaction, ["receiptType", "applicationVersion"]),
    ]

    /// The kinds whose markers `members` carry, in the order of ``markers``.
    static func marked(_ members: [(String, JSONValue)]) -> [SignedDataKind] {
        var kinds: [SignedDataKind] = []
        for (kind, names) in markers {
            let isMarked = members.contains { member in
                names.contains { member.0.utf8.elementsEqual($0.utf8) }
            }
            if isMarked { kinds.append(kind) }
        }
        return kinds
    }

    /// The kind the payload's members mark: exactly one kind's markers must be present (docs/storekit2.md,
    /// "Kinds"). A payload that carries none (Apple's minimal mocks) is
    /// ``SignedDataError/Code/kindUndetermined``; one that carries several is
    /// ``SignedDataError/Code/kindAmbiguous``.
    public static func detect(_ payload: JSONValue) throws(SignedDataError) -> SignedDataKind {
        let kinds = marked(try FieldChecker.members(of: payload, path: ""))
        guard let kind = kinds.first else {
            throw SignedDataError(
                .payload,
                .kindUndetermined,
                "no member marks a transaction, renewal info, app transaction or notification",
                part: .payload
            )
        }
        guard kinds.count == 1 else {
            throw SignedDataError(
                .payload,
                .kindAmbiguous,
                "members mark \(kinds.map { $0.rawValue }.joined(separator: " and "))",
                part: .payload
            )
        }
        return kind
    }

    /// Refuses a payload that a caller decodes as `self` when it carries the markers of other kinds only: a
    /// notification is never read as a transaction whose fields are all absent. A payload without markers is
    /// accepted: the caller's word is all there is.
    func check(_ members: [(String, JSONValue)]) throws(SignedDataError) {
        let kinds = Self.marked(members)
        guard kinds.isEmpty || kinds.contains(self) else {
            throw SignedDataError(
                .payload,
                .kindMismatch,
                "decoded as \(self), but its members mark \(kinds.map { $0.rawValue }.joined(separator: " and "))",
                part: .payload
            )
        }
    }
}

/// A payload type of StoreKit signed data: what ``UnverifiedSignedData`` decodes its payload into.
///
/// The four kinds conform (``JWSTransactionDecodedPayload``, ``JWSRenewalInfoDecodedPayload``,
/// ``AppTransaction``, ``ResponseBodyV2DecodedPayload``), and ``DecodedPayload``, which detects the kind.
public protocol SignedPayload: Sendable {
    /// Decodes a payload object, refusing a documented field of another type than Apple documents
    /// (``SignedDataError/Step/payload``). The properties read the first member of their name: a parsed object
    /// never repeats one (``PureJSON`` refuses duplicate keys), an object built in code should not.
    init(payload: JSONValue) throws(SignedDataError)

    /// The kind of payload.
    var kind: SignedDataKind { get }

    /// When the App Store signed the data, in milliseconds since 1970, if the payload says: the instant a
    /// verifier validates the chain at by default.
    var signedDate: Int64? { get }

    /// The payload object, every member in the order written, documented or not.
    var json: JSONValue { get }

    /// Whose data the payload says it is: what a verifier's expectations are checked against.
    var appClaims: AppClaims { get }

    /// The signed data nested in the payload, as written (a notification's `data.signedTransactionInfo` and
    /// `data.signedRenewalInfo`, `appData.signedAppTransactionInfo`): verified with the payload by
    /// ``SignedDataVerifier``. None for the other kinds.
    var nestedSignedData: [NestedJWSField] { get }
}

extension SignedPayload {
    /// None: only notifications nest signed data.
    public var nestedSignedData: [NestedJWSField] { [] }
}
