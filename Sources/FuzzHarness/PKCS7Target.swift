import PureCrypto
import PureDER
import PurePKCS7
import PureX509

extension FuzzTargets {
    /// The PKCS#7 SignedData parser and its signature check (no chain). Invariants:
    /// - no input traps, hangs or exhausts memory;
    /// - a SignedData that parses keeps views into the input: the embedded certificates, the signer's issuer
    ///   name, serial number and signature, its signed attributes, and the content unless BER segments were
    ///   joined; a strict DER input has no BER envelope and its content is always a view;
    /// - its embedded certificates parse again from their own bytes;
    /// - a signature that verifies is one that verified before fuzzing: the signer certificate's key, the signed
    ///   bytes (the content, or the signed attributes re-tagged as a SET) and the signature value are a triple
    ///   that an independent RSA check (make-seeds.py, in Python) verified in the real receipts or the
    ///   project's vectors (`KnownFacts.verifiedSignatures`). A fuzzer cannot make an RSA signature, so any
    ///   other triple that verifies is a verifier bug;
    /// - the certificate that verified is embedded and named by the signer identifier.
    public static func pkcs7(_ input: [UInt8]) -> String? {
        guard let signedData = try? SignedData(berEncoded: input) else { return nil }
        let isStrictDER = (try? DERTree(parsing: input, rules: .der)) != nil
        if isStrictDER && signedData.hasBEREnvelope { return "a strict DER input reports a BER envelope" }
        var views = signedData.certificates.map(\.encoded) + [signedData.signer.signature]
        if case .issuerAndSerialNumber(let issuer, let serialNumber) = signedData.signer.identifier {
            views += [issuer, serialNumber]
        }
        if let attributes = signedData.signer.signedAttributes { views.append(attributes) }
        if isStrictDER { views.append(signedData.content) }
        for view in views where !isView(view, of: input) {
            return "a parsed field is not a view into the input"
        }
        for certificate in signedData.certificates
        where (try? Certificate(derEncoded: Array(certificate.encoded))) == nil {
            return "an embedded certificate does not parse again from its own bytes"
        }
        guard let verified = try? signedData.verifySignature() else { return nil }
        let signer = verified.signerCertificate
        guard signedData.certificates.contains(where: { $0.encoded.indices == signer.encoded.indices }) else {
            return "the verifying certificate is not one of the embedded ones"
        }
        switch signedData.signer.identifier {
        case .issuerAndSerialNumber(let issuer, let serialNumber):
            guard signer.issuer.encoded == issuer, signer.serialNumber == serialNumber else {
                return "the verifying certificate is not the one the signer identifier names"
            }
        case .subjectKeyIdentifier(let identifier):
            guard signer.subjectKeyIdentifier == identifier else {
                return "the verifying certificate is not the one the signer identifier names"
            }
        }
        let signedBytes: [UInt8]
        if let attributes = signedData.signer.signedAttributes {
            signedBytes = [0x31] + attributes.dropFirst()
        } else {
            signedBytes = Array(signedData.content)
        }
        let triple =
            KnownFacts.sha256(signer.subjectPublicKeyInfo) + ":" + KnownFacts.sha256(signedBytes) + ":"
            + KnownFacts.sha256(signedData.signer.signature)
        guard KnownFacts.verifiedSignatures.contains(KnownFacts.sha256(Array(triple.utf8))) else {
            return "a signature verifies that no independent check verified: \(triple)"
        }
        return nil
    }

    /// Whether `slice` is `input[slice.indices]`: a view at its own place, not a copy elsewhere.
    static func isView(_ slice: ArraySlice<UInt8>, of input: [UInt8]) -> Bool {
        slice.startIndex >= 0 && slice.endIndex <= input.count && input[slice.indices].elementsEqual(slice)
    }
}
