/// Whether a user may still be offered a subscription group's introductory offer (docs/entitlements.md).
enum IntroductoryOfferEligibility {
    /// Whether no record among `purchases` of a product in `group` was in a free trial (field 1713) or an
    /// introductory price period (field 1719).
    ///
    /// Apple's guidance: a user who has had a trial or an introductory offer for any product of a subscription
    /// group is not eligible for another in that group. The receipt does not name groups, so the caller lists
    /// the group's product identifiers. Refunded records count too: Apple's guidance does not exclude them.
    /// Every record counts, whatever its date: eligibility is asked of the receipt as it stands. An empty
    /// group is eligible.
    static func isEligible(_ purchases: [InAppPurchase], group: [String]) -> Bool {
        for purchase in purchases {
            guard purchase.isInTrialPeriod == true || purchase.isInIntroductoryOfferPeriod == true,
                let product = purchase.productIdentifier
            else { continue }
            if group.contains(product) { return false }
        }
        return true
    }
}
