// Apple's elliptic PKI, which signs StoreKit 2 and App Store Server data (JWS): a P-256 leaf marked
// 1.2.840.113635.100.6.11.1, under WWDR G6 (P-384, marked 1.2.840.113635.100.6.2.1), under Apple Root CA - G3
// (P-384), each signed with ecdsa-with-SHA384. The JWS header's x5c carries the three certificates, leaf first.

extension PathValidator {
    /// The bundled Apple Root CA - G3 (``BundledCertificates/appleRootCAG3``) as the one anchor, under
    /// ``AlgorithmPolicy/appleSignedData``: what StoreKit 2 signed data chains to. With
    /// ``CertificatePolicy/appleSignedData`` it validates a JWS header's `x5c`:
    ///
    /// ```swift
    /// var certificates: [Certificate] = []
    /// for der in x5c { certificates.append(try Certificate(derEncoded: der)) }  // throws X509Error
    /// let chain = try PathValidator.appleSignedData.validate(                   // throws PathValidationError
    ///     leaf: certificates[0],
    ///     intermediates: Array(certificates.dropFirst()),  // x5c[2], a copy of the anchor, costs nothing
    ///     at: signedDate,  // seconds since 1970: the payload's signedDate (milliseconds) divided by 1000
    ///     policy: .appleSignedData
    /// )
    /// // chain.leaf.publicKey is .p256(key): the key that verifies the JWS signature (ES256).
    /// ```
    ///
    /// The anchor is never taken from the `x5c`; a copy of it there is folded into the bundled one.
    public static let appleSignedData: PathValidator = {
        // Parsed once. A test checks the bundled bytes against Apple's published fingerprint; if they did not
        // parse, there would be no anchor and every validation would fail closed (noPath).
        let anchors = (try? Certificate(derEncoded: BundledCertificates.appleRootCAG3)).map { [$0] } ?? []
        return PathValidator(anchors: anchors, algorithms: .appleSignedData)
    }()
}

extension CertificatePolicy {
    /// Apple's signed-data chains: RFC 5280's issuance profile, then Apple's shape
    /// (``CertificateRule/appleSignedDataChain``).
    public static let appleSignedData = CertificatePolicy([.issuanceProfile, .appleSignedDataChain])
}

extension CertificateRule {
    /// Apple's signed-data chain: three certificates, a leaf marked 1.2.840.113635.100.6.11.1
    /// (``OID/appleReceiptSigning``, the marker Apple's own libraries require of the JWS signer) under an
    /// intermediate marked 1.2.840.113635.100.6.2.1 (``OID/appleWWDRIntermediate``) under the anchor. Without it,
    /// any certificate Apple Root CA - G3 ever issued, through any of its intermediates, could sign "Apple" data.
    public static let appleSignedDataChain = appleChain(
        "Apple signed-data chain",
        requiringIntermediateMarker: true,
        leafMarkerName: "signing marker 1.2.840.113635.100.6.11.1"
    )
}
