import PureDER
import PureJSON
import PureSignedData
import Testing

/// Payload objects built in the test: Apple's types enforced, open sets kept, nothing dropped.
@Suite struct PayloadDecodingTests {
    func payload(_ json: String) throws -> JSONValue { try JSONValue(parsing: json) }

    func transactionError(_ json: String) throws -> SignedDataError? {
        let value = try payload(json)
        return #expect(throws: SignedDataError.self) { try JWSTransactionDecodedPayload(payload: value) }
    }

    @Test func aTransactionReadsEveryTypeAsDocumented() throws {
        let transaction = try JWSTransactionDecodedPayload(
            payload: try payload(
                """
                {"transactionId":"2000000184445477","quantity":1,"price":1990,"purchaseDate":1666615873000,
                 "isUpgraded":false,"offerType":4,"type":"Consumable","eligible":null,"environment":"Production",
                 "advancedCommerceInfo":{"a":1},"revocationPercentage":25000}
                """
            )
        )
        #expect(transaction.transactionId == "2000000184445477")
        #expect(transaction.quantity == 1)
        #expect(transaction.price == 1990)
        #expect(transaction.purchaseDate == 1_666_615_873_000)
        #expect(transaction.isUpgraded == false)
        #expect(transaction.offerType == .winBackOffer)
        #expect(transaction.type == .consumable)
        #expect(transaction.environment == .production)
        #expect(transaction.advancedCommerceInfo?["a"] == .integer(1))
        #expect(transaction.revocationPercentage == 25000)
        #expect(transaction.otherFields.map(\.0) == ["eligible"])
    }

    @Test func unknownValuesOfOpenSetsAreKeptNotRefused() throws {
        let transaction = try JWSTransactionDecodedPayload(
            payload: try payload(
                #"{"transactionId":"1","type":"Space Subscription","offerType":99,"environment":"Staging"}"#
            )
        )
        #expect(transaction.type?.rawValue == "Space Subscription")
        #expect(transaction.offerType?.rawValue == 99)
        #expect(transaction.environment?.rawValue == "Staging")
        let notification = try ResponseBodyV2DecodedPayload(
            payload: try payload(#"{"notificationType":"TELEPORTED","subtype":"NEW","data":{"status":42}}"#)
        )
        #expect(notification.notificationType?.rawValue == "TELEPORTED")
        #expect(notification.subtype?.rawValue == "NEW")
        #expect(notification.data?.status?.rawValue == 42)
    }

    @Test func nullIsReadAsAbsent() throws {
        let transaction = try JWSTransactionDecodedPayload(
            payload: try payload(#"{"transactionId":null,"price":null}"#)
        )
        #expect(transaction.transactionId == nil)
        #expect(transaction.price == nil)
    }

    @Test(arguments: [
        (#"{"price":"1990"}"#, "price", SignedDataError.Code.wrongType),
        (#"{"price":1990.0}"#, "price", .wrongType),
        (#"{"transactionId":2000000184445477}"#, "transactionId", .wrongType),
        (#"{"isUpgraded":"false"}"#, "isUpgraded", .wrongType),
        (#"{"isUpgraded":0}"#, "isUpgraded", .wrongType),
        (#"{"quantity":2147483648}"#, "quantity", .valueOutOfRange),
        (#"{"quantity":-2147483649}"#, "quantity", .valueOutOfRange),
        (#"{"offerType":"1"}"#, "offerType", .wrongType),
        (#"{"purchaseDate":"1666615873000"}"#, "purchaseDate", .wrongType),
        (#"{"purchaseDate":1e19}"#, "purchaseDate", .valueOutOfRange),
        (#"{"advancedCommerceInfo":[1]}"#, "advancedCommerceInfo", .notAnObject),
    ])
    func aFieldOfAnotherTypeIsRefusedByName(json: String, field: String, code: SignedDataError.Code) throws {
        let error = try transactionError(json)
        #expect(error?.step == .payload)
        #expect(error?.code == code)
        #expect(error?.field == field)
    }

    @Test func int32HoldsAtItsBounds() throws {
        let top = try JWSTransactionDecodedPayload(payload: try payload(#"{"quantity":2147483647}"#))
        #expect(top.quantity == .max)
        let bottom = try JWSTransactionDecodedPayload(payload: try payload(#"{"quantity":-2147483648}"#))
        #expect(bottom.quantity == .min)
    }

    @Test func fractionalMillisecondsAreFlooredNegativeOnesToo() throws {
        let transaction = try JWSTransactionDecodedPayload(
            payload: try payload(#"{"purchaseDate":1697679936056.985,"expiresDate":-1.5}"#)
        )
        #expect(transaction.purchaseDate == 1_697_679_936_056)
        #expect(transaction.expiresDate == -2)
    }

    @Test func aWrongTypeInsideANotificationIsNamedByItsPath() throws {
        let value = try payload(#"{"notificationType":"TEST","data":{"appAppleId":"123"}}"#)
        let error = #expect(throws: SignedDataError.self) { try ResponseBodyV2DecodedPayload(payload: value) }
        #expect(error?.code == .wrongType)
        #expect(error?.field == "data.appAppleId")
        let summary = try payload(
            #"{"notificationType":"RENEWAL_EXTENSION","summary":{"storefrontCountryCodes":["USA",1]}}"#
        )
        let nested = #expect(throws: SignedDataError.self) { try ResponseBodyV2DecodedPayload(payload: summary) }
        #expect(nested?.field == "summary.storefrontCountryCodes[1]")
        let data = try payload(#"{"notificationType":"TEST","data":[]}"#)
        let notObject = #expect(throws: SignedDataError.self) { try ResponseBodyV2DecodedPayload(payload: data) }
        #expect(notObject?.code == .notAnObject)
        #expect(notObject?.field == "data")
    }

    static let summary = """
        "summary":{"environment":"Sandbox","appAppleId":41234,"bundleId":"b","productId":"p",
         "requestIdentifier":"r","storefrontCountryCodes":["CAN","USA"],"succeededCount":5,"failedCount":2}
        """
    static let token = """
        "externalPurchaseToken":{"externalPurchaseId":"x","tokenCreationDate":1700000000001,
         "appAppleId":41234,"bundleId":"b"}
        """
    static let appData = """
        "appData":{"appAppleId":41234,"bundleId":"b","environment":"Sandbox","signedAppTransactionInfo":"h.p.s"}
        """
    static let data = #""data":{"appAppleId":41234,"bundleId":"b","environment":"Sandbox"}"#

    func notification(_ containers: String...) throws -> ResponseBodyV2DecodedPayload {
        let header = #""notificationType":"RENEWAL_EXTENSION","subtype":"SUMMARY","version":"2.0""#
        let members = ([header + #","signedDate":1700000000000"#] + containers)
        return try ResponseBodyV2DecodedPayload(payload: try payload("{" + members.joined(separator: ",") + "}"))
    }

    @Test func aNotificationReadsSummaryExternalPurchaseTokenAndAppData() throws {
        let summary = try notification(Self.summary)
        #expect(summary.subtype == .summary)
        #expect(summary.summary?.storefrontCountryCodes == ["CAN", "USA"])
        #expect(summary.summary?.succeededCount == 5)
        #expect(summary.summary?.failedCount == 2)
        #expect(summary.appClaims.appAppleId == 41234)
        #expect(summary.signedDate == 1_700_000_000_000)
        let token = try notification(Self.token)
        #expect(token.externalPurchaseToken?.tokenCreationDate == 1_700_000_000_001)
        #expect(token.appClaims.environment == .production)
        let appData = try notification(Self.appData)
        #expect(appData.appData?.signedAppTransactionInfo == "h.p.s")
        #expect(appData.appClaims.environment == .sandbox)
    }

    /// Apple documents `data`, `appData`, `summary` and `externalPurchaseToken` as mutually exclusive: each says
    /// whose data the notification is, and two could say it differently.
    @Test func aNotificationWithTwoContainersIsRefused() throws {
        let containers = [Self.data, Self.summary, Self.token, Self.appData]
        let names = ["data", "summary", "externalPurchaseToken", "appData"]
        for first in containers.indices {
            for second in containers.indices where second > first {
                let error = #expect(throws: SignedDataError.self) {
                    try notification(containers[first], containers[second])
                }
                #expect(error?.code == .exclusiveFields, "\(names[first]), \(names[second])")
                #expect(error?.step == .payload)
                #expect(error?.field == names[second])
            }
        }
        // null reads as absent, as everywhere in a payload.
        #expect(try notification(#""data":null"#, Self.summary).summary?.productId == "p")
    }

    @Test func aRenewalInfoAndAnAppTransactionReadTheirFields() throws {
        let renewal = try JWSRenewalInfoDecodedPayload(
            payload: try payload(
                #"{"autoRenewStatus":0,"expirationIntent":1,"renewalPrice":4990,"eligibleWinBackOfferIds":["a","b"]}"#
            )
        )
        #expect(renewal.autoRenewStatus == .off)
        #expect(renewal.expirationIntent == .customerCancelled)
        #expect(renewal.renewalPrice == 4990)
        #expect(renewal.eligibleWinBackOfferIds == ["a", "b"])
        let app = try AppTransaction(
            payload: try payload(#"{"receiptType":"Production","appAppleId":531,"originalPlatform":"iOS"}"#)
        )
        #expect(app.receiptType == .production)
        #expect(app.appAppleId == 531)
        #expect(app.originalPlatform == .iOS)
    }

    @Test func theKindIsDetectedFromItsMarksAndAMismatchIsRefused() throws {
        #expect(try DecodedPayload(payload: try payload(#"{"transactionId":"1"}"#)).kind == .transaction)
        #expect(try DecodedPayload(payload: try payload(#"{"autoRenewStatus":1}"#)).kind == .renewalInfo)
        #expect(try DecodedPayload(payload: try payload(#"{"receiptType":"Xcode"}"#)).kind == .appTransaction)
        #expect(try DecodedPayload(payload: try payload(#"{"notificationType":"TEST"}"#)).kind == .notification)
        let ambiguous = try payload(#"{"transactionId":"1","notificationUUID":"u"}"#)
        #expect(throws: SignedDataError.self) { try DecodedPayload(payload: ambiguous) }
        let error = try transactionError(#"{"notificationType":"TEST"}"#)
        #expect(error?.code == .kindMismatch)
        #expect(try transactionError(#"[]"#)?.code == .notAnObject)
    }

    @Test func anAmbiguousPayloadFailsAsAmbiguous() throws {
        let value = try payload(#"{"transactionId":"1","notificationUUID":"u"}"#)
        let error = #expect(throws: SignedDataError.self) { try DecodedPayload(payload: value) }
        #expect(error?.code == .kindAmbiguous)
    }

    @Test func aPayloadNestedBeyondTheJSONDepthLimitFailsAsJSON() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let text = HostileInputTests.jws(payload: "{\"transactionId\":\"1\",\"x\":\(deep)}")
        let error = #expect(throws: SignedDataError.self) {
            try UnverifiedSignedData<DecodedPayload>(unverified: text)
        }
        #expect(error?.step == .payload)
        #expect(error?.code == .invalidJSON)
        #expect(error?.json?.code == .depthLimitExceeded)
    }

    @Test func aPayloadWithADuplicateKeyFailsAsJSON() {
        let text = HostileInputTests.jws(payload: #"{"transactionId":"1","transactionId":"2"}"#)
        let error = #expect(throws: SignedDataError.self) {
            try UnverifiedSignedData<DecodedPayload>(unverified: text)
        }
        #expect(error?.json?.code == .duplicateKey)
    }

    @Test func aPayloadOfInvalidUTF8FailsAsJSON() {
        let payload = Base64URL.encode([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
        let text = HostileInputTests.parts[0] + "." + payload + "." + HostileInputTests.parts[2]
        let error = #expect(throws: SignedDataError.self) {
            try UnverifiedSignedData<DecodedPayload>(unverified: text)
        }
        #expect(error?.json?.code == .invalidUTF8)
    }
}
