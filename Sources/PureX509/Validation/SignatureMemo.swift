import PureDER

/// What a batch of validations may share: certificates already parsed, and certificate signatures already
/// verified. A value the caller owns — one per worker, no locks, no global state — and passes to each
/// validation, which consults and extends it.
///
/// ```swift
/// var memo = SignatureMemo()
/// for receipt in batch {
///     let validated = try validator.validate(receipt, memo: &memo)   // the same leaf and intermediate: parsed
/// }                                                                   // and verified once
/// ```
///
/// Only the arithmetic of a signature already verified is skipped. Everything else is judged at every
/// validation: the algorithm policy (algorithms, key sizes), validity at the validation instant, every rule of
/// RFC 5280 and of the caller's policy, and the signature of whatever the certificates vouch for (a receipt's own
/// signature is never remembered). An entry is the exact bytes the verification depended on — the issuer's
/// SubjectPublicKeyInfo and the whole certificate, which holds the signed TBSCertificate, the signature algorithm
/// and the signature — compared byte for byte: a certificate with the same TBSCertificate and another signature is
/// another entry, never taken as verified.
///
/// The memo holds at most ``capacity`` certificates and ``capacity`` signatures; when full, the entry used least
/// recently makes room (a batch of receipts shares a handful of leaves and intermediates, so their entries stay).
public struct SignatureMemo: Sendable {
    /// The default capacity: Apple's receipt chains change a few times a year.
    public static let defaultCapacity = 32

    /// The most certificates, and the most signatures, the memo holds.
    public let capacity: Int
    /// Certificates parsed earlier, the one used most recently last.
    package private(set) var certificates: [Certificate] = []
    /// Signatures verified earlier: the certificate, and the SubjectPublicKeyInfo of the key that verified it;
    /// the one used most recently last.
    private var verified: [(certificate: ArraySlice<UInt8>, issuerKey: ArraySlice<UInt8>)] = []
    /// How many signature checks this memo spared, for tests and benchmarks.
    package private(set) var hits = 0

    /// An empty memo of `capacity` entries of each kind (at least one).
    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Runs `body` with this memo lent as the optional memo that the validators' inner steps take (there `nil` is
    /// no memo), and takes back what `body` left in it, also when `body` throws. Meanwhile `self` is a one-entry
    /// placeholder: the memo has one owner, so that recording in it never copies its entries.
    package mutating func lend<Result, Failure: Error>(
        _ body: (inout SignatureMemo?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var lent: SignatureMemo? = self
        self = SignatureMemo(capacity: 1)
        defer { if let updated = lent { self = updated } }
        return try body(&lent)
    }

    /// Whether `issuer`'s key has verified `certificate`'s signature before; the entry becomes the most recent.
    mutating func hasVerified(_ certificate: Certificate, issuedBy issuer: Certificate) -> Bool {
        let encoded = certificate.encoded
        let key = issuer.subjectPublicKeyInfo
        for index in verified.indices.reversed()
        where verified[index].certificate.hasSameBytes(as: encoded) && verified[index].issuerKey.hasSameBytes(as: key) {
            let entry = verified.remove(at: index)
            verified.append(entry)
            hits += 1
            return true
        }
        return false
    }

    /// Records that `issuer`'s key verified `certificate`'s signature. The entry holds copies of the bytes, not
    /// views of the input they came in, so that the memo keeps no input alive.
    mutating func recordVerified(_ certificate: Certificate, issuedBy issuer: Certificate) {
        if verified.count >= capacity { verified.removeFirst() }
        verified.append((Array(certificate.encoded)[...], Array(issuer.subjectPublicKeyInfo)[...]))
    }

    /// Remembers parsed certificates, for the next container that embeds the same bytes; those already held
    /// become the most recent. A certificate new to the memo is parsed again from a copy of its bytes, so that
    /// the memo keeps no input alive.
    package mutating func remember(_ parsed: [Certificate]) {
        for certificate in parsed {
            if let index = certificates.firstIndex(where: { $0.encoded.hasSameBytes(as: certificate.encoded) }) {
                let known = certificates.remove(at: index)
                certificates.append(known)
                continue
            }
            // The bytes parsed already; a failure here could only mean they changed, and then nothing is kept.
            guard let copy = try? Certificate(derEncoded: Array(certificate.encoded)) else { continue }
            if certificates.count >= capacity { certificates.removeFirst() }
            certificates.append(copy)
        }
    }
}
