public import PureCrypto
public import PureDER
public import PureJSON
public import PureX509

/// Why signed data (a JWS) was refused: the step that failed, a code to switch on, where, and the error
/// underneath as a value.
///
/// Decoding runs the steps ``Step/compactSerialization``, ``Step/header`` and ``Step/payload`` in that order
/// and stops at the first failure (docs/storekit2.md lists every code with its step).
public struct SignedDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The steps, in the order they run.
    public enum Step: String, Sendable, Hashable, CustomStringConvertible {
        /// The text is not exactly three non-empty, strict base64url parts within the size limits
        /// (RFC 7515 §7.1, ``SignedDataLimits``).
        case compactSerialization
        /// The protected header is not a JSON object with `alg` `ES256` and an `x5c` of DER certificates in the
        /// expected number, or carries `crit`.
        case header
        /// The payload is not a JSON object of the expected kind whose documented fields have their documented
        /// types.
        case payload
        /// The `x5c` certificates do not form a valid path to a trust anchor at the validation time, under the
        /// trust's algorithms and certificate policy (``SignedDataError/path`` says why), or there is no instant
        /// to validate at.
        case chain
        /// The signature is not 64 bytes r‖s with r and s in [1, n − 1], or does not verify with the leaf's key
        /// over the signing input (ES256, RFC 7518 §3.4).
        case signature
        /// The verified payload does not name what the caller expects (bundle identifier, app Apple ID,
        /// environment), or a notification's nested data disagrees with the notification.
        case expectations

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What failed, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The compact serialization is longer than ``SignedDataLimits/maximumLength``. The offset is the
        /// first byte past the limit.
        case inputTooLarge
        /// Not exactly three parts separated by `.`. The offset is the fourth part's dot, or the input's end.
        case partCount
        /// A part is empty (no StoreKit JWS has a detached or empty part).
        case emptyPart
        /// A part is longer than its limit in ``SignedDataLimits``. The offset is the first byte past it.
        case partTooLarge
        /// A part is not strict base64url (``SignedDataError/base64`` says how and where).
        case invalidBase64URL
        /// The header or payload is not JSON (``SignedDataError/json`` says where, in the decoded part).
        case invalidJSON
        /// The header or payload, or a member documented as an object, is not a JSON object.
        case notAnObject
        /// The header's `alg` is missing, not a string, or not exactly `ES256` (`none`, `HS256`, `RS256`,
        /// `ES384`, …). Checked before anything else of the header is read.
        case unsupportedAlgorithm
        /// The header has `crit`: it names extensions this decoder would have to understand, and it understands
        /// none (RFC 7515 §4.1.11).
        case criticalHeader
        /// The header has no `x5c`.
        case missingCertificateChain
        /// The header's `x5c` is not an array of strings.
        case invalidCertificateChain
        /// The header's `x5c` holds another number of certificates than the layout requires
        /// (``CertificateChainLayout``).
        case certificateCount
        /// An `x5c` entry is not strict standard base64 (``SignedDataError/base64``).
        case invalidCertificateEncoding
        /// An `x5c` entry is not a DER certificate (``SignedDataError/x509``).
        case invalidCertificate
        /// A header parameter this decoder reads (`kid`, `typ`) has another JSON type than a string.
        case invalidHeaderParameter
        /// The payload's shape matches none of the four kinds (docs/storekit2.md, "Kinds").
        case kindUndetermined
        /// The payload's shape matches more than one kind.
        case kindAmbiguous
        /// The caller named a kind and the payload carries the marks of another kind only.
        case kindMismatch
        /// A documented field has another JSON type than Apple documents (a number where a string belongs, a
        /// fraction where an integer belongs). ``SignedDataError/field`` names it.
        case wrongType
        /// A documented field holds a number outside its documented type (`Int32`), or a date outside `Int64`
        /// milliseconds. ``SignedDataError/field`` names it.
        case valueOutOfRange
        /// The payload carries two members Apple documents as mutually exclusive: a notification's `data`,
        /// `summary`, `externalPurchaseToken` and `appData`. ``SignedDataError/field`` names the second.
        case exclusiveFields
        /// The chain does not validate (``SignedDataError/path`` holds the path validator's error: its code,
        /// the certificate and the rule).
        case pathValidation
        /// The validation time is the payload's `signedDate`, and the payload has none (nor, for a
        /// notification, does its nested transaction or renewal info).
        case missingSignedDate
        /// The leaf's key is not one the trust's algorithm policy accepts for ES256 (a P-256 key with SHA-256).
        case signerKeyNotAllowed
        /// The signature is not 64 bytes, or r or s is outside [1, n − 1] (``SignedDataError/ecdsa``).
        case malformedSignature
        /// The signature does not verify with the leaf's key over the signing input.
        case invalidSignature
        /// The payload names another bundle identifier than expected, or none.
        case bundleIdMismatch
        /// The payload names another app Apple ID than expected.
        case appAppleIdMismatch
        /// The caller expects Production data and did not say which app Apple ID it must name (Apple's library
        /// requires it too: in Production, the bundle identifier alone does not name an app's data).
        case appAppleIdRequired
        /// The payload names another environment than expected, or none.
        case environmentMismatch
        /// An app transaction names another app version (`applicationVersion`) than expected, or none. The
        /// verifier takes no version, as Apple's library does not: this is the code of callers that compare it
        /// (`receipt verify --version`).
        case applicationVersionMismatch

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// A part of the compact serialization.
    public enum Part: String, Sendable, Hashable, CustomStringConvertible {
        /// The first part: the protected header.
        case header
        /// The second part: the payload.
        case payload
        /// The third part: the signature.
        case signature

        /// The case's name.
        public var description: String { rawValue }
    }

    /// The step that failed.
    public var step: Step
    /// What failed.
    public var code: Code
    /// A short explanation for people.
    public var reason: String
    /// The part of the compact serialization at fault, where one is.
    public var part: Part?
    /// The index in the compact serialization of the offending byte (``Step/compactSerialization``).
    public var offset: Int?
    /// The JSON member at fault: a header parameter (`alg`, `x5c`), or a payload field as a path
    /// (`data.status`, `eligibleWinBackOfferIds[1]`); for ``Step/expectations``, the claim compared (`bundleId`,
    /// `environment`, `appAppleId`), wherever the payload's kind carries it (``AppClaims``).
    public var field: String?
    /// The index in `x5c` of the certificate at fault.
    public var certificateIndex: Int?
    /// For an error in a JWS nested in a notification: the notification's field that holds it
    /// (`data.signedTransactionInfo`, `data.signedRenewalInfo`, `appData.signedAppTransactionInfo`). The other
    /// properties then describe the nested JWS.
    public var nestedIn: String?
    /// The base64 error underneath: for a part, its offset is an index of the whole input, as ``offset`` is;
    /// for an `x5c` entry, an index in that entry's text.
    @NestedError public var base64: Base64Error?
    /// The JSON error underneath: its offset is in the decoded header or payload bytes.
    @NestedError public var json: JSONError?
    /// The certificate error underneath.
    @NestedError public var x509: X509Error?
    /// The path validator's error underneath (``Step/chain``).
    @NestedError public var path: PathValidationError?
    /// The signature decoding error underneath (``Code/malformedSignature``).
    @NestedError public var ecdsa: ECDSAError?

    /// Creates an error.
    @inline(never)
    public init(
        _ step: Step,
        _ code: Code,
        _ reason: String,
        part: Part? = nil,
        offset: Int? = nil,
        field: String? = nil,
        certificateIndex: Int? = nil,
        base64: Base64Error? = nil,
        json: JSONError? = nil,
        x509: X509Error? = nil,
        path: PathValidationError? = nil,
        ecdsa: ECDSAError? = nil
    ) {
        self.step = step
        self.code = code
        self.reason = reason
        self.part = part
        self.offset = offset
        self.field = field
        self.certificateIndex = certificateIndex
        self.base64 = base64
        self.json = json
        self.x509 = x509
        self.path = path
        self.ecdsa = ecdsa
    }

    /// `step: reason`, with where and the error underneath: `header: x5c[1]: not a DER certificate: …`.
    public var description: String {
        var text = nestedIn.map { "\($0): " } ?? ""
        text += "\(step): "
        if let field { text += "\(field): " }
        text += reason
        if let base64 { text += ": \(base64)" }
        if let json { text += ": \(json)" }
        if let x509 { text += ": \(x509)" }
        if let path { text += ": \(path)" }
        if let ecdsa { text += ": \(ecdsa)" }
        return text
    }

    /// This error, as found inside the JWS held by the notification's field `field`.
    func nested(in field: String) -> SignedDataError {
        var error = self
        error.nestedIn = field
        return error
    }
}
