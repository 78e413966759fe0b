import PureCrypto
import PureDER
package import PureJSON
import PurePKCS7
package import PureReceipt
package import PureX509

/// The JSON shapes of `receipt dump`, `receipt verify` and the WebAssembly module, with Apple's verifyReceipt
/// field names (docs/cli.md). One implementation, so the tool and the wasm module print the same bytes.
package enum ReceiptJSON {
    /// The outcome of one validation: `valid`, `error` (`code`, `step`, `message`), `validation_time`, `chain`
    /// and `receipt`, preceded by `file` when one is given.
    package static func verification(
        _ result: Result<ValidatedReceipt, ReceiptValidationError>,
        file: String? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = file.map { [("file", .string($0))] } ?? []
        switch result {
        case .success(let validated):
            members += [
                ("valid", .bool(true)), ("error", .null),
                ("validation_time", date(validated.validationTime)),
                ("chain", .array(validated.chain.certificates.map(certificate))),
                ("receipt", receipt(validated.receipt)),
            ]
        case .failure(let error):
            members += failureMembers(code: code(error), step: error.step.rawValue, message: error.description)
        }
        return .object(members)
    }

    /// The members of a failed validation: `valid` false, `error` with `code`, `step` and `message`, and null
    /// `validation_time`, `chain` and `receipt`. Also the wasm module's answer to a call it cannot serve.
    package static func failureMembers(code: String, step: String, message: String) -> [(String, JSONValue)] {
        [
            ("valid", .bool(false)),
            ("error", .object([("code", .string(code)), ("step", .string(step)), ("message", .string(message))])),
            ("validation_time", .null), ("chain", .null), ("receipt", .null),
        ]
    }

    /// A stable code: the step, and the underlying error's code where there is one (`chain.expired`).
    package static func code(_ error: ReceiptValidationError) -> String {
        if let path = error.pkcs7?.path { return "\(error.step).\(path.code)" }
        if let pkcs7 = error.pkcs7 { return "\(error.step).\(pkcs7.code)" }
        if let receipt = error.receipt { return "\(error.step).\(receipt.code)" }
        return "\(error.step)"
    }

    /// The decoded receipt.
    package static func receipt(_ receipt: AppReceipt) -> JSONValue {
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

    /// One in-app purchase record.
    package static func inApp(_ purchase: InAppPurchase) -> JSONValue {
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

    /// One certificate, as `chain` lists them.
    package static func certificate(_ certificate: Certificate) -> JSONValue {
        let key: JSONValue =
            certificate.publicKey.map { .string($0.description) }
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

    /// A string, or null.
    package static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    /// An integer, or null.
    package static func integer(_ value: Int64?) -> JSONValue { value.map { .integer($0) } ?? .null }
    /// An RFC 3339 UTC date, or null.
    package static func date(_ seconds: Int64?) -> JSONValue {
        guard let seconds else { return .null }
        return .string(UTCDateTime.rfc3339(secondsSince1970: seconds))
    }
}
