import PureDER
import PurePKCS7
import PureReceipt
import PureX509

extension FuzzTargets {
    /// The receipt validator as an app runs it: the bundled Apple Inc. Root as the only anchor, Apple's
    /// markers required, SHA-1 allowed, at the receipt's own creation date, no expectations. The time is the
    /// one read from the signed payload, so nothing outside the input varies; a fixed instant would not do, as
    /// the real receipts' chains were valid in windows from 2010 to 2026 that no one instant meets.
    ///
    /// Invariants:
    /// - no input traps, hangs or exhausts memory;
    /// - an accepted input is a known-valid receipt in everything the signature and the chain rest on: its
    ///   signed content, signature value and signer certificate are those of one App Store receipt that
    ///   OpenSSL verifies under the Apple Inc. Root (`KnownFacts.appleValidReceipts`); it was validated at
    ///   that receipt's creation date; its chain is leaf, intermediate and bundled root, each one of the known
    ///   Apple chain certificates. Other bytes (unused certificates, CRLs, unsigned attributes) may differ, as
    ///   they do not change what was verified. A fuzzer cannot forge an RSA signature, so any other acceptance
    ///   is a validator bug.
    public static func validator(_ input: [UInt8]) -> String? {
        validatorVerdict(input).failure
    }

    /// Whether the validator, as the `validator` target configures it, accepts `input`, and the invariant the
    /// input broke if any: for tests that show the invariant is not vacuous (every real App Store receipt is
    /// accepted).
    public static func validatorVerdict(_ input: [UInt8]) -> (accepted: Bool, failure: String?) {
        let validator = ReceiptValidator(trust: .apple, validationTime: .receiptCreationDate, expectations: .init())
        guard let validated = try? validator.validate(input) else { return (false, nil) }
        guard let signedData = try? SignedData(berEncoded: input) else {
            return (true, "an accepted receipt does not parse as SignedData again")
        }
        let chain = validated.chain.certificates
        let content = KnownFacts.sha256(validated.signedData.content)
        let signature = KnownFacts.sha256(signedData.signer.signature)
        let leaf = KnownFacts.sha256(chain[0].encoded)
        guard
            let known = KnownFacts.appleValidReceipts.first(where: {
                $0.content == content && $0.signature == signature && $0.signerCertificate == leaf
            })
        else {
            return (true, "accepted a receipt whose content, signature or signer is no known-valid receipt's")
        }
        guard validated.validationTime == known.creationDate, validated.receipt.creationDate == known.creationDate
        else {
            return (true, "validated at \(validated.validationTime), not at the receipt's creation date")
        }
        guard chain.count == 3, let root = appleRoot, chain[2].encoded == root.encoded else {
            return (true, "the chain is not leaf, intermediate and the bundled root")
        }
        for certificate in chain
        where !KnownFacts.appleChainCertificates.contains(KnownFacts.sha256(certificate.encoded)) {
            return (true, "the chain holds a certificate that is no known Apple chain certificate")
        }
        return (true, nil)
    }
}
