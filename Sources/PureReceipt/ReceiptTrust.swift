import PureDER
public import PureX509

/// Whom a receipt validation trusts: anchors, whether Apple's marker extensions are required, and which
/// algorithms are accepted.
public struct ReceiptTrust: Sendable {
    /// The trust anchors.
    public var anchors: [Certificate]
    /// Whether the path must have Apple's shape: a receipt-signing leaf (1.2.840.113635.100.6.11.1) under a
    /// WWDR intermediate (1.2.840.113635.100.6.2.1) under the anchor. Without this, any certificate an Apple
    /// root ever issued — every developer's included — could sign a "receipt". A signer that is itself an
    /// anchor (a one-certificate path, like Xcode's StoreKit certificate given as the anchor) is exempt: the
    /// caller named that exact certificate.
    public var requiresAppleMarkers: Bool
    /// The accepted signature algorithms and key sizes.
    public var algorithms: AlgorithmPolicy
    /// With ``requiresAppleMarkers``, whether the intermediate must carry the WWDR marker too, not only the leaf
    /// its receipt-signing marker. Apple's chains have both; some test PKIs mark only the leaf.
    public var requiresIntermediateMarker: Bool
    /// Whether the path must also follow RFC 5280 §4's rules for what CAs issue
    /// (``PureX509/PathValidator/checksIssuanceProfile``). Apple's chains do; test PKIs often lack key
    /// identifiers, which path validation itself does not need.
    public var checksIssuanceProfile: Bool

    /// Creates a trust configuration.
    public init(
        anchors: [Certificate],
        requiresAppleMarkers: Bool,
        algorithms: AlgorithmPolicy,
        requiresIntermediateMarker: Bool = true,
        checksIssuanceProfile: Bool = true
    ) {
        self.anchors = anchors
        self.requiresAppleMarkers = requiresAppleMarkers
        self.algorithms = algorithms
        self.requiresIntermediateMarker = requiresIntermediateMarker
        self.checksIssuanceProfile = checksIssuanceProfile
    }

    /// The bundled Apple Inc. Root, Apple's markers required, SHA-1 allowed (Apple's receipt chains used SHA-1
    /// intermediates until January 2025).
    public static let apple: ReceiptTrust = {
        // Parsed once. The bundled bytes are checked by a test against Apple's published fingerprint, and a
        // failed parse would leave no anchor, so every validation would fail closed.
        let anchors = (try? Certificate(derEncoded: BundledCertificates.appleIncRoot)).map { [$0] } ?? []
        return ReceiptTrust(anchors: anchors, requiresAppleMarkers: true, algorithms: .allowingSHA1)
    }()

    /// The caller's anchors in place of the bundled Apple root, under the same rules as ``apple``: Apple's
    /// markers and shape required on paths through an anchor, RFC 5280 §4's issuance rules checked, SHA-1
    /// allowed. A signer that is itself one of the anchors (Xcode's StoreKit certificate) is trusted as that
    /// exact certificate.
    public static func replacingAnchors(with anchors: [Certificate]) -> ReceiptTrust {
        ReceiptTrust(anchors: anchors, requiresAppleMarkers: true, algorithms: .allowingSHA1)
    }

    /// Xcode's StoreKit-testing certificate (exported from the project's .storekit configuration) as the one
    /// anchor: it signs the receipts itself, so no Apple markers are required.
    public static func storeKitTesting(_ certificate: Certificate) -> ReceiptTrust {
        ReceiptTrust(anchors: [certificate], requiresAppleMarkers: false, algorithms: .standard)
    }
}

/// The certificate policy of a receipt chain: Apple's markers and path shape when required, and a leaf whose
/// extendedKeyUsage, if it has one, allows code signing (Xcode's StoreKit certificate has a critical one).
struct ReceiptChainPolicy: CertificatePolicy {
    let requiresAppleMarkers: Bool
    let requiresIntermediateMarker: Bool

    static let codeSigning = OID(1, 3, 6, 1, 5, 5, 7, 3, 3)
    static let anyExtendedKeyUsage = OID(2, 5, 29, 37, 0)

    private static let understood: [OID] = [.extendedKeyUsage]  // made once, not on each path checked

    var understoodCriticalExtensions: [OID] { Self.understood }

    func check(_ chain: [Certificate]) -> PolicyResult {
        if let purposes = chain[0].extendedKeyUsage,
            !purposes.contains(Self.codeSigning) && !purposes.contains(Self.anyExtendedKeyUsage)
        {
            return .failsToMeetPolicy(
                certificateIndex: 0,
                reason: "the leaf's extendedKeyUsage does not allow signing code"
            )
        }
        // A signer that is itself one of the caller's anchors (Xcode's StoreKit certificate) is trusted as the
        // exact certificate the caller named; Apple's shape is about paths through an anchor to a leaf.
        guard requiresAppleMarkers, chain.count > 1 else { return .meetsPolicy }
        guard chain.count == 3 else {
            return .failsToMeetPolicy(
                certificateIndex: 0,
                reason: "a chain of \(chain.count) certificates; Apple issues leaf, WWDR intermediate, root"
            )
        }
        guard chain[0].findExtension(.appleReceiptSigning) != nil else {
            return .failsToMeetPolicy(certificateIndex: 0, reason: "the leaf lacks Apple's receipt-signing marker")
        }
        guard !requiresIntermediateMarker || chain[1].findExtension(.appleWWDRIntermediate) != nil else {
            return .failsToMeetPolicy(certificateIndex: 1, reason: "the intermediate lacks Apple's WWDR marker")
        }
        return .meetsPolicy
    }
}
