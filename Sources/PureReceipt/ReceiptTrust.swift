import PureDER
public import PureX509

/// Whom a receipt validation trusts: the anchors, the algorithms, and the rules a signer's chain must meet
/// beyond RFC 5280's.
///
/// ```swift
/// let validator = ReceiptValidator(trust: .apple)                          // the default
/// let testing = ReceiptValidator(trust: .storeKitTesting(xcodeCertificate)) // Xcode's local receipts
/// let onlyLeafMarked = CertificatePolicy([
///     .receiptSigningLeaf, .appleReceiptChain(requiringIntermediateMarker: false),
/// ])
/// let myPKI = ReceiptTrust(anchors: [root], algorithms: .standard, policy: onlyLeafMarked)
/// ```
public struct ReceiptTrust: Sendable {
    /// The trust anchors, kept with their elliptic-curve keys precomputed, as ``PureX509/PathValidator`` keeps
    /// its anchors, so that each validation's validator starts ready.
    public var anchors: [Certificate] {
        didSet { anchors = Certificate.withPrecomputedKeys(anchors) }
    }
    /// The accepted signature algorithms and key sizes, for the chain and for the receipt's own signature.
    public var algorithms: AlgorithmPolicy
    /// The rules the signer's chain must meet after RFC 5280's.
    public var policy: CertificatePolicy

    /// Creates a trust configuration.
    public init(anchors: [Certificate], algorithms: AlgorithmPolicy, policy: CertificatePolicy) {
        self.anchors = Certificate.withPrecomputedKeys(anchors)
        self.algorithms = algorithms
        self.policy = policy
    }

    /// The bundled Apple Inc. Root, Apple's receipt chain required (``CertificatePolicy/appleReceipt``), under
    /// ``AlgorithmPolicy/appleReceipts``.
    public static let apple: ReceiptTrust = {
        // Parsed once. The bundled bytes are checked by a test against Apple's published fingerprint; if they
        // did not parse, there would be no anchor and every validation would fail closed.
        let anchors = (try? Certificate(derEncoded: BundledCertificates.appleIncRoot)).map { [$0] } ?? []
        return ReceiptTrust(anchors: anchors, algorithms: .appleReceipts, policy: .appleReceipt)
    }()

    /// The caller's anchors in place of the bundled Apple root, under the same rules as ``apple``. A signer that
    /// is itself one of the anchors (Xcode's StoreKit certificate) is trusted as that exact certificate.
    public static func replacingAnchors(with anchors: [Certificate]) -> ReceiptTrust {
        ReceiptTrust(anchors: anchors, algorithms: .appleReceipts, policy: .appleReceipt)
    }

    /// Xcode's StoreKit-testing certificate (exported from the project's .storekit configuration) as the one
    /// anchor: it signs the receipts itself, so no Apple chain is required.
    public static func storeKitTesting(_ certificate: Certificate) -> ReceiptTrust {
        ReceiptTrust(anchors: [certificate], algorithms: .standard, policy: .storeKitTesting)
    }
}

extension CertificatePolicy {
    /// Apple's receipt chains: RFC 5280's issuance profile, a signer allowed to sign code
    /// (``CertificateRule/receiptSigningLeaf``), and Apple's shape
    /// (``CertificateRule/appleReceiptChain(requiringIntermediateMarker:)``).
    public static let appleReceipt = CertificatePolicy([
        .issuanceProfile, .receiptSigningLeaf, .appleReceiptChain(requiringIntermediateMarker: true),
    ])

    /// Xcode's StoreKit-testing certificate, which signs its receipts itself: a signer allowed to sign code.
    public static let storeKitTesting = CertificatePolicy([.receiptSigningLeaf])
}

extension CertificateRule {
    /// Apple's receipt chain: a receipt-signing leaf (1.2.840.113635.100.6.11.1) under a WWDR intermediate
    /// (1.2.840.113635.100.6.2.1, when `requiringIntermediateMarker`) under the anchor, three certificates.
    /// Without it, any certificate an Apple root ever issued — every developer's included — could sign a
    /// "receipt". Some test PKIs mark only the leaf. A signer that is itself an anchor is exempt: the caller
    /// named that exact certificate.
    public static func appleReceiptChain(requiringIntermediateMarker: Bool) -> CertificateRule {
        appleChain(
            "Apple receipt chain",
            requiringIntermediateMarker: requiringIntermediateMarker,
            leafMarkerName: "receipt-signing marker"
        )
    }

    /// A signer whose extendedKeyUsage, if it has one, allows code signing: Xcode's StoreKit certificate has a
    /// critical one.
    public static let receiptSigningLeaf = CertificateRule.leafExtendedKeyUsage(allowing: .codeSigning)
}

extension AlgorithmPolicy {
    /// What Apple's receipt chains use: RSA PKCS#1 v1.5 with SHA-1 (WWDR intermediates signed receipts with it
    /// until January 2025, and the Apple Inc. Root signs itself with it), SHA-256, SHA-384 or SHA-512, and RSA keys
    /// of 2048–4096 bits (Apple's are 2048), which bounds what a hostile signer's key can cost before its chain
    /// is known.
    public static let appleReceipts = AlgorithmPolicy(
        allowedRSADigests: [.sha1, .sha256, .sha384, .sha512],
        minimumRSAModulusBits: 2048,
        maximumRSAModulusBits: 4096
    )
}
