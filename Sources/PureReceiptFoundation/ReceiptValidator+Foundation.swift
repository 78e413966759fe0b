public import Foundation
public import PureReceipt

extension ReceiptValidator {
    /// Validates a receipt (the DER or BER bytes of its PKCS#7 container, not base64 text).
    ///
    /// ```swift
    /// let validated = try ReceiptValidator(expectations: .init(bundleIdentifier: "com.example.app"))
    ///     .validate(receiptData)
    /// ```
    public func validate(_ data: Data) throws(ReceiptValidationError) -> ValidatedReceipt {
        try validate([UInt8](data))
    }

    /// Reads a receipt file (binary, at most ``ReceiptFileError/maximumSize`` bytes) and validates it.
    public func validate(contentsOf url: URL) throws(ReceiptFileError) -> ValidatedReceipt {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ReceiptFileError(.missing, url: url, "no file at \(url.path)")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }  // Read-only: closing cannot lose anything.
            // One byte past the limit tells a file at the limit from a larger one without reading the rest.
            data = try handle.read(upToCount: ReceiptFileError.maximumSize + 1) ?? Data()
        } catch {
            throw ReceiptFileError(.unreadable, url: url, "cannot read \(url.path): \(error.localizedDescription)")
        }
        guard data.count <= ReceiptFileError.maximumSize else {
            throw ReceiptFileError(.tooLarge, url: url, "larger than \(ReceiptFileError.maximumSize) bytes")
        }
        do throws(ReceiptValidationError) {
            return try validate(data)
        } catch {
            throw ReceiptFileError(.invalid, url: url, error.reason, validation: error)
        }
    }
}

extension ReceiptValidator.ValidationTime {
    /// The chain validated at `date` (to the whole second, rounded toward the past).
    public static func at(_ date: Date) -> Self {
        .instant(SecondsSince1970.seconds(date))
    }
}

extension ReceiptValidator.Expectations {
    /// Expectations with the device identifier given as a UUID: on iOS, iPadOS, tvOS, watchOS and visionOS,
    /// `UIDevice.current.identifierForVendor` (WatchKit's `WKInterfaceDevice` on watchOS). On macOS the device
    /// identifier is the primary network interface's MAC address: pass its 6 bytes to
    /// ``PureReceipt/ReceiptValidator/Expectations/init(bundleIdentifier:applicationVersion:deviceIdentifier:)``.
    public init(bundleIdentifier: String? = nil, applicationVersion: String? = nil, device: UUID) {
        let bytes = withUnsafeBytes(of: device.uuid) { Array($0) }
        self.init(bundleIdentifier: bundleIdentifier, applicationVersion: applicationVersion, deviceIdentifier: bytes)
    }
}

#if canImport(Darwin)
extension ReceiptValidator {
    /// Reads and validates the App Store receipt of `bundle` (the app's own, by default) from its
    /// `appStoreReceiptURL`. Not tested by `swift test` on Linux, where bundles have no receipt; everything it
    /// calls is (``validate(contentsOf:)``). Apple deprecated the receipt in iOS 18 and macOS 15 in favour of
    /// StoreKit 2's `AppTransaction`, but still delivers it.
    public func validateAppStoreReceipt(of bundle: Bundle = .main) throws(ReceiptFileError) -> ValidatedReceipt {
        guard let url = bundle.appStoreReceiptURL else {
            throw ReceiptFileError(.missing, url: nil, "the bundle has no App Store receipt URL")
        }
        return try validate(contentsOf: url)
    }
}
#endif
