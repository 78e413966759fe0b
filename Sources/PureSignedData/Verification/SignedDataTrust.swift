public import PureX509

/// Whom StoreKit signed data must chain to: the anchors, the algorithms accepted for certificate signatures and
/// for the JWS signature, the certificate policy the path must meet, and how many certificates `x5c` holds.
///
/// Trust is the caller's choice, never the data's: a JWS that names its own root, environment or key identifier
/// gains nothing by it. ``appStore`` is Apple's production PKI; ``replacingAnchors(with:)`` keeps Apple's shape
/// under other roots (a test PKI, Apple's library mocks); ``xcode(_:)`` trusts one StoreKit testing certificate.
public struct SignedDataTrust: Sendable {
    /// The trusted certificates. A copy of one inside `x5c` is folded into it; a look-alike is a mere
    /// candidate that must chain to it. Kept with their elliptic-curve keys precomputed, as
    /// ``PureX509/PathValidator`` keeps its anchors, so that each verification's validator starts ready: make a
    /// trust once and use it for every verification.
    public var anchors: [Certificate] {
        didSet { anchors = Certificate.withPrecomputedKeys(anchors) }
    }
    /// The signature algorithms and keys accepted on the path and for the JWS signature (ES256 needs P-256 with
    /// SHA-256).
    public var algorithms: AlgorithmPolicy
    /// What the path must meet beyond RFC 5280 (Apple's marker extensions and path length).
    public var policy: CertificatePolicy
    /// How many certificates `x5c` must hold.
    public var layout: CertificateChainLayout

    /// Creates a trust.
    public init(
        anchors: [Certificate],
        algorithms: AlgorithmPolicy,
        policy: CertificatePolicy,
        layout: CertificateChainLayout
    ) {
        self.anchors = Certificate.withPrecomputedKeys(anchors)
        self.algorithms = algorithms
        self.policy = policy
        self.layout = layout
    }

    /// App Store signed data: the bundled Apple Root CA - G3 the only anchor, P-256 and P-384 keys with SHA-256
    /// and SHA-384 (``PureX509/AlgorithmPolicy/appleSignedData``), Apple's chain of exactly three certificates,
    /// the leaf marked 1.2.840.113635.100.6.11.1 and the intermediate 1.2.840.113635.100.6.2.1
    /// (``PureX509/CertificatePolicy/appleSignedData``).
    public static var appStore: SignedDataTrust {
        SignedDataTrust(
            anchors: PathValidator.appleSignedData.anchors,
            algorithms: .appleSignedData,
            policy: .appleSignedData,
            layout: .appStore
        )
    }

    /// Apple's algorithms, chain shape (three certificates, the marker extensions) and layout under other
    /// anchors: a test PKI of Apple's shape, or the root of Apple's App Store Server Library mocks. RFC 5280's
    /// issuance profile is not required of such a PKI (the mocks' leaves carry no authority key identifier, as
    /// §4.2.1.1 asks of a CA's certificates); the rules of path validation still apply.
    public static func replacingAnchors(with anchors: [Certificate]) -> SignedDataTrust {
        SignedDataTrust(
            anchors: anchors,
            algorithms: .appleSignedData,
            policy: CertificatePolicy([.appleSignedDataChain]),
            layout: .appStore
        )
    }

    /// Data signed by Xcode's StoreKit testing: `x5c` holds one self-signed certificate, trusted because the
    /// caller passes it here (from the app's StoreKit configuration), and RFC 5280's issuance profile applies;
    /// Apple's markers do not (Xcode's certificate has none). Never a default: Xcode data is accepted only by a
    /// caller who asks for it.
    public static func xcode(_ certificate: Certificate) -> SignedDataTrust {
        SignedDataTrust(
            anchors: [certificate],
            algorithms: .appleSignedData,
            policy: .issuanceProfile,
            layout: .xcode
        )
    }
}
