import PureDER
import PureJSON
import PureReceipt
import PureReceiptJSON

/// `receipt entitlements FILE...|DIR...|-|--lines FILE|- [--at RFC3339|now] [--validate-at RFC3339|now]
/// [verify's options]`: validates each input exactly as `verify` does, then answers what it grants at `--at`
/// (default: the receipt's creation date): the active subscriptions, the products bought, the original
/// application version (docs/entitlements.md). Inputs, streaming and exit statuses as `verify`.
enum EntitlementsCommand {
    static func run(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        let options = try ValidationOptions.parse(
            arguments,
            command: "entitlements",
            validationTimeOption: "--validate-at",
            ownOptions: ["--at"]
        )
        let at = try options.commandOptions["--at"].map { text throws(ToolFailure) in
            try ValidationOptions.instant(text, option: "--at", command: "entitlements")
        }
        let json = options.json
        try ValidationBatch.run(
            command: "entitlements",
            options: options,
            io: io,
            format: ValidationBatch.Format(
                result: { name, result, writer in
                    let answer = result.map { validated in
                        // A receipt validated at an instant need not have a creation date: then that instant.
                        validated.entitlements(at: at ?? validated.receipt.creationDate ?? validated.validationTime)
                    }
                    guard json else { return Array((text(name, answer) + "\n").utf8) }
                    return JSONOutput.line(&writer) { writer in
                        name.writeMember(into: &writer)
                        ReceiptJSON.entitlementsMembers(answer, into: &writer)
                    }
                },
                inputError: { name, error, writer in
                    guard json else { return VerifyCommand.inputErrorLine(name, error) }
                    // The entitlements object of an input that could not be read: `valid` false, the input
                    // error, and the answers null, as for an invalid receipt.
                    return JSONOutput.line(&writer) { writer in
                        name.writeMember(into: &writer)
                        ReceiptJSON.entitlementsFailureMembers(
                            code: error.code.rawValue,
                            step: "input",
                            message: error.reason,
                            into: &writer
                        )
                    }
                }
            )
        )
    }

    /// One line: `NAME: at TIME: active PRODUCT until TIME, …; purchased PRODUCT ×QUANTITY, …; original version V`,
    /// every value from the input escaped.
    static func text(_ name: InputName, _ result: Result<ReceiptEntitlements, ReceiptValidationError>) -> String {
        switch result {
        case .success(let entitlements):
            let active = entitlements.activeSubscriptions.map {
                "\(TerminalText.escaped($0.productIdentifier)) until "
                    + UTCDateTime.rfc3339(secondsSince1970: $0.expirationDate)
            }
            let purchased = entitlements.purchasedProducts.map {
                "\(TerminalText.escaped($0.productIdentifier)) ×\($0.quantity)"
            }
            let original = entitlements.originalApplicationVersion.map { TerminalText.escaped($0) } ?? "none"
            return "\(name.display): at \(UTCDateTime.rfc3339(secondsSince1970: entitlements.instant)): "
                + "active \(active.isEmpty ? "none" : active.joined(separator: ", ")); "
                + "purchased \(purchased.isEmpty ? "none" : purchased.joined(separator: ", ")); "
                + "original version \(original)"
        case .failure(let error):
            return
                "\(name.display): INVALID \(TerminalText.escapedMessage(error.description))"
        }
    }
}
