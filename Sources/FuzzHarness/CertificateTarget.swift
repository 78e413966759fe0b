import PureCrypto
import PureDER
import PureReceipt
import PureX509

extension FuzzTargets {
    /// The bundled Apple Inc. Root, the anchor of the certificate and validator targets.
    static let appleRoot: Certificate? = ReceiptTrust.apple.anchors.first

    /// The X.509 certificate parser. Invariants:
    /// - no input traps, hangs or exhausts memory;
    /// - a certificate that parses is strict DER: its tree re-encodes to the input, and `encoded` is all of it;
    /// - its fields are views into the input where they belong: the TBSCertificate is the first element, the
    ///   signature the last one's bits, and serial number, names, key and extension values lie in the TBS;
    /// - parsing its `encoded` bytes again gives the same fields;
    /// - a decoded extension is one the extension list holds, and a listed known extension is decoded;
    /// - its validity times survive the calendar round trip;
    /// - the Apple Inc. Root's key verifies its signature, or a path from it to the bundled root validates, only
    ///   if it is one of the certificates that root really issued (`KnownFacts.appleRootIssuedCertificates`):
    ///   a fuzzer cannot forge an RSA signature, so anything else accepted is a verifier bug;
    /// - Apple Root CA - G3's P-384 key verifies a certificate's ECDSA signature only if it is one G3 really
    ///   issued (``appleRootCAG3IssuedCertificates``): a fuzzer cannot forge an ECDSA signature either;
    /// - path validation with the certificate as its own anchor returns or throws.
    public static func certificate(_ input: [UInt8]) -> String? {
        guard let certificate = try? Certificate(derEncoded: input) else { return nil }
        guard let tree = try? DERTree(parsing: input, rules: .der), tree.reencoded() == input else {
            return "a parsed certificate is not strict DER that re-encodes to its input"
        }
        guard certificate.encoded.startIndex == 0, certificate.encoded.endIndex == input.count else {
            return "the certificate's encoding is not the whole input"
        }
        if let failure = checkFieldPlacement(certificate, tree) { return failure }
        if let failure = checkReparse(certificate) { return failure }
        if let failure = checkDecodedExtensions(certificate) { return failure }
        for time in [certificate.notBefore, certificate.notAfter]
        where UTCDateTime(secondsSince1970: time)?.secondsSince1970 != time {
            return "validity time \(time) does not survive the calendar round trip"
        }
        if let failure = checkAppleRootIssuance(certificate) { return failure }
        if let failure = checkAppleRootCAG3Issuance(certificate) { return failure }
        _ = try? PathValidator(anchors: [certificate], algorithms: .allowingSHA1)
            .validate(leaf: certificate, intermediates: [certificate], at: certificate.notAfter)
        return nil
    }

    private static func checkFieldPlacement(_ certificate: Certificate, _ tree: DERTree) -> String? {
        let children = tree.nodes.filter { $0.depth == 1 }
        guard children.count == 3, let signatureBits = children.last else {
            return "a certificate that is not three elements"
        }
        let tbs = tree.element(children[0]).encoded
        guard certificate.tbsCertificate.indices == tbs.indices else {
            return "tbsCertificate is not the first element's bytes"
        }
        let signature = tree.element(signatureBits).content.dropFirst()
        guard certificate.signature.indices == signature.indices else {
            return "the signature is not the last element's bits"
        }
        var fields = [
            certificate.serialNumber, certificate.issuer.encoded, certificate.subject.encoded,
            certificate.subjectPublicKeyInfo,
        ]
        fields += certificate.extensions.map(\.value)
        for field in fields where field.startIndex < tbs.startIndex || field.endIndex > tbs.endIndex {
            return "a field lies outside the TBSCertificate"
        }
        return nil
    }

    private static func checkReparse(_ certificate: Certificate) -> String? {
        guard let again = try? Certificate(derEncoded: Array(certificate.encoded)) else {
            return "the certificate's own encoding does not parse again"
        }
        guard again.tbsCertificate.elementsEqual(certificate.tbsCertificate),
            again.serialNumber.elementsEqual(certificate.serialNumber), again.notBefore == certificate.notBefore,
            again.notAfter == certificate.notAfter, again.extensions == certificate.extensions,
            again.issuer == certificate.issuer, again.subject == certificate.subject,
            again.signature.elementsEqual(certificate.signature)
        else { return "parsing the certificate's own encoding again gives other fields" }
        return nil
    }

    private static func checkDecodedExtensions(_ certificate: Certificate) -> String? {
        let listed: [(OID, Bool)] = [
            (.basicConstraints, certificate.basicConstraints != nil), (.keyUsage, certificate.keyUsage != nil),
            (.extendedKeyUsage, certificate.extendedKeyUsage != nil),
            (.certificatePolicies, certificate.policies != nil),
            (.subjectKeyIdentifier, certificate.subjectKeyIdentifier != nil),
        ]
        for (oid, decoded) in listed where decoded != (certificate.findExtension(oid) != nil) {
            return "extension \(oid) is decoded without being listed, or listed without being decoded"
        }
        if certificate.authorityKeyIdentifier != nil, certificate.findExtension(.authorityKeyIdentifier) == nil {
            return "an authority key identifier is decoded without being listed"
        }
        return nil
    }

    /// The root's key, directly and through path validation at the certificate's start, accepts only what
    /// the root issued.
    private static func checkAppleRootIssuance(_ certificate: Certificate) -> String? {
        guard let root = appleRoot, case .rsa(let key) = root.publicKey else {
            return "the bundled Apple root does not parse"
        }
        // Only a certificate that names the root as its issuer can chain to it; the name check spares the RSA
        // operation on everything else.
        guard certificate.issuer.encoded == root.subject.encoded else { return nil }
        let known = KnownFacts.appleRootIssuedCertificates.contains(KnownFacts.sha256(certificate.encoded))
        if let digest = certificate.signatureAlgorithm.rsaDigest,
            key.isValidSignature(certificate.signature, for: certificate.tbsCertificate, padding: .pkcs1v15(digest)),
            !known
        {
            return "the Apple root's key verifies a certificate it never issued"
        }
        let trust = ReceiptTrust.apple
        let validator = PathValidator(anchors: trust.anchors, algorithms: trust.algorithms)
        if (try? validator.validate(leaf: certificate, intermediates: [], at: certificate.notBefore)) != nil, !known {
            return "a path from a certificate the Apple root never issued validates"
        }
        return nil
    }

    /// SHA-256 of the certificates in TestVectors that Apple Root CA - G3 issued: itself, WWDR G2 and WWDR G6.
    static let appleRootCAG3IssuedCertificates: Set<String> = [
        "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179",
        "9ed4b3b88c6a339cf1387895bda9ca6ea31a6b5ce9edf7511845923b0c8ac94c",
        "bdd4ed6e74691f0c2bfd01be0296197af1379e0418e2d300efa9c3bef642ca30",
    ]

    private static func checkAppleRootCAG3Issuance(_ certificate: Certificate) -> String? {
        guard let g3 = PathValidator.appleSignedData.anchors.first, case .p384(let key) = g3.publicKey else {
            return "the bundled Apple Root CA - G3 does not parse"
        }
        guard certificate.issuer.encoded == g3.subject.encoded, let digest = certificate.signatureAlgorithm.ecdsaDigest
        else { return nil }
        let known = appleRootCAG3IssuedCertificates.contains(KnownFacts.sha256(certificate.encoded))
        if key.isValidSignature(
            derRepresentation: certificate.signature,
            for: certificate.tbsCertificate,
            digest: digest
        ),
            !known
        {
            return "Apple Root CA - G3's key verifies a certificate it never issued"
        }
        return nil
    }
}
