public import PureJSON
public import PureSignedData
import PureX509

/// The JSON shapes of `receipt verify` and the WebAssembly module for StoreKit signed data (docs/cli.md,
/// docs/storekit2.md). One implementation, so the tool and the wasm module print the same bytes.
public enum SignedDataJSON {
    /// The outcome of one verification: `valid`, `error` (`code`, `step`, `message`, and `nested_in` for an
    /// error inside a notification's nested data), `validation_time`, `chain`, `kind`, `payload` (the payload
    /// object as signed, with Apple's field names) and `nested` (a notification's nested data, verified, by
    /// field), preceded by `file` when one is given.
    public static func verification(
        _ result: Result<VerifiedJWS<DecodedPayload>, SignedDataError>,
        file: String? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = file.map { [("file", .string($0))] } ?? []
        switch result {
        case .success(let verified):
            members += [("valid", .bool(true)), ("error", .null)] + verifiedMembers(verified)
        case .failure(let error):
            members += failureMembers(error)
        }
        return .object(members)
    }

    /// `validation_time`, `chain`, `kind`, `payload` and `nested` of verified data.
    static func verifiedMembers(_ verified: VerifiedJWS<DecodedPayload>) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("validation_time", ReceiptJSON.date(verified.validationTime)),
            ("chain", .array(verified.chain.certificates.map(ReceiptJSON.certificate))),
            ("kind", .string(verified.kind.rawValue)),
            ("payload", verified.payload.json),
        ]
        if !verified.nested.isEmpty {
            members.append(
                ("nested", .object(verified.nested.map { ($0.path, .object(verifiedMembers($0.verified))) }))
            )
        }
        return members
    }

    /// The members of a failed verification: `valid` false, `error`, and null `validation_time`, `chain`,
    /// `kind` and `payload`.
    public static func failureMembers(_ error: SignedDataError) -> [(String, JSONValue)] {
        var details: [(String, JSONValue)] = [
            ("code", .string(code(error))), ("step", .string(error.step.rawValue)),
            ("message", .string(error.description)),
        ]
        if let nested = error.nestedIn { details.append(("nested_in", .string(nested))) }
        return [
            ("valid", .bool(false)), ("error", .object(details)), ("validation_time", .null), ("chain", .null),
            ("kind", .null), ("payload", .null),
        ]
    }

    /// A stable code: the step and the code, the path validator's for a chain (`chain.expired`), as for
    /// receipts.
    public static func code(_ error: SignedDataError) -> String {
        if let path = error.path { return "\(error.step).\(path.code)" }
        return "\(error.step).\(error.code)"
    }
}
