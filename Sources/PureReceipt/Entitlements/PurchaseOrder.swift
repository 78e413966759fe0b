/// Which of two purchase records is the later one: the order behind "latest" and "newest first" in every
/// entitlement answer (docs/entitlements.md).
///
/// 1. The later purchase date (field 1704). A record without one is older than every record with one: it
///    cannot be placed in time.
/// 2. On equal purchase dates, the greater transaction identifier (field 1703). Apple's identifiers are decimal
///    numbers handed out in increasing order, so two all-digit identifiers compare as numbers; any other pair
///    compares by its UTF-8 bytes, and an absent identifier is the smaller.
/// 3. On equal identifiers, the record encoded later in the receipt, so that the order is total and every
///    answer deterministic.
enum PurchaseOrder {
    /// Whether `first`, at index `firstIndex` of the receipt's records, is later than `second`, at `secondIndex`.
    static func isLater(
        _ first: InAppPurchase,
        at firstIndex: Int,
        than second: InAppPurchase,
        at secondIndex: Int
    ) -> Bool {
        if first.purchaseDate != second.purchaseDate {
            guard let firstDate = first.purchaseDate else { return false }
            guard let secondDate = second.purchaseDate else { return true }
            return firstDate > secondDate
        }
        let order = compareTransactionIdentifiers(first.transactionIdentifier, second.transactionIdentifier)
        return order == 0 ? firstIndex > secondIndex : order > 0
    }

    /// The records with their indices in the receipt, latest first.
    static func latestFirst(
        _ records: [(index: Int, purchase: InAppPurchase)]
    ) -> [(index: Int, purchase: InAppPurchase)] {
        records.sorted { isLater($0.purchase, at: $0.index, than: $1.purchase, at: $1.index) }
    }

    /// -1, 0 or 1 as `first` is smaller than, equal to or greater than `second`, as step 2 above orders them.
    static func compareTransactionIdentifiers(_ first: String?, _ second: String?) -> Int {
        switch (first, second) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let first?, let second?):
            if isDecimal(first), isDecimal(second) {
                // Leading zeros do not change a number; then the longer digit string is the greater number.
                let firstDigits = first.utf8.drop { $0 == UInt8(ascii: "0") }
                let secondDigits = second.utf8.drop { $0 == UInt8(ascii: "0") }
                if firstDigits.count != secondDigits.count { return firstDigits.count < secondDigits.count ? -1 : 1 }
                return compareBytes(firstDigits, secondDigits)
            }
            return compareBytes(first.utf8, second.utf8)
        }
    }

    /// -1, 0 or 1 as `first` orders before, equal to or after `second`, byte by byte (UTF-8 order, which is
    /// Unicode scalar order): the order of product identifiers in answers, independent of locale.
    static func compareBytes<First: Sequence<UInt8>, Second: Sequence<UInt8>>(_ first: First, _ second: Second) -> Int {
        if first.lexicographicallyPrecedes(second) { return -1 }
        return second.lexicographicallyPrecedes(first) ? 1 : 0
    }

    private static func isDecimal(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 &- UInt8(ascii: "0") <= 9 }
    }
}
