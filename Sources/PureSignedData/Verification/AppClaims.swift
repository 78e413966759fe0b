/// Whose data a payload says it is, as the fields of its kind carry it: checked against
/// ``SignedDataVerifier/Expectations`` once the signature and chain are verified, and, for a notification's
/// nested data, against the notification's own.
public struct AppClaims: Sendable, Hashable {
    /// Whether the payload's kind documents a bundle identifier (renewal info does not).
    public var namesBundle: Bool
    /// The bundle identifier, if the payload has one.
    public var bundleId: String?
    /// Whether the payload's kind documents an app Apple ID (notifications and app transactions).
    public var namesApp: Bool
    /// The app Apple ID, if the payload has one (Apple writes none in Sandbox).
    public var appAppleId: Int64?
    /// The environment, if the payload names one (payloads of 2021 do not).
    public var environment: AppStoreEnvironment?

    /// Creates claims.
    public init(
        namesBundle: Bool,
        bundleId: String?,
        namesApp: Bool,
        appAppleId: Int64?,
        environment: AppStoreEnvironment?
    ) {
        self.namesBundle = namesBundle
        self.bundleId = bundleId
        self.namesApp = namesApp
        self.appAppleId = appAppleId
        self.environment = environment
    }
}

/// A JWS nested in a payload, as written: where it stands and what kind it must be.
public struct NestedJWSField: Sendable, Hashable {
    /// The field's path from the payload: `data.signedTransactionInfo`.
    public var path: String
    /// The kind of payload the field holds.
    public var kind: SignedDataKind
    /// The JWS text, unverified.
    public var text: String

    /// Creates a field.
    public init(path: String, kind: SignedDataKind, text: String) {
        self.path = path
        self.kind = kind
        self.text = text
    }
}

extension JWSTransactionDecodedPayload {
    /// The bundle identifier and environment.
    public var appClaims: AppClaims {
        AppClaims(namesBundle: true, bundleId: bundleId, namesApp: false, appAppleId: nil, environment: environment)
    }
}

extension JWSRenewalInfoDecodedPayload {
    /// The environment (renewal info names no app).
    public var appClaims: AppClaims {
        AppClaims(namesBundle: false, bundleId: nil, namesApp: false, appAppleId: nil, environment: environment)
    }
}

extension AppTransaction {
    /// The bundle identifier, app Apple ID and environment (`receiptType`).
    public var appClaims: AppClaims {
        AppClaims(
            namesBundle: true,
            bundleId: bundleId,
            namesApp: true,
            appAppleId: appAppleId,
            environment: receiptType
        )
    }
}

extension ResponseBodyV2DecodedPayload {
    /// The app and environment of the one of `data`, `summary`, `externalPurchaseToken` and `appData` the
    /// notification carries (decoding refuses two). An external purchase token names no environment: as Apple's
    /// library does, a token whose `externalPurchaseId` begins with `SANDBOX` is Sandbox's, any other Production's.
    public var appClaims: AppClaims {
        if let data {
            return AppClaims(
                namesBundle: true,
                bundleId: data.bundleId,
                namesApp: true,
                appAppleId: data.appAppleId,
                environment: data.environment
            )
        }
        if let summary {
            return AppClaims(
                namesBundle: true,
                bundleId: summary.bundleId,
                namesApp: true,
                appAppleId: summary.appAppleId,
                environment: summary.environment
            )
        }
        if let token = externalPurchaseToken {
            let isSandbox = token.externalPurchaseId.map { $0.utf8.starts(with: "SANDBOX".utf8) } ?? false
            return AppClaims(
                namesBundle: true,
                bundleId: token.bundleId,
                namesApp: true,
                appAppleId: token.appAppleId,
                environment: token.externalPurchaseId == nil ? nil : isSandbox ? .sandbox : .production
            )
        }
        if let appData {
            return AppClaims(
                namesBundle: true,
                bundleId: appData.bundleId,
                namesApp: true,
                appAppleId: appData.appAppleId,
                environment: appData.environment
            )
        }
        return AppClaims(namesBundle: true, bundleId: nil, namesApp: true, appAppleId: nil, environment: nil)
    }

    /// `data.signedTransactionInfo`, `data.signedRenewalInfo` and `appData.signedAppTransactionInfo`, those
    /// present.
    public var nestedSignedData: [NestedJWSField] {
        var fields: [NestedJWSField] = []
        if let text = data?.signedTransactionInfo {
            fields.append(NestedJWSField(path: "data.signedTransactionInfo", kind: .transaction, text: text))
        }
        if let text = data?.signedRenewalInfo {
            fields.append(NestedJWSField(path: "data.signedRenewalInfo", kind: .renewalInfo, text: text))
        }
        if let text = appData?.signedAppTransactionInfo {
            fields.append(
                NestedJWSField(path: "appData.signedAppTransactionInfo", kind: .appTransaction, text: text)
            )
        }
        return fields
    }
}

extension DecodedPayload {
    /// The claims of the payload of the kind detected.
    public var appClaims: AppClaims {
        switch self {
        case .transaction(let payload): return payload.appClaims
        case .renewalInfo(let payload): return payload.appClaims
        case .appTransaction(let payload): return payload.appClaims
        case .notification(let payload): return payload.appClaims
        }
    }

    /// A notification's nested signed data; none for the other kinds.
    public var nestedSignedData: [NestedJWSField] {
        switch self {
        case .notification(let payload): return payload.nestedSignedData
        case .transaction, .renewalInfo, .appTransaction: return []
        }
    }
}
