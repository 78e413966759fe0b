import PureCrypto
import PureDER
package import PureJSON
import PurePKCS7
package import PureReceipt
package import PureX509

/// The JSON shapes of `receipt dump`, `receipt verify` and the WebAssembly module, with Apple's verifyReceipt
/// field names (docs/cli.md). One implementation, so the tool and the wasm module print the same bytes.
///
/// Each shape is written once, into any ``JSONSink``: straight into a ``JSONWriter``'s bytes for `--json` and the
/// wasm module, into a ``JSONTreeBuilder`` where a caller needs the value (the tool's indented text form). The
/// functions named `…Members` write an object's members; their caller opens and closes the object, so that it
/// can put its own members (the input's name) first.
package enum ReceiptJSON {
    /// The outcome of one validation: `valid`, `error` (`code`, `step`, `message`), `validation_time`, `chain`
    /// and `receipt`.
    package static func verificationMembers(
        _ result: Result<ValidatedReceipt, ReceiptValidationError>,
        into writer: inout JSONWriter
    ) {
        switch result {
        case .success(let validated):
            writer.key("valid")
            writer.bool(true)
            writer.key("error")
            writer.null()
            writer.key("validation_time")
            writer.date(validated.validationTime)
            writer.key("chain")
            chain(validated.chain.certificates, into: &writer)
            writer.key("receipt")
            write(validated.receipt, into: &writer)
        case .failure(let error):
            failureMembers(code: code(error), step: error.step.rawValue, message: error.description, into: &writer)
        }
    }

    /// The validation's object as JSON text: the wasm module's result.
    package static func verificationText(_ result: Result<ValidatedReceipt, ReceiptValidationError>) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        verificationMembers(result, into: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// The object of ``failureMembers(code:step:message:into:)`` as JSON text: the wasm module's answer to a call
    /// it cannot serve.
    package static func failureText(code: String, step: String, message: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        failureMembers(code: code, step: step, message: message, into: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// The members of a failed validation: `valid` false, `error` with `code`, `step` and `message`, and null
    /// `validation_time`, `chain` and `receipt`.
    package static func failureMembers(code: String, step: String, message: String, into writer: inout JSONWriter) {
        errorMembers(code: code, step: step, message: message, into: &writer)
        writer.key("validation_time")
        writer.null()
        writer.key("chain")
        writer.null()
        writer.key("receipt")
        writer.null()
    }

    /// `valid` false and `error` with `code`, `step` and `message`: how every failure shape begins.
    static func errorMembers(code: String, step: String, message: String, into writer: inout JSONWriter) {
        writer.key("valid")
        writer.bool(false)
        writer.key("error")
        writer.beginObject()
        writer.key("code")
        writer.string(code)
        writer.key("step")
        writer.string(step)
        writer.key("message")
        writer.string(message)
        writer.endObject()
    }

    /// A stable code: the step, and the underlying error's code where there is one (`chain.expired`).
    package static func code(_ error: ReceiptValidationError) -> String {
        if let path = error.pkcs7?.path { return "\(error.step).\(path.code)" }
        if let pkcs7 = error.pkcs7 { return "\(error.step).\(pkcs7.code)" }
        if let receipt = error.receipt { return "\(error.step).\(receipt.code)" }
        return "\(error.step)"
    }

    /// The decoded receipt, as JSON text.
    package static func receipt(_ receipt: AppReceipt, into writer: inout JSONWriter) {
        write(receipt, into: &writer)
    }

    /// The decoded receipt, as a value.
    package static func receipt(_ receipt: AppReceipt) -> JSONValue {
        var builder = JSONTreeBuilder()
        write(receipt, into: &builder)
        return builder.built
    }

    /// A validated chain, leaf first: each certificate's object, written again from the writer's memo for a
    /// certificate it wrote before (the leaves and intermediates a batch's inputs share).
    static func chain(_ certificates: [Certificate], into writer: inout JSONWriter) {
        writer.beginArray()
        for certificate in certificates {
            writer.value(
                memoizedBy: certificate.encoded,
                sameKey: { $0.hasSameBytes(as: $1) },
                { write(certificate, into: &$0) }
            )
        }
        writer.endArray()
    }

    /// One certificate, as `chain` lists them, as JSON text.
    package static func certificate(_ certificate: Certificate, into writer: inout JSONWriter) {
        write(certificate, into: &writer)
    }

    /// One certificate, as `chain` lists them, as a value.
    package static func certificate(_ certificate: Certificate) -> JSONValue {
        var builder = JSONTreeBuilder()
        write(certificate, into: &builder)
        return builder.built
    }

    static func write<Sink: JSONSink>(_ receipt: AppReceipt, into sink: inout Sink) {
        sink.beginObject()
        sink.key("receipt_type")
        sink.string(receipt.receiptType)
        sink.key("app_item_id")
        sink.integer(receipt.appItemIdentifier)
        sink.key("bundle_id")
        sink.string(receipt.bundleIdentifier)
        sink.key("application_version")
        sink.string(receipt.applicationVersion)
        sink.key("original_application_version")
        sink.string(receipt.originalApplicationVersion)
        sink.key("receipt_creation_date")
        sink.date(receipt.creationDate)
        sink.key("original_purchase_date")
        sink.date(receipt.originalPurchaseDate)
        sink.key("expiration_date")
        sink.date(receipt.expirationDate)
        sink.key("opaque_value")
        sink.hexString(receipt.opaqueValue)
        sink.key("sha1_hash")
        sink.hexString(receipt.sha1Hash)
        sink.key("age_rating")
        sink.string(receipt.ageRating)
        sink.key("download_id")
        sink.integer(receipt.downloadIdentifier)
        sink.key("version_external_identifier")
        sink.integer(receipt.versionExternalIdentifier)
        sink.key("in_app")
        sink.beginArray()
        for purchase in receipt.inAppPurchases { write(purchase, into: &sink) }
        sink.endArray()
        sink.key("unknown_fields")
        write(receipt.otherAttributes, into: &sink)
        sink.endObject()
    }

    /// One in-app purchase record.
    static func write<Sink: JSONSink>(_ purchase: InAppPurchase, into sink: inout Sink) {
        sink.beginObject()
        sink.key("quantity")
        sink.integer(purchase.quantity)
        sink.key("product_id")
        sink.string(purchase.productIdentifier)
        sink.key("transaction_id")
        sink.string(purchase.transactionIdentifier)
        sink.key("original_transaction_id")
        sink.string(purchase.originalTransactionIdentifier)
        sink.key("purchase_date")
        sink.date(purchase.purchaseDate)
        sink.key("original_purchase_date")
        sink.date(purchase.originalPurchaseDate)
        sink.key("expires_date")
        sink.date(purchase.subscriptionExpirationDate)
        sink.key("cancellation_date")
        sink.date(purchase.cancellationDate)
        sink.key("web_order_line_item_id")
        sink.integer(purchase.webOrderLineItemIdentifier)
        sink.key("is_trial_period")
        sink.bool(purchase.isInTrialPeriod)
        sink.key("is_in_intro_offer_period")
        sink.bool(purchase.isInIntroductoryOfferPeriod)
        sink.key("promotional_offer_id")
        sink.string(purchase.promotionalOfferIdentifier)
        sink.key("product_type")
        sink.integer(purchase.productType)
        sink.key("unknown_fields")
        write(purchase.otherAttributes, into: &sink)
        sink.endObject()
    }

    /// One certificate: `subject`, `issuer`, `serial`, `not_before`, `not_after`, `signature_algorithm`, `key`.
    static func write<Sink: JSONSink>(_ certificate: Certificate, into sink: inout Sink) {
        sink.beginObject()
        sink.key("subject")
        sink.string(certificate.subject.description)
        sink.key("issuer")
        sink.string(certificate.issuer.description)
        sink.key("serial")
        sink.hexString(certificate.serialNumber)
        sink.key("not_before")
        sink.date(certificate.notBefore)
        sink.key("not_after")
        sink.date(certificate.notAfter)
        sink.key("signature_algorithm")
        sink.string(certificate.signatureAlgorithm.description)
        sink.key("key")
        sink.string(certificate.publicKey.map { $0.description } ?? certificate.publicKeyAlgorithm.description)
        sink.endObject()
    }

    /// Attributes the decoder does not know: `type`, `version` and `value` (hexadecimal) of each.
    private static func write<Sink: JSONSink>(_ attributes: [ReceiptAttribute], into sink: inout Sink) {
        sink.beginArray()
        for attribute in attributes {
            sink.beginObject()
            sink.key("type")
            sink.integer(Int64(attribute.type))
            sink.key("version")
            sink.integer(Int64(attribute.version))
            sink.key("value")
            sink.hexString(attribute.value)
            sink.endObject()
        }
        sink.endArray()
    }
}
