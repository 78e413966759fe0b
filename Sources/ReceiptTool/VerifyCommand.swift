import PureDER
import PureJSON
import PureReceipt
import PureReceiptJSON
import PureSignedData
import PureX509

/// `receipt verify FILE...|DIR...|-|--lines FILE|- [--recursive] [--bundle-id ID] [--version V]
/// [--device-id UUID|HEX] [--app-apple-id N] [--environment ENV] [--anchor CERT]... [--at RFC3339|now] [--json]
/// [--jobs N] [--no-memo]`: one result per input, receipts and StoreKit signed data (a JWS, recognised by its
/// form) alike, in input order, verified as a stream on `--jobs` threads, each with its own memo of verified
/// certificate signatures; exit 0 when every input is valid, 1 when any is invalid, 2 on usage or I/O errors.
enum VerifyCommand {
    static func run(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        let options = try ValidationOptions.parse(arguments, command: "verify", validationTimeOption: "--at")
        let json = options.json
        try ValidationBatch.run(
            command: "verify",
            options: options,
            io: io,
            format: ValidationBatch.Format(
                result: { name, result, writer in
                    guard json else { return Array((text(name, result) + "\n").utf8) }
                    return JSONOutput.line(&writer) { writer in
                        name.writeMember(into: &writer)
                        ReceiptJSON.verificationMembers(result, into: &writer)
                    }
                },
                inputError: { name, error, writer in
                    guard json else { return inputErrorLine(name, error) }
                    return JSONOutput.line(&writer) { writer in
                        name.writeMember(into: &writer)
                        ReceiptJSON.failureMembers(
                            code: error.code.rawValue,
                            step: "input",
                            message: error.reason,
                            into: &writer
                        )
                    }
                },
                signedData: { name, result, writer in
                    guard json else { return Array((signedDataText(name, result) + "\n").utf8) }
                    return JSONOutput.line(&writer) { writer in
                        name.writeMember(into: &writer)
                        SignedDataJSON.verificationMembers(result, into: &writer)
                    }
                }
            )
        )
    }

    /// `NAME: valid: BUNDLE VERSION, N in-app purchases, signed by LEAF ← INTERMEDIATE ← ROOT, at TIME` or
    /// `NAME: INVALID STEP: reason`, every value from the input escaped.
    static func text(_ name: InputName, _ result: Result<ValidatedReceipt, ReceiptValidationError>) -> String {
        switch result {
        case .success(let validated):
            let receipt = validated.receipt
            let chain = validated.chain.certificates.map(chainName)
            return "\(name.display): valid: \(TerminalText.escaped(receipt.bundleIdentifier ?? "?")) "
                + "\(TerminalText.escaped(receipt.applicationVersion ?? "?")), "
                + "\(receipt.inAppPurchases.count) in-app purchases, signed by \(chain.joined(separator: " ← ")), "
                + "at \(UTCDateTime.rfc3339(secondsSince1970: validated.validationTime))"
        case .failure(let error):
            return
                "\(name.display): INVALID \(TerminalText.escapedMessage(error.description))"
        }
    }

    /// `NAME: valid: KIND BUNDLE ENVIRONMENT, signed by LEAF ← INTERMEDIATE ← ROOT, at TIME` or
    /// `NAME: INVALID STEP: reason`, every value from the input escaped.
    static func signedDataText(
        _ name: InputName,
        _ result: Result<VerifiedJWS<DecodedPayload>, SignedDataError>
    )
        -> String
    {
        switch result {
        case .success(let verified):
            let claims = verified.payload.appClaims
            let chain = verified.chain.certificates.map(chainName)
            var text = "\(name.display): valid: \(verified.kind)"
            if claims.namesBundle { text += " \(TerminalText.escaped(claims.bundleId ?? "?"))" }
            text += " \(TerminalText.escaped(claims.environment?.rawValue ?? "?"))"
            if !verified.nested.isEmpty { text += " with \(verified.nested.count) nested, verified" }
            return text + ", signed by \(chain.joined(separator: " ← ")), "
                + "at \(UTCDateTime.rfc3339(secondsSince1970: verified.validationTime))"
        case .failure(let error):
            return "\(name.display): INVALID \(TerminalText.escapedMessage(error.description))"
        }
    }

    /// A certificate as the text result's chain names it: its subject's common name, or, for a certificate
    /// without one (a private PKI's anchor), its whole subject (`(empty subject)` when it has none), escaped, and
    /// with the chain's own `←` escaped too, so that no name passes for several links.
    static func chainName(_ certificate: Certificate) -> String {
        // The whole subject is written out only for a certificate without a common name: not per valid line.
        let name = certificate.subject.commonName ?? "\(certificate.subject)"
        guard !name.isEmpty else { return "(empty subject)" }
        return TerminalText.escaped(name).split(separator: "←", omittingEmptySubsequences: false)
            .joined(separator: "\\u{2190}")
    }

    /// `NAME: ERROR CODE: reason`, the text result of an input that could not be read.
    static func inputErrorLine(_ name: InputName, _ error: InputError) -> [UInt8] {
        Array("\(name.display): ERROR \(error.code.rawValue): \(error.reason)\n".utf8)
    }
}
