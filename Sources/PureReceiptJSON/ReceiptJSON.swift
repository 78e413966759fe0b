import PureDER
import PureReceipt
import PureX509

/// The JSON shapes of `receipt dump` and `receipt verify`, with Apple's verifyReceipt field names.
enum ReceiptJSON {
    static func receipt(_ receipt: AppReceipt) -> JSONValue {
        .object([
            ("receipt_type", string(receipt.receiptType)),
            ("app_item_id", integer(receipt.appItemIdentifier)),
            ("bundle_id", string(receipt.bundleIdentifier)),
            ("application_version", string(receipt.applicationVersion)),
            ("original_application_version", string(receipt.originalApplicationVersion)),
            ("receipt_creation_date", date(receipt.creationDate)),
            ("original_purchase_date", date(receipt.originalPurchaseDate)),
            ("expiration_date", date(receipt.expirationDate)),
            ("opaque_value", receipt.opaqueValue.map { .string(Hex.encode($0)) } ?? .null),
            ("sha1_hash", receipt.sha1Hash.map { .string(Hex.encode($0)) } ?? .null),
            ("age_rating", string(receipt.ageRating)),
            ("download_id", integer(receipt.downloadIdentifier)),
            ("version_external_identifier", integer(receipt.versionExternalIdentifier)),
            ("in_app", .array(receipt.inAppPurchases.map(inApp))),
            ("unknown_fields", .array(receipt.otherAttributes.map(attribute))),
        ])
    }

    static func inApp(_ purchase: InAppPurchase) -> JSONValue {
        .object([
            ("quantity", integer(purchase.quantity)),
            ("product_id", string(purchase.productIdentifier)),
            ("transaction_id", string(purchase.transactionIdentifier)),
            ("original_transaction_id", string(purchase.originalTransactionIdentifier)),
            ("purchase_date", date(purchase.purchaseDate)),
            ("original_purchase_date", date(purchase.originalPurchaseDate)),
            ("expires_date", date(purchase.subscriptionExpirationDate)),
            ("cancellation_date", date(purchase.cancellationDate)),
            ("web_order_line_item_id", integer(purchase.webOrderLineItemIdentifier)),
            ("is_trial_period", purchase.isInTrialPeriod.map { .bool($0) } ?? .null),
            ("is_in_intro_offer_period", purchase.isInIntroductoryOfferPeriod.map { .bool($0) } ?? .null),
            ("promotional_offer_id", string(purchase.promotionalOfferIdentifier)),
            ("product_type", integer(purchase.productType)),
            ("unknown_fields", .array(purchase.otherAttributes.map(attribute))),
        ])
    }

    static func certificate(_ certificate: Certificate) -> JSONValue {
        let key: JSONValue =
            certificate.publicKey.map { .string("RSA-\($0.modulusBitCount)") }
            ?? .string(certificate.publicKeyAlgorithm.description)
        return .object([
            ("subject", .string(certificate.subject.description)),
            ("issuer", .string(certificate.issuer.description)),
            ("serial", .string(Hex.encode(certificate.serialNumber))),
            ("not_before", date(certificate.notBefore)),
            ("not_after", date(certificate.notAfter)),
            ("signature_algorithm", .string(certificate.signatureAlgorithm.description)),
            ("key", key),
        ])
    }

    private static func attribute(_ attribute: ReceiptAttribute) -> JSONValue {
        .object([
            ("type", .integer(Int64(attribute.type))), ("version", .integer(Int64(attribute.version))),
            ("value", .string(Hex.encode(attribute.value))),
        ])
    }

    static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    static func integer(_ value: Int64?) -> JSONValue { value.map { .integer($0) } ?? .null }
    static func date(_ seconds: Int64?) -> JSONValue {
        guard let seconds else { return .null }
        return .string(UTCDateTime(secondsSince1970: seconds)?.rfc3339 ?? "\(seconds)")
    }
}
