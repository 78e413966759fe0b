// The open sets of a transaction's fields (Apple, App Store Server API, "JWSTransactionDecodedPayload"). Each is
// a struct wrapping the value as Apple writes it, so that a value a later release adds is kept, not refused.

/// The type of an in-app purchase (Apple: `type`).
public struct ProductType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `Auto-Renewable Subscription`.
    public static var autoRenewableSubscription: Self { Self(rawValue: "Auto-Renewable Subscription") }
    /// `Non-Consumable`.
    public static var nonConsumable: Self { Self(rawValue: "Non-Consumable") }
    /// `Consumable`.
    public static var consumable: Self { Self(rawValue: "Consumable") }
    /// `Non-Renewing Subscription`.
    public static var nonRenewingSubscription: Self { Self(rawValue: "Non-Renewing Subscription") }
}

/// Whether the customer bought the item or has it through Family Sharing (Apple: `inAppOwnershipType`).
public struct InAppOwnershipType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `PURCHASED`: the customer bought it.
    public static var purchased: Self { Self(rawValue: "PURCHASED") }
    /// `FAMILY_SHARED`: a family member bought it and shares it.
    public static var familyShared: Self { Self(rawValue: "FAMILY_SHARED") }
}

/// Why the transaction exists: a purchase by the customer or a renewal by the system (Apple:
/// `transactionReason`).
public struct TransactionReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `PURCHASE`: the customer bought, restored, upgraded or crossgraded.
    public static var purchase: Self { Self(rawValue: "PURCHASE") }
    /// `RENEWAL`: the App Store renewed an auto-renewable subscription.
    public static var renewal: Self { Self(rawValue: "RENEWAL") }
}

/// The kind of subscription offer (Apple: `offerType`, an `int32`).
public struct OfferType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: Int32

    /// Wraps a value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The value in decimal.
    public var description: String { "\(rawValue)" }

    /// `1`: an introductory offer.
    public static var introductoryOffer: Self { Self(rawValue: 1) }
    /// `2`: a promotional offer.
    public static var promotionalOffer: Self { Self(rawValue: 2) }
    /// `3`: an offer with a subscription offer code.
    public static var offerCode: Self { Self(rawValue: 3) }
    /// `4`: a win-back offer.
    public static var winBackOffer: Self { Self(rawValue: 4) }
}

/// The payment mode of an offer (Apple: `offerDiscountType`).
public struct OfferDiscountType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `FREE_TRIAL`.
    public static var freeTrial: Self { Self(rawValue: "FREE_TRIAL") }
    /// `PAY_AS_YOU_GO`.
    public static var payAsYouGo: Self { Self(rawValue: "PAY_AS_YOU_GO") }
    /// `PAY_UP_FRONT`.
    public static var payUpFront: Self { Self(rawValue: "PAY_UP_FRONT") }
    /// `ONE_TIME`.
    public static var oneTime: Self { Self(rawValue: "ONE_TIME") }
}

/// Why the App Store refunded a transaction or revoked it from Family Sharing (Apple: `revocationReason`, an
/// `int32`).
public struct RevocationReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: Int32

    /// Wraps a value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The value in decimal.
    public var description: String { "\(rawValue)" }

    /// `0`: refunded for another reason, such as an accidental purchase.
    public static var refundedForOtherReason: Self { Self(rawValue: 0) }
    /// `1`: refunded because of an actual or perceived issue within the app.
    public static var refundedDueToIssue: Self { Self(rawValue: 1) }
}

/// The kind of refund or revocation (Apple: `revocationType`).
public struct RevocationType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `REFUND_FULL`.
    public static var refundFull: Self { Self(rawValue: "REFUND_FULL") }
    /// `REFUND_PRORATED`.
    public static var refundProrated: Self { Self(rawValue: "REFUND_PRORATED") }
    /// `FAMILY_REVOKE`.
    public static var familyRevoke: Self { Self(rawValue: "FAMILY_REVOKE") }
}

/// How an Advanced Commerce subscription is billed (Apple: `billingPlanType` of a transaction,
/// `renewalBillingPlanType` of a renewal info).
public struct BillingPlanType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `BILLED_UPFRONT`.
    public static var billedUpfront: Self { Self(rawValue: "BILLED_UPFRONT") }
    /// `MONTHLY`.
    public static var monthly: Self { Self(rawValue: "MONTHLY") }
}
