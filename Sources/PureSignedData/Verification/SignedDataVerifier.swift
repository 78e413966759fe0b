import PureCrypto
import PureDER
public import PureX509

/// Verifies StoreKit signed data (JWS), fail-closed and in this order: the compact serialization → the header
/// (`alg` ES256, `x5c` in the trust's layout) → the payload's form → the chain from `x5c` to a trust anchor at
/// the validation time → the ES256 signature over `header.payload` with the leaf's key → what the caller
/// expects → for a notification, its nested signed data, verified the same way and agreeing with it.
///
/// ```swift
/// let verifier = SignedDataVerifier(expectations: .init(bundleIdentifier: "com.example.app", environment: .production,
///                                                      appAppleID: 1234567890))
/// let transaction = try verifier.verify(jws, as: JWSTransactionDecodedPayload.self)   // at its own signedDate
/// ```
///
/// The payload is read before the chain only to pick the instant to validate at; nothing in it is believed
/// until the signature verifies.
public struct SignedDataVerifier: Sendable {
    /// When the chain is validated.
    public enum ValidationTime: Sendable, Hashable {
        /// The payload's own `signedDate`: certificates that expired since still validate. A notification
        /// without one (Apple's first notifications had none) is validated at its nested transaction's, or else
        /// its nested renewal info's, `signedDate`.
        case signedDate
        /// A given instant, in seconds since 1970.
        case instant(Int64)
    }

    /// What the caller expects of the data; `nil` fields are not checked.
    public struct Expectations: Sendable, Hashable {
        /// The app's bundle identifier, checked where the payload's kind carries one (not renewal info).
        public var bundleIdentifier: String?
        /// The environment (`environment`, an app transaction's `receiptType`).
        public var environment: AppStoreEnvironment?
        /// The app's Apple ID, checked where the payload's kind carries one (notifications, app transactions)
        /// and the data is Production's. Required when ``environment`` is Production.
        public var appAppleID: Int64?

        /// Creates expectations.
        public init(bundleIdentifier: String? = nil, environment: AppStoreEnvironment? = nil, appAppleID: Int64? = nil)
        {
            self.bundleIdentifier = bundleIdentifier
            self.environment = environment
            self.appAppleID = appAppleID
        }
    }

    /// Whom to trust.
    public var trust: SignedDataTrust
    /// When to validate the chain.
    public var validationTime: ValidationTime
    /// What to check of the payload.
    public var expectations: Expectations

    /// Creates a verifier; by default the bundled Apple Root CA - G3 at the payload's own `signedDate`.
    public init(
        trust: SignedDataTrust = .appStore,
        validationTime: ValidationTime = .signedDate,
        expectations: Expectations = Expectations()
    ) {
        self.trust = trust
        self.validationTime = validationTime
        self.expectations = expectations
    }

    /// Verifies `input`, a JWS in compact serialization, decoding its payload as `type` (by default the kind
    /// its members mark). Offsets in errors are indices of `input`'s buffer.
    public func verify<Payload: SignedPayload>(
        _ input: ArraySlice<UInt8>,
        as type: Payload.Type = DecodedPayload.self
    ) throws(SignedDataError) -> VerifiedJWS<Payload> {
        try checkCallerExpectations()
        var noMemo: SignatureMemo? = nil
        return try verify(input, as: type, expectations: expectations, memo: &noMemo)
    }

    /// Verifies the UTF-8 of `text`; offsets are indices in that UTF-8.
    public func verify<Payload: SignedPayload>(
        _ text: String,
        as type: Payload.Type = DecodedPayload.self
    ) throws(SignedDataError) -> VerifiedJWS<Payload> {
        try verify(Array(text.utf8)[...], as: type)
    }

    /// Verifies as ``verify(_:as:)-(ArraySlice<UInt8>,_)`` does, with `memo` sparing the arithmetic of the
    /// certificate signatures earlier verifications of the batch already checked (``PureX509/SignatureMemo``).
    /// Every check still runs; the JWS signature is always verified.
    public func verify<Payload: SignedPayload>(
        _ input: ArraySlice<UInt8>,
        as type: Payload.Type = DecodedPayload.self,
        memo: inout SignatureMemo
    ) throws(SignedDataError) -> VerifiedJWS<Payload> {
        try checkCallerExpectations()
        return try memo.lend { lent throws(SignedDataError) in
            try verify(input, as: type, expectations: expectations, memo: &lent)
        }
    }

    /// The rule about the caller's own expectations, checked before any input is read (it depends on none):
    /// who expects Production names the app, as Apple's library requires of its verifier.
    private func checkCallerExpectations() throws(SignedDataError) {
        guard expectations.environment?.isProduction == true, expectations.appAppleID == nil else { return }
        throw SignedDataError(
            .expectations,
            .appAppleIdRequired,
            "Production data is verified against an app Apple ID, and none was given"
        )
    }

    /// Steps 1–6 against `expectations`: the caller's, or a notification's agreement with its nested data.
    private func verify<Payload: SignedPayload>(
        _ input: ArraySlice<UInt8>,
        as type: Payload.Type,
        expectations: Expectations,
        memo: inout SignatureMemo?
    ) throws(SignedDataError) -> VerifiedJWS<Payload> {
        // 1.–2. Form: the compact serialization, the header, the payload's JSON and fields. Nothing believed.
        let data = try UnverifiedSignedData<Payload>(unverified: input, layout: trust.layout)
        let verified = try verify(
            data.compactSerialization,
            header: data.header,
            claims: PayloadClaims(data.payload),
            expectations: expectations,
            memo: &memo
        )
        return VerifiedJWS(
            payload: data.payload,
            header: data.header,
            chain: verified.chain,
            validationTime: verified.time,
            nested: verified.nested
        )
    }

    /// What verification reads of a payload, whatever its type: so that the steps after decoding are one
    /// function, not one per payload type.
    private struct PayloadClaims {
        var signedDate: Int64?
        /// Whether ``signedDate`` is read from `receiptCreationDate`, as an app transaction's is.
        var datedAtCreation: Bool
        var app: AppClaims
        var nested: [NestedJWSField]

        init(_ payload: some SignedPayload) {
            signedDate = payload.signedDate
            datedAtCreation = payload.kind == .appTransaction
            app = payload.appClaims
            nested = payload.nestedSignedData
        }
    }

    /// Steps 3–6 for decoded data.
    private func verify(
        _ serialization: CompactSerialization,
        header: JWSHeader,
        claims: PayloadClaims,
        expectations: Expectations,
        memo: inout SignatureMemo?
    ) throws(SignedDataError) -> (chain: ValidatedChain, time: Int64, nested: [NestedSignedData]) {
        let time = try validationInstant(
            signedDate: claims.signedDate,
            datedAtCreation: claims.datedAtCreation,
            nested: claims.nested
        )
        // 3. The chain, from x5c's leaf through the rest of x5c (a copy of an anchor there is the anchor) to an
        // anchor of the trust's, at the validation time.
        let certificates = header.certificates
        let chain: ValidatedChain
        do throws(PathValidationError) {
            var work = PathSearchWork()
            chain = try PathValidator(anchors: trust.anchors, algorithms: trust.algorithms).validate(
                leaf: certificates[0],
                intermediates: Array(certificates.dropFirst()),
                at: time,
                policy: trust.policy,
                work: &work,
                memo: &memo
            )
        } catch {
            throw SignedDataError(.chain, .pathValidation, "the x5c chain does not validate", path: error)
        }
        // 4. ES256 with the leaf's key over the ASCII bytes `header.payload`.
        try checkSignature(serialization, signer: chain.leaf)
        // 5. What the caller expects, now that the payload is the App Store's word (a notification's claims are its
        // one container's: decoding refuses two).
        try check(claims.app, against: expectations)
        // 6. A notification's nested data: verified with the same trust, and of the same bundle, environment and
        // (for a nested app transaction of Production) app Apple ID.
        var verifiedNested: [NestedSignedData] = []
        for field in claims.nested {
            let agreement = Expectations(
                bundleIdentifier: claims.app.bundleId,
                environment: claims.app.environment,
                appAppleID: claims.app.appAppleId
            )
            do throws(SignedDataError) {
                let verified = try verifyNested(field, expectations: agreement, memo: &memo)
                verifiedNested.append(NestedSignedData(path: field.path, verified: verified))
            } catch {
                throw error.nested(in: field.path)
            }
        }
        return (chain, time, verifiedNested)
    }

    /// A nested JWS verified as the kind its field holds, with the notification's app and environment as its
    /// expectations.
    private func verifyNested(
        _ field: NestedJWSField,
        expectations: Expectations,
        memo: inout SignatureMemo?
    ) throws(SignedDataError) -> VerifiedJWS<DecodedPayload> {
        let bytes = Array(field.text.utf8)[...]
        switch field.kind {
        case .transaction:
            return try verify(
                bytes,
                as: JWSTransactionDecodedPayload.self,
                expectations: expectations,
                memo: &memo
            )
            .map(DecodedPayload.transaction)
        case .renewalInfo:
            return try verify(
                bytes,
                as: JWSRenewalInfoDecodedPayload.self,
                expectations: expectations,
                memo: &memo
            )
            .map(DecodedPayload.renewalInfo)
        case .appTransaction:
            return try verify(bytes, as: AppTransaction.self, expectations: expectations, memo: &memo)
                .map(DecodedPayload.appTransaction)
        case .notification:
            // Apple nests no notification in another; one that says so is refused rather than followed.
            throw SignedDataError(.payload, .kindMismatch, "a notification nested in a notification", part: .payload)
        }
    }

    /// The instant the chain is validated at, in seconds since 1970.
    private func validationInstant(
        signedDate: Int64?,
        datedAtCreation: Bool,
        nested: [NestedJWSField]
    ) throws(SignedDataError) -> Int64 {
        switch validationTime {
        case .instant(let instant):
            return instant
        case .signedDate:
            if let milliseconds = signedDate { return Self.seconds(milliseconds) }
            // A notification without a signedDate: its nested data's, read here only to pick the instant; the
            // nested data is verified in its turn at its own.
            for field in nested where field.kind == .transaction || field.kind == .renewalInfo {
                let unverified = try? UnverifiedSignedData<DecodedPayload>(unverified: field.text, layout: trust.layout)
                if let milliseconds = unverified?.payload.signedDate { return Self.seconds(milliseconds) }
            }
            // Named by the member it is read from: an app transaction that lacks receiptCreationDate may well have
            // a signedDate, which Apple's library does not validate it at.
            // (A Bool, not the member's name compared: String's == would bring Unicode normalization into the
            // WebAssembly module, 44 KB.)
            throw SignedDataError(
                .chain,
                .missingSignedDate,
                datedAtCreation
                    ? "no receiptCreationDate, the instant an app transaction is validated at"
                    : "no signedDate to validate the chain at",
                field: datedAtCreation ? "receiptCreationDate" : "signedDate"
            )
        }
    }

    /// Whole seconds at or before `milliseconds`.
    static func seconds(_ milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 1000 : -((-(milliseconds + 1)) / 1000) - 1
    }

    private func checkSignature(
        _ data: CompactSerialization,
        signer: Certificate
    ) throws(SignedDataError) {
        guard case .p256(let key)? = signer.publicKey,
            trust.algorithms.refusal(of: .p256(key), owner: "the signer's") == nil,
            trust.algorithms.refusal(of: ECDSADigestAlgorithm.sha256) == nil
        else {
            throw SignedDataError(
                .signature,
                .signerKeyNotAllowed,
                "ES256 needs a P-256 key and SHA-256, allowed by the trust's algorithm policy; the leaf has "
                    + (signer.publicKey?.description ?? "a key of another algorithm"),
                certificateIndex: 0
            )
        }
        let signature: P256.Signing.ECDSASignature
        do throws(ECDSAError) {
            signature = try P256.Signing.ECDSASignature(rawRepresentation: data.signature)
        } catch {
            throw SignedDataError(
                .signature,
                .malformedSignature,
                "not an ES256 signature: 64 bytes r‖s, each in [1, n − 1]",
                part: .signature,
                ecdsa: error
            )
        }
        guard key.isValidSignature(signature, for: data.signingInput) else {
            throw SignedDataError(
                .signature,
                .invalidSignature,
                "the signature does not verify with the leaf's key",
                part: .signature
            )
        }
    }

    /// Step 5: the claims against the caller's expectations or, for nested data, the notification's.
    private func check(_ claims: AppClaims, against expected: Expectations) throws(SignedDataError) {
        if let bundle = expected.bundleIdentifier, claims.namesBundle, !claims.bundleId.hasSameUTF8(as: bundle) {
            throw SignedDataError(
                .expectations,
                .bundleIdMismatch,
                "bundle identifier \(claims.bundleId ?? "(none)"), expected \(bundle)",
                field: "bundleId"
            )
        }
        if let environment = expected.environment, !(claims.environment?.rawValue).hasSameUTF8(as: environment.rawValue)
        {
            throw SignedDataError(
                .expectations,
                .environmentMismatch,
                "environment \(claims.environment?.rawValue ?? "(none)"), expected \(environment)",
                field: "environment"
            )
        }
        if let app = expected.appAppleID, claims.namesApp, claims.environment?.isProduction == true,
            claims.appAppleId != app
        {
            throw SignedDataError(
                .expectations,
                .appAppleIdMismatch,
                "app Apple ID \(claims.appAppleId.map { "\($0)" } ?? "(none)"), expected \(app)",
                field: "appAppleId"
            )
        }
    }
}
