/// A certificate path that passed validation: leaf first, trust anchor last. Only ``PathValidator`` makes
/// one, so a value of this type is proof that the checks ran.
public struct ValidatedChain: Sendable {
    /// The certificates, leaf first, anchor last (a single certificate when the leaf is itself an anchor).
    public let certificates: [Certificate]
    /// The instant the chain was validated at, in seconds since 1970.
    public let validationTime: Int64

    init(certificates: [Certificate], validationTime: Int64) {
        self.certificates = certificates
        self.validationTime = validationTime
    }

    /// The leaf.
    public var leaf: Certificate { certificates[0] }
    /// The trust anchor the chain ends at.
    public var anchor: Certificate { certificates[certificates.count - 1] }
}
