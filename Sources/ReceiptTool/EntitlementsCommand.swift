import PureDER
import PureReceipt
import PureReceiptJSON

/// `receipt entitlements FILE... [--at RFC3339|now] [--validate-at RFC3339|now] [--bundle-id ID] [--version V]
/// [--device-id UUID|HEX] [--anchor CERT]... [--json] [--jobs N]`: validates each input exactly as `verify`
/// does, then answers what it grants at `--at` (default: the receipt's creation date): the active
/// subscriptions, the products bought, the original application version (docs/entitlements.md). Exit statuses
/// as `verify`.
enum EntitlementsCommand {
    static func run(_ arguments: [String], io: ToolIO) throws(ToolFailure) {
        let options = try ValidationOptions.parse(
            arguments,
            command: "entitlements",
            validationTimeOption: "--validate-at",
            ownOptions: ["--at"]
        )
        let at = try options.commandOptions["--at"].map { text throws(ToolFailure) in
            try ValidationOptions.instant(text, option: "--at", command: "entitlements")
        }
        try options.validateEach(command: "entitlements", io: io) { path, result in
            let answer = result.map { validated in
                // A receipt validated at an instant need not have a creation date: then the validation instant.
                validated.entitlements(at: at ?? validated.receipt.creationDate ?? validated.validationTime)
            }
            return options.json ? ReceiptJSON.entitlements(answer, file: path).text : text(path, answer)
        }
    }

    /// One line: `FILE: at TIME: active PRODUCT until TIME, …; purchased PRODUCT ×QUANTITY, …; original version V`.
    static func text(_ path: String, _ result: Result<ReceiptEntitlements, ReceiptValidationError>) -> String {
        switch result {
        case .success(let entitlements):
            let active = entitlements.activeSubscriptions.map {
                "\($0.productIdentifier) until \(UTCDateTime.rfc3339(secondsSince1970: $0.expirationDate))"
            }
            let purchased = entitlements.purchasedProducts.map { "\($0.productIdentifier) ×\($0.quantity)" }
            return "\(path): at \(UTCDateTime.rfc3339(secondsSince1970: entitlements.instant)): "
                + "active \(active.isEmpty ? "none" : active.joined(separator: ", ")); "
                + "purchased \(purchased.isEmpty ? "none" : purchased.joined(separator: ", ")); "
                + "original version \(entitlements.originalApplicationVersion ?? "none")"
        case .failure(let error):
            return "\(path): INVALID \(error)"
        }
    }
}
