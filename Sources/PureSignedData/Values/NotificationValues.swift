// The open sets of App Store Server Notifications V2 (Apple, "responseBodyV2DecodedPayload" and its "data").
// Each is a struct wrapping the value as Apple writes it, so that a notification type or subtype a later release
// adds is kept, not refused.

/// The event a notification reports (Apple: `notificationType`).
public struct NotificationTypeV2: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `SUBSCRIBED`.
    public static var subscribed: Self { Self(rawValue: "SUBSCRIBED") }
    /// `DID_CHANGE_RENEWAL_PREF`.
    public static var didChangeRenewalPref: Self { Self(rawValue: "DID_CHANGE_RENEWAL_PREF") }
    /// `DID_CHANGE_RENEWAL_STATUS`.
    public static var didChangeRenewalStatus: Self { Self(rawValue: "DID_CHANGE_RENEWAL_STATUS") }
    /// `OFFER_REDEEMED`.
    public static var offerRedeemed: Self { Self(rawValue: "OFFER_REDEEMED") }
    /// `DID_RENEW`.
    public static var didRenew: Self { Self(rawValue: "DID_RENEW") }
    /// `EXPIRED`.
    public static var expired: Self { Self(rawValue: "EXPIRED") }
    /// `DID_FAIL_TO_RENEW`.
    public static var didFailToRenew: Self { Self(rawValue: "DID_FAIL_TO_RENEW") }
    /// `GRACE_PERIOD_EXPIRED`.
    public static var gracePeriodExpired: Self { Self(rawValue: "GRACE_PERIOD_EXPIRED") }
    /// `PRICE_INCREASE`.
    public static var priceIncrease: Self { Self(rawValue: "PRICE_INCREASE") }
    /// `REFUND`.
    public static var refund: Self { Self(rawValue: "REFUND") }
    /// `REFUND_DECLINED`.
    public static var refundDeclined: Self { Self(rawValue: "REFUND_DECLINED") }
    /// `REFUND_REVERSED`.
    public static var refundReversed: Self { Self(rawValue: "REFUND_REVERSED") }
    /// `CONSUMPTION_REQUEST`.
    public static var consumptionRequest: Self { Self(rawValue: "CONSUMPTION_REQUEST") }
    /// `RENEWAL_EXTENDED`.
    public static var renewalExtended: Self { Self(rawValue: "RENEWAL_EXTENDED") }
    /// `RENEWAL_EXTENSION`: the notification carries a `summary` instead of `data`.
    public static var renewalExtension: Self { Self(rawValue: "RENEWAL_EXTENSION") }
    /// `REVOKE`.
    public static var revoke: Self { Self(rawValue: "REVOKE") }
    /// `TEST`.
    public static var test: Self { Self(rawValue: "TEST") }
    /// `EXTERNAL_PURCHASE_TOKEN`: the notification carries an `externalPurchaseToken` instead of `data`.
    public static var externalPurchaseToken: Self { Self(rawValue: "EXTERNAL_PURCHASE_TOKEN") }
    /// `ONE_TIME_CHARGE`.
    public static var oneTimeCharge: Self { Self(rawValue: "ONE_TIME_CHARGE") }
    /// `RESCIND_CONSENT`: the notification carries `appData`.
    public static var rescindConsent: Self { Self(rawValue: "RESCIND_CONSENT") }
    /// `METADATA_UPDATE` (Advanced Commerce).
    public static var metadataUpdate: Self { Self(rawValue: "METADATA_UPDATE") }
    /// `MIGRATION` (Advanced Commerce).
    public static var migration: Self { Self(rawValue: "MIGRATION") }
    /// `PRICE_CHANGE` (Advanced Commerce).
    public static var priceChange: Self { Self(rawValue: "PRICE_CHANGE") }
}

/// What more a notification says about its event (Apple: `subtype`), present for some types only.
public struct Subtype: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `INITIAL_BUY`.
    public static var initialBuy: Self { Self(rawValue: "INITIAL_BUY") }
    /// `RESUBSCRIBE`.
    public static var resubscribe: Self { Self(rawValue: "RESUBSCRIBE") }
    /// `DOWNGRADE`.
    public static var downgrade: Self { Self(rawValue: "DOWNGRADE") }
    /// `UPGRADE`.
    public static var upgrade: Self { Self(rawValue: "UPGRADE") }
    /// `AUTO_RENEW_ENABLED`.
    public static var autoRenewEnabled: Self { Self(rawValue: "AUTO_RENEW_ENABLED") }
    /// `AUTO_RENEW_DISABLED`.
    public static var autoRenewDisabled: Self { Self(rawValue: "AUTO_RENEW_DISABLED") }
    /// `VOLUNTARY`.
    public static var voluntary: Self { Self(rawValue: "VOLUNTARY") }
    /// `BILLING_RETRY`.
    public static var billingRetry: Self { Self(rawValue: "BILLING_RETRY") }
    /// `PRICE_INCREASE`.
    public static var priceIncrease: Self { Self(rawValue: "PRICE_INCREASE") }
    /// `GRACE_PERIOD`.
    public static var gracePeriod: Self { Self(rawValue: "GRACE_PERIOD") }
    /// `PENDING`.
    public static var pending: Self { Self(rawValue: "PENDING") }
    /// `ACCEPTED`.
    public static var accepted: Self { Self(rawValue: "ACCEPTED") }
    /// `BILLING_RECOVERY`.
    public static var billingRecovery: Self { Self(rawValue: "BILLING_RECOVERY") }
    /// `PRODUCT_NOT_FOR_SALE`.
    public static var productNotForSale: Self { Self(rawValue: "PRODUCT_NOT_FOR_SALE") }
    /// `SUMMARY`.
    public static var summary: Self { Self(rawValue: "SUMMARY") }
    /// `FAILURE`.
    public static var failure: Self { Self(rawValue: "FAILURE") }
    /// `UNREPORTED`.
    public static var unreported: Self { Self(rawValue: "UNREPORTED") }
}

/// The status of an auto-renewable subscription as of the notification's `signedDate` (Apple: `status`, an
/// `int32`; named here for what it holds).
public struct SubscriptionStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: Int32

    /// Wraps a value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The value in decimal.
    public var description: String { "\(rawValue)" }

    /// `1`: active.
    public static var active: Self { Self(rawValue: 1) }
    /// `2`: expired.
    public static var expired: Self { Self(rawValue: 2) }
    /// `3`: in the billing retry period.
    public static var billingRetry: Self { Self(rawValue: 3) }
    /// `4`: in the billing grace period.
    public static var billingGracePeriod: Self { Self(rawValue: 4) }
    /// `5`: revoked.
    public static var revoked: Self { Self(rawValue: 5) }
}

/// Why the customer asked for a refund of a consumable (Apple: `consumptionRequestReason`).
public struct ConsumptionRequestReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `UNINTENDED_PURCHASE`.
    public static var unintendedPurchase: Self { Self(rawValue: "UNINTENDED_PURCHASE") }
    /// `FULFILLMENT_ISSUE`.
    public static var fulfillmentIssue: Self { Self(rawValue: "FULFILLMENT_ISSUE") }
    /// `UNSATISFIED_WITH_PURCHASE`.
    public static var unsatisfiedWithPurchase: Self { Self(rawValue: "UNSATISFIED_WITH_PURCHASE") }
    /// `LEGAL`.
    public static var legal: Self { Self(rawValue: "LEGAL") }
    /// `OTHER`.
    public static var other: Self { Self(rawValue: "OTHER") }
}
