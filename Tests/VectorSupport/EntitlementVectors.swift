import Foundation

/// `TestVectors/entitlements/expected.json`: what each real receipt grants at chosen instants, computed by
/// `TestVectors/entitlements/make-expected.py` from the purchase lists of the receipts' expected files,
/// independently of the library (docs/entitlements.md has the rules both follow).
public struct EntitlementVectors: Decodable, Sendable {
    /// One receipt and its answers.
    public struct Receipt: Decodable, Sendable {
        /// The receipt, relative to `TestVectors/`.
        public let file: String
        /// The anchor to validate it with, relative to `TestVectors/`; `nil` for the bundled Apple root.
        public let anchor: String?
        /// Its creation date, RFC 3339 UTC: the default instant of the answers.
        public let receiptCreationDate: String
        /// Field 19.
        public let originalApplicationVersion: String?
        /// Field 18, RFC 3339 UTC.
        public let originalPurchaseDate: String?
        /// Every product's transaction identifiers, latest first, refunded ones included.
        public let purchasesLatestFirst: [Purchases]
        /// Introductory-offer eligibility for chosen groups of product identifiers.
        public let introOfferEligibility: [Eligibility]
        /// The answers at chosen instants.
        public let at: [Answers]
    }

    /// The records of one product.
    public struct Purchases: Decodable, Sendable {
        /// The product identifier.
        public let productId: String
        /// Its records' transaction identifiers, latest first.
        public let transactionIds: [String?]
    }

    /// Whether the user may have a group's introductory offer.
    public struct Eligibility: Decodable, Sendable {
        /// The group's product identifiers.
        public let group: [String]
        /// The answer.
        public let eligible: Bool
    }

    /// The answers at one instant.
    public struct Answers: Decodable, Sendable {
        /// The instant, RFC 3339 UTC.
        public let at: String
        /// The active subscriptions, in the answer's order.
        public let activeSubscriptions: [Subscription]
        /// The products bought, in the answer's order.
        public let purchasedProducts: [Product]
    }

    /// An active subscription, as `receipt entitlements --json` prints it.
    public struct Subscription: Decodable, Sendable, Hashable {
        public let productId: String
        public let transactionId: String?
        public let originalTransactionId: String?
        public let purchaseDate: String
        public let expiresDate: String

        /// Creates a subscription from its members.
        public init(
            productId: String,
            transactionId: String?,
            originalTransactionId: String?,
            purchaseDate: String,
            expiresDate: String
        ) {
            self.productId = productId
            self.transactionId = transactionId
            self.originalTransactionId = originalTransactionId
            self.purchaseDate = purchaseDate
            self.expiresDate = expiresDate
        }
    }

    /// A purchased product, as `receipt entitlements --json` prints it.
    public struct Product: Decodable, Sendable, Hashable {
        public let productId: String
        public let latestTransactionId: String?
        public let latestPurchaseDate: String
        public let quantity: Int64
        public let transactionCount: Int

        /// Creates a product from its members.
        public init(
            productId: String,
            latestTransactionId: String?,
            latestPurchaseDate: String,
            quantity: Int64,
            transactionCount: Int
        ) {
            self.productId = productId
            self.latestTransactionId = latestTransactionId
            self.latestPurchaseDate = latestPurchaseDate
            self.quantity = quantity
            self.transactionCount = transactionCount
        }
    }

    /// Every receipt of the file.
    public let receipts: [Receipt]

    /// Reads `TestVectors/entitlements/expected.json`.
    public static func load() throws -> EntitlementVectors {
        let url = ProjectVectors.folder("entitlements").appendingPathComponent("expected.json")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(EntitlementVectors.self, from: Data(contentsOf: url))
    }

    /// The bytes of a file named relative to `TestVectors/`.
    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: ProjectVectors.directory.appendingPathComponent(relativePath)))
    }
}
