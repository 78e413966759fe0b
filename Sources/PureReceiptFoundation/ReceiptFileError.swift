public import Foundation
public import PureReceipt

/// Why a receipt file could not be validated: it is missing, unreadable or too large, or it was read and is
/// not a valid receipt (with the validation error underneath).
public struct ReceiptFileError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// There is no file (or, on Apple platforms, the bundle has no receipt URL): an app run from Xcode or
        /// freshly installed from TestFlight may have none until StoreKit refreshes it.
        case missing
        /// The file exists and cannot be read.
        case unreadable
        /// The file is larger than ``ReceiptFileError/maximumSize``, far beyond any receipt.
        case tooLarge
        /// The file was read and failed validation: see ``ReceiptFileError/validation``.
        case invalid

        /// The case's name.
        public var description: String { rawValue }
    }

    /// The most bytes read from a receipt file: 16 MiB, the largest input the DER layer parses. Real receipts
    /// are a few kilobytes, some tens of kilobytes with hundreds of purchases.
    public static let maximumSize = 16 << 20

    /// What failed.
    public var code: Code
    /// The file, when there is one.
    public var url: URL?
    /// A short explanation.
    public var reason: String
    /// For ``Code/invalid``, the validation step that failed and why.
    public var validation: ReceiptValidationError?

    init(_ code: Code, url: URL?, _ reason: String, validation: ReceiptValidationError? = nil) {
        self.code = code
        self.url = url
        self.reason = reason
        self.validation = validation
    }

    /// `code: reason`, with the validation error for an invalid receipt.
    public var description: String {
        if let validation { return "\(code): \(validation)" }
        return "\(code): \(reason)"
    }
}
