/// The server environment that produced the data (Apple: `environment`; an `AppTransaction`'s `receiptType`).
///
/// An open set: a value Apple adds later is kept as its ``rawValue``, not refused. The environment is a claim
/// of the payload, believed only once the signature and chain are verified; Xcode data is never trusted because
/// it says `Xcode`.
public struct AppStoreEnvironment: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `Production`: the App Store.
    public static var production: Self { Self(rawValue: "Production") }
    /// `Sandbox`: TestFlight and sandbox accounts.
    public static var sandbox: Self { Self(rawValue: "Sandbox") }
    /// `Xcode`: StoreKit testing in Xcode, signed with a local key.
    public static var xcode: Self { Self(rawValue: "Xcode") }
    /// `LocalTesting`: Apple's libraries' own test data.
    public static var localTesting: Self { Self(rawValue: "LocalTesting") }

    /// Whether this is ``production``, by the bytes written.
    var isProduction: Bool { rawValue.utf8.elementsEqual("Production".utf8) }
}

/// The platform on which the customer originally bought the app (Apple: `originalPlatform`). An open set.
public struct PurchasePlatform: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as Apple writes it.
    public var rawValue: String

    /// Wraps a value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as Apple writes it.
    public var description: String { rawValue }

    /// `iOS`: iPhone, iPad, and Apple silicon Macs running iPad apps.
    public static var iOS: Self { Self(rawValue: "iOS") }
    /// `macOS`.
    public static var macOS: Self { Self(rawValue: "macOS") }
    /// `tvOS`.
    public static var tvOS: Self { Self(rawValue: "tvOS") }
    /// `visionOS`.
    public static var visionOS: Self { Self(rawValue: "visionOS") }
}
