import PureCrypto
public import PureDER
public import PurePKCS7
public import PureX509

/// Validates App Store receipts, fail-closed and in Apple's order: the container parses → the signer's
/// signature verifies → the payload decodes → the chain to a trust anchor validates at the validation time
/// → the bundle identifier → the version → the device hash.
///
/// ```swift
/// let validator = ReceiptValidator(expectations: .init(bundleIdentifier: "com.example.app"))
/// let receipt = try validator.validate(receiptBytes)   // at the receipt's own creation date
/// ```
public struct ReceiptValidator: Sendable {
    /// When the chain is validated.
    public enum ValidationTime: Sendable, Hashable {
        /// The receipt's own creation date (field 12): certificates that expired since still validate.
        case receiptCreationDate
        /// A given instant, in seconds since 1970.
        case instant(Int64)
    }

    /// What the caller expects of the receipt; `nil` fields are not checked.
    public struct Expectations: Sendable, Hashable {
        /// The app's bundle identifier (field 2).
        public var bundleIdentifier: String?
        /// The app's version (field 3).
        public var applicationVersion: String?
        /// The device identifier for the device hash (field 5): the 16 bytes of identifierForVendor on iOS-like
        /// systems, the 6 bytes of the primary MAC address on macOS.
        public var deviceIdentifier: [UInt8]?
        /// The receipt type (field 0), the receipt's environment: `Production` for the App Store,
        /// `ProductionSandbox` for sandbox and TestFlight, `Xcode` for StoreKit testing in Xcode.
        public var receiptType: String?
        /// The app's App Store identifier (field 1), its app Apple ID. Sandbox and Xcode receipts carry 0, so, as
        /// for StoreKit 2 data, it is checked unless the receipt's type is `ProductionSandbox` or `Xcode`.
        public var appItemIdentifier: Int64?

        /// Creates expectations.
        public init(
            bundleIdentifier: String? = nil,
            applicationVersion: String? = nil,
            deviceIdentifier: [UInt8]? = nil,
            receiptType: String? = nil,
            appItemIdentifier: Int64? = nil
        ) {
            self.bundleIdentifier = bundleIdentifier
            self.applicationVersion = applicationVersion
            self.deviceIdentifier = deviceIdentifier
            self.receiptType = receiptType
            self.appItemIdentifier = appItemIdentifier
        }
    }

    /// Whom to trust.
    public var trust: ReceiptTrust
    /// When to validate the chain.
    public var validationTime: ValidationTime
    /// What to check of the contents.
    public var expectations: Expectations

    /// Creates a validator; by default the bundled Apple root at the receipt's creation date.
    public init(
        trust: ReceiptTrust = .apple,
        validationTime: ValidationTime = .receiptCreationDate,
        expectations: Expectations = Expectations()
    ) {
        self.trust = trust
        self.validationTime = validationTime
        self.expectations = expectations
    }

    /// Validates a receipt (DER or BER PKCS#7 bytes), returning it with the proof of what was checked.
    public func validate(_ bytes: [UInt8]) throws(ReceiptValidationError) -> ValidatedReceipt {
        var noMemo: SignatureMemo? = nil
        return try validate(bytes, memo: &noMemo)
    }

    /// Validates a receipt as ``validate(_:)`` does, with `memo` sparing what earlier validations of the batch
    /// already did: parsing the certificates a receipt embeds, and verifying their signatures
    /// (``PureX509/SignatureMemo``). Every check still runs; the receipt's own signature is always verified.
    public func validate(_ bytes: [UInt8], memo: inout SignatureMemo) throws(ReceiptValidationError) -> ValidatedReceipt
    {
        try memo.lend { lent throws(ReceiptValidationError) in
            try validate(bytes, memo: &lent)
        }
    }

    private func validate(
        _ bytes: [UInt8],
        memo: inout SignatureMemo?
    ) throws(ReceiptValidationError) -> ValidatedReceipt {
        // 1. The container parses.
        let signedData: SignedData
        do throws(PKCS7Error) {
            // The receipt's copy of an anchor (the Apple root) is the anchor already parsed; so are certificates
            // the memo has seen.
            signedData = try SignedData(
                berEncoded: bytes[...],
                knownCertificates: trust.anchors,
                moreKnownCertificates: memo?.certificates ?? []
            )
        } catch {
            throw ReceiptValidationError(.container, "not a PKCS#7 receipt", pkcs7: error)
        }
        guard signedData.contentType == .pkcs7Data else {
            throw ReceiptValidationError(.container, "the signed content is \(signedData.contentType), not data")
        }
        // 2. The signer's signature verifies, before anything in the content is believed.
        let signed: SignatureVerifiedSignedData
        do throws(PKCS7Error) {
            signed = try signedData.verifySignature(algorithms: trust.algorithms)
        } catch {
            throw ReceiptValidationError(.signature, error.reason, pkcs7: error)
        }
        // (The payload: verified by the signature, decoded for the creation date the chain is validated at.)
        let receipt: AppReceipt
        do throws(ReceiptError) {
            receipt = try AppReceipt(contentOf: signedData)
        } catch {
            throw ReceiptValidationError(.payload, "the payload does not decode", receipt: error)
        }
        let time: Int64
        switch validationTime {
        case .instant(let instant): time = instant
        case .receiptCreationDate:
            guard let creationDate = receipt.creationDate else {
                throw ReceiptValidationError(.payload, "no receipt creation date (field 12) to validate at")
            }
            time = creationDate
        }
        // 3. The chain validates at the validation time.
        let verified: VerifiedSignedData
        do throws(PKCS7Error) {
            verified = try signed.validateChain(
                validator: PathValidator(anchors: trust.anchors, algorithms: trust.algorithms),
                at: time,
                policy: trust.policy,
                memo: &memo
            )
        } catch {
            throw ReceiptValidationError(.chain, error.reason, pkcs7: error)
        }
        // The chain's certificates below the anchor, for the next receipts of the batch.
        memo?.remember(Array(verified.chain.certificates.dropLast()))
        // 4. and 5. What the caller expects.
        try Self.expect(receipt.bundleIdentifier, expectations.bundleIdentifier, .bundleIdentifier, "bundle identifier")
        try Self.expect(
            receipt.applicationVersion,
            expectations.applicationVersion,
            .applicationVersion,
            "application version"
        )
        // 6. SHA-1(device identifier ‖ opaque value ‖ raw bundle identifier DER) = field 5.
        if let device = expectations.deviceIdentifier {
            guard let opaque = receipt.opaqueValue, let bundle = receipt.bundleIdentifierData,
                let hash = receipt.sha1Hash
            else {
                throw ReceiptValidationError(
                    .deviceHash,
                    "the receipt lacks the opaque value, bundle identifier or hash"
                )
            }
            var hasher = Insecure.SHA1()
            hasher.update(device)
            hasher.update(opaque)
            hasher.update(bundle)
            guard hasher.finalize().bytes[...] == hash else {
                throw ReceiptValidationError(.deviceHash, "the device hash does not match this device identifier")
            }
        }
        // 7. and 8. The environment and the app, as Apple signed them.
        try Self.expect(receipt.receiptType, expectations.receiptType, .receiptType, "receipt type")
        if let expected = expectations.appItemIdentifier, receipt.appItemIdentifier != expected,
            !AppReceipt.carriesNoAppItemIdentifier(receiptType: receipt.receiptType)
        {
            // No numbers in the reason: the expected one is the caller's and the receipt's is its field 1, and
            // formatting an Int64 would cost the WebAssembly module, which takes no such expectation, 300 bytes.
            throw ReceiptValidationError(.appItemIdentifier, "the app item identifier is not the expected one")
        }
        return ValidatedReceipt(receipt: receipt, chain: verified.chain, validationTime: time, signedData: verified)
    }

    /// Throws at `step`, with `what FOUND, expected EXPECTED`, unless nothing is expected or `found` has exactly
    /// the UTF-8 of what is. One function for the three text fields, whose checks would otherwise each carry their
    /// own copy of the interpolation.
    @inline(never)
    private static func expect(
        _ found: String?,
        _ expected: String?,
        _ step: ReceiptValidationError.Step,
        _ what: String
    ) throws(ReceiptValidationError) {
        guard let expected, !found.hasSameUTF8(as: expected) else { return }
        throw ReceiptValidationError(step, "\(what) \(found ?? "(none)"), expected \(expected)")
    }
}

/// A receipt that passed every requested check, with what was checked.
public struct ValidatedReceipt: Sendable {
    /// The decoded receipt.
    public let receipt: AppReceipt
    /// The signer's validated certificate chain, leaf first.
    public let chain: ValidatedChain
    /// The instant the chain was validated at.
    public let validationTime: Int64
    /// The verified container (content, digest algorithm, whether attributes were signed).
    public let signedData: VerifiedSignedData
}

/// Which validation step failed, and why.
public struct ReceiptValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The steps, in the order they run.
    public enum Step: String, Sendable, Hashable, CustomStringConvertible {
        /// The bytes are not a PKCS#7 SignedData of data.
        case container
        /// The signer's signature, digest or key fails.
        case signature
        /// The signed payload does not decode, or lacks the creation date the chain is validated at.
        case payload
        /// The signer's chain does not validate.
        case chain
        /// The bundle identifier is not the expected one.
        case bundleIdentifier
        /// The application version is not the expected one.
        case applicationVersion
        /// The device hash does not match the device identifier.
        case deviceHash
        /// The receipt type (the environment) is not the expected one.
        case receiptType
        /// The app item identifier (the app Apple ID) is not the expected one.
        case appItemIdentifier

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// The step that failed.
    public var step: Step
    /// Why.
    public var reason: String
    /// The PKCS#7 error underneath, for the container, signature and chain steps.
    @NestedError public var pkcs7: PKCS7Error?
    /// The payload error underneath.
    @NestedError public var receipt: ReceiptError?

    @inline(never)
    package init(_ step: Step, _ reason: String, pkcs7: PKCS7Error? = nil, receipt: ReceiptError? = nil) {
        self.step = step
        self.reason = reason
        self.pkcs7 = pkcs7
        self.receipt = receipt
    }

    /// `step: reason`, where the reason is the underlying error's when there is one.
    public var description: String {
        if let pkcs7 { return "\(step): \(pkcs7)" }
        if let receipt { return "\(step): \(receipt)" }
        return "\(step): \(reason)"
    }
}

extension AppReceipt {
    /// Decodes the payload of a parsed receipt container (not yet verified: use ``ReceiptValidator`` for that).
    /// App Store payloads are DER; the payloads inside Xcode's BER envelopes are DER too but for their SET OF
    /// order, the one relaxation allowed there.
    package init(contentOf signedData: SignedData) throws(ReceiptError) {
        let rules = signedData.hasBEREnvelope ? EncodingRules(allowsUnsortedSetOf: true) : .der
        try self.init(payload: signedData.content, rules: rules)
    }
}

extension AppReceipt {
    /// Whether a receipt of this type carries no app item identifier (it is 0): sandbox and Xcode receipts. A
    /// missing or unknown type is not taken to be one of them.
    static func carriesNoAppItemIdentifier(receiptType: String?) -> Bool {
        receiptType.hasSameUTF8(as: "ProductionSandbox") || receiptType.hasSameUTF8(as: "Xcode")
    }
}
