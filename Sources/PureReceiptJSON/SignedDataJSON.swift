package import PureJSON
package import PureSignedData
import PureX509

/// The JSON shapes of `receipt verify` and the WebAssembly module for StoreKit signed data (docs/cli.md,
/// docs/storekit2.md). One implementation, so the tool and the wasm module print the same bytes.
package enum SignedDataJSON {
    /// The outcome of one verification: `valid`, `error` (`code`, `step`, `message`, and `nested_in` for an
    /// error inside a notification's nested data), `validation_time`, `chain`, `kind`, `payload` (the payload
    /// object as signed, with Apple's field names) and `nested` (a notification's nested data, verified, by
    /// field). The members only: the caller opens and closes the object (``ReceiptJSON``).
    package static func verificationMembers(
        _ result: Result<VerifiedJWS<DecodedPayload>, SignedDataError>,
        into writer: inout JSONWriter
    ) {
        switch result {
        case .success(let verified):
            writer.key("valid")
            writer.bool(true)
            writer.key("error")
            writer.null()
            verifiedMembers(verified, into: &writer)
        case .failure(let error):
            failureMembers(error, into: &writer)
        }
    }

    /// The verification's object as JSON text: the wasm module's result.
    package static func verificationText(_ result: Result<VerifiedJWS<DecodedPayload>, SignedDataError>) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        verificationMembers(result, into: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// `validation_time`, `chain`, `kind`, `payload` and `nested` of verified data.
    static func verifiedMembers(_ verified: VerifiedJWS<DecodedPayload>, into writer: inout JSONWriter) {
        writer.key("validation_time")
        writer.date(verified.validationTime)
        writer.key("chain")
        ReceiptJSON.chain(verified.chain.certificates, into: &writer)
        writer.key("kind")
        writer.string(verified.kind.rawValue)
        writer.key("payload")
        writer.value(verified.payload.json)
        guard !verified.nested.isEmpty else { return }
        writer.key("nested")
        writer.beginObject()
        for nested in verified.nested {
            writer.key(escaping: nested.path)
            writer.beginObject()
            verifiedMembers(nested.verified, into: &writer)
            writer.endObject()
        }
        writer.endObject()
    }

    /// The members of a failed verification: `valid` false, `error`, and null `validation_time`, `chain`,
    /// `kind` and `payload`.
    static func failureMembers(_ error: SignedDataError, into writer: inout JSONWriter) {
        writer.key("valid")
        writer.bool(false)
        writer.key("error")
        writer.beginObject()
        writer.key("code")
        writer.string(code(error))
        writer.key("step")
        writer.string(error.step.rawValue)
        writer.key("message")
        writer.string(error.description)
        if let nested = error.nestedIn {
            writer.key("nested_in")
            writer.string(nested)
        }
        writer.endObject()
        for name: StaticString in ["validation_time", "chain", "kind", "payload"] {
            writer.key(name)
            writer.null()
        }
    }

    /// A stable code: the step and the code, the path validator's for a chain (`chain.expired`), as for
    /// receipts.
    package static func code(_ error: SignedDataError) -> String {
        if let path = error.path { return "\(error.step).\(path.code)" }
        return "\(error.step).\(error.code)"
    }
}
