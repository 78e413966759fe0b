import PureDER
import PureX509
import Testing

@testable import PurePKCS7

/// Errors hold the errors underneath them by reference (`NestedError`); they must still behave as values: what
/// goes in comes out, equality and hashing see the nested errors, and changing a copy's nested error leaves the
/// original as it was.
@Suite struct NestedErrorTests {
    let der = DERError(.truncated, at: 7, "the element runs past the input")
    let path = PathValidationError(.expired, certificateIndex: 1, subject: "CN=Intermediate", "expired")

    @Test func nestedErrorsReadBackAsGiven() {
        let error = PKCS7Error(.untrustedSigner, "the chain did not validate", der: der, path: path)
        #expect(error.der == der)
        #expect(error.path == path)
        #expect(error.certificate == nil)
        #expect(error.description == "the chain did not validate: offset 7: the element runs past the input")
    }

    @Test func equalityAndHashingSeeTheNestedErrors() {
        let error = PKCS7Error(.malformed, "not PKCS#7", der: der)
        let same = PKCS7Error(
            .malformed,
            "not PKCS#7",
            der: DERError(.truncated, at: 7, "the element runs past the input")
        )
        let otherOffset = PKCS7Error(
            .malformed,
            "not PKCS#7",
            der: DERError(.truncated, at: 8, "the element runs past the input")
        )
        let withoutDER = PKCS7Error(.malformed, "not PKCS#7")
        #expect(error == same)
        #expect(error.hashValue == same.hashValue)
        #expect(error != otherOffset)
        #expect(error != withoutDER)
        #expect(Set([error, same, otherOffset, withoutDER]).count == 3)
    }

    @Test func changingACopysNestedErrorLeavesTheOriginal() {
        let original = PKCS7Error(.malformed, "not PKCS#7", der: der)
        var copy = original
        copy.der?.offset += 100
        #expect(copy.der?.offset == 107)
        #expect(original.der?.offset == 7)
        copy.der = nil
        #expect(copy.der == nil)
        #expect(original.der == der)
    }

    @Test func aChangeTwoLevelsDownStaysInTheCopy() {
        let certificate = X509Error(.malformed, "not a certificate", der: der)
        let original = PKCS7Error(.malformed, "an embedded certificate does not parse", certificate: certificate)
        var copy = original
        copy.certificate?.der?.offset += 1
        #expect(copy.certificate?.der?.offset == 8)
        #expect(original.certificate?.der?.offset == 7)
        #expect(copy != original)
    }
}
