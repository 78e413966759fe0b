// The open sets of a renewal info's fields (Apple, App Store Server API, "JWSRenewalInfoDecodedPayload"), all
// `int32`. Each is a struct wrapping the number, so that a value a later release adds is kept, not refused.

/// Whether the subscription renews automatically at the end of its period (Apple: `autoRenewStatus`).
public struct AutoRenewStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: Int32

    /// Wraps a value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The value in decimal.
    public var description: String { "\(rawValue)" }

    /// `0`: automatic renewal is off.
    public static var off: Self { Self(rawValue: 0) }
    /// `1`: automatic renewal is on.
    public static var on: Self { Self(rawValue: 1) }
}

/// Why a subscription expired (Apple: `expirationIntent`).
public struct ExpirationIntent: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: Int32

    /// Wraps a value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The value in decimal.
    public var description: String { "\(rawValue)" }

    /// `1`: the customer cancelled.
    public static var customerCancelled: Self { Self(rawValue: 1) }
    /// `2`: a billing error.
    public static var billingError: Self { Self(rawValue: 2) }
    /// `3`: the customer did not consent to a price increase that needed consent.
    public static var customerDidNotConsentToPriceIncrease: Self { Self(rawValue: 3) }
    /// `4`: the product was not available for purchase at renewal.
    public static var productNotAvailable: Self { Self(rawValue: 4) }
    /// `5`: another reason.
    public static var other: Self { Self(rawValue: 5) }
}

/// Whether a subscription is subject to a price increase the customer must answer (Apple:
/// `priceIncreaseStatus`).
public struct PriceIncreaseStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: Int32

    /// Wraps a value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The value in decimal.
    public var description: String { "\(rawValue)" }

    /// `0`: the customer has not yet responded to a price increase that needs consent.
    public static var customerHasNotResponded: Self { Self(rawValue: 0) }
    /// `1`: the customer consented, or was notified of an increase that needs no consent.
    public static var customerConsentedOrWasNotifiedWithoutNeedingConsent: Self { Self(rawValue: 1) }
}
