import PureDER
import PureJSON
import PureSignedData
import PureX509
import Testing
import VectorSupport

/// Inputs made to fail each check of the decoder, each with its exact code and place.
@Suite struct HostileInputTests {
    static let real = (try? ProjectVectors.text("jws/apple-signed/gopay_transaction_2022-11-04_0cd9c84b.jws")) ?? ""
    static var parts: [String] { real.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }

    static func encode(_ json: String) -> String { Base64URL.encode(Array(json.utf8)) }

    /// The real header's x5c entries as JSON text (`"MII…","MII…","MII…"`).
    static var certificates: [String] {
        let header = (try? Base64URL.decode(parts[0])).flatMap { try? JSONValue(parsing: $0) }
        return header?["x5c"]?.elements?.compactMap(\.stringValue) ?? []
    }

    static func jws(header: String? = nil, payload: String? = nil) -> String {
        (header.map(encode) ?? parts[0]) + "." + (payload.map(encode) ?? parts[1]) + "." + parts[2]
    }

    static func header(alg: String = "\"ES256\"", x5c: [String]? = nil, extra: String = "") -> String {
        let chain = (x5c ?? certificates).map { "\"\($0)\"" }.joined(separator: ",")
        return "{\"alg\":\(alg),\"x5c\":[\(chain)]\(extra)}"
    }

    func decodeError(_ text: String) -> SignedDataError? {
        #expect(throws: SignedDataError.self) {
            try UnverifiedSignedData<DecodedPayload>(unverified: text)
        }
    }

    // MARK: - The caller's expectations

    /// A verifier that expects Production without naming the app refuses every input, well formed or not, before
    /// reading it, through either entry point.
    @Test func productionWithoutAnAppAppleIDIsRefusedBeforeAnyInputIsRead() {
        let verifier = SignedDataVerifier(expectations: .init(bundleIdentifier: "a.b", environment: .production))
        for input in [Self.real, "not a JWS"] {
            var memo = SignatureMemo()
            let errors = [
                #expect(throws: SignedDataError.self) { try verifier.verify(input) },
                #expect(throws: SignedDataError.self) { try verifier.verify(Array(input.utf8)[...], memo: &memo) },
            ]
            for error in errors {
                #expect(error?.step == .expectations && error?.code == .appAppleIdRequired, "\(input.prefix(20))")
            }
        }
    }

    // MARK: - Compact serialization

    @Test func theRealSampleDecodesAndHeaderRebuiltFromItsPartsToo() throws {
        _ = try UnverifiedSignedData<JWSTransactionDecodedPayload>(unverified: Self.real)
        _ = try UnverifiedSignedData<JWSTransactionDecodedPayload>(unverified: Self.jws(header: Self.header()))
    }

    @Test func aFourthPartIsRefusedAtItsDot() {
        let text = Self.real + ".e30"
        let error = decodeError(text)
        #expect(error?.step == .compactSerialization)
        #expect(error?.code == .partCount)
        #expect(error?.offset == Self.real.utf8.count)
    }

    @Test(arguments: ["", "a", "a.b", "abc"])
    func fewerThanThreePartsAreRefused(text: String) {
        let error = decodeError(text)
        #expect(error?.code == .partCount)
        #expect(error?.offset == text.utf8.count)
    }

    @Test(arguments: [(".b.c", SignedDataError.Part.header), ("a..c", .payload), ("a.b.", .signature)])
    func anEmptyPartIsRefused(text: String, part: SignedDataError.Part) {
        let error = decodeError(text)
        #expect(error?.code == .emptyPart)
        #expect(error?.part == part)
    }

    @Test func paddingIsRefusedWhereItStands() {
        let text = Self.real + "=="
        let error = decodeError(text)
        #expect(error?.code == .invalidBase64URL)
        #expect(error?.part == .signature)
        #expect(error?.base64?.code == .invalidPadding)
        #expect(error?.offset == Self.real.utf8.count)
    }

    @Test(arguments: ["+", "/"])
    func theStandardAlphabetIsRefused(character: String) {
        let text = Self.parts[0] + "." + character + Self.parts[1].dropFirst() + "." + Self.parts[2]
        let error = decodeError(text)
        #expect(error?.code == .invalidBase64URL)
        #expect(error?.part == .payload)
        #expect(error?.base64?.code == .invalidCharacter)
        #expect(error?.offset == Self.parts[0].utf8.count + 1)
    }

    @Test func whitespaceInsideAPartIsRefused() {
        let text = Self.parts[0] + ".\n" + Self.parts[1] + "." + Self.parts[2]
        let error = decodeError(text)
        #expect(error?.base64?.code == .invalidCharacter)
        #expect(error?.offset == Self.parts[0].utf8.count + 1)
    }

    @Test func aNonCanonicalLastCharacterIsRefused() {
        // The signature's 86 characters carry 64 bytes and 4 unused bits, zero in the last character (A, Q, g or
        // w); the next character of the alphabet sets the lowest of them.
        var signature = Self.parts[2]
        let last = signature.removeLast()
        let next: [Character: Character] = ["A": "B", "Q": "R", "g": "h", "w": "x"]
        #expect(next[last] != nil)
        signature.append(next[last] ?? "B")
        let text = Self.parts[0] + "." + Self.parts[1] + "." + signature
        let error = decodeError(text)
        #expect(error?.base64?.code == .nonCanonical)
        #expect(error?.offset == text.utf8.count - 1)
    }

    @Test func aLastGroupOfOneCharacterIsRefused() {
        let error = decodeError(Self.parts[0] + "." + Self.parts[1] + ".AAAAA")
        #expect(error?.base64?.code == .invalidLength)
    }

    @Test func theInputLimitHoldsAtItsLengthAndOnePast() {
        let limit = SignedDataLimits.maximumLength
        // At the limit the length passes and the part limit is what fails; one past, the length itself.
        let atLimit = String(repeating: "A", count: limit - 4) + ".A.A"
        #expect(decodeError(atLimit)?.code == .partTooLarge)
        let error = decodeError(atLimit + "A")
        #expect(error?.code == .inputTooLarge)
        #expect(error?.offset == limit)
    }

    @Test(arguments: [
        (SignedDataError.Part.header, SignedDataLimits.maximumHeaderLength),
        (.payload, SignedDataLimits.maximumPayloadLength),
        (.signature, SignedDataLimits.maximumSignatureLength),
    ])
    func eachPartLimitHoldsAtItsLengthAndOnePast(part: SignedDataError.Part, limit: Int) {
        func text(_ length: Int) -> String {
            // "AAAA" decodes to zeros: at the limit the part passes its own check and fails later, never as too large.
            let long = String(repeating: "A", count: length)
            switch part {
            case .header: return long + ".e30.AA"
            case .payload: return "e30." + long + ".AA"
            case .signature: return "e30.e30." + long
            }
        }
        #expect(decodeError(text(limit))?.code != .partTooLarge)
        let error = decodeError(text(limit + 1))
        #expect(error?.code == .partTooLarge)
        #expect(error?.part == part)
    }

    @Test func theFormRecogniserTakesJWSAndNotReceipts() {
        #expect(CompactSerialization.hasCompactForm(Array(Self.real.utf8)))
        #expect(!CompactSerialization.hasCompactForm(Array("MIIT+/==".utf8)))
        // A part too many or too few is still recognised, to be refused as a JWS with its own error.
        #expect(CompactSerialization.hasCompactForm(Array("a.b".utf8)))
        #expect(CompactSerialization.hasCompactForm(Array("a..b".utf8)))
        #expect(CompactSerialization.hasCompactForm(Array("a.b.c.d".utf8)))
        #expect(!CompactSerialization.hasCompactForm(Array("abc".utf8)))
        #expect(!CompactSerialization.hasCompactForm(Array("a.b c.d".utf8)))
        // Padding too: such a JWS is refused as one, at the part that has it. Not base64's '+' and '/', which a
        // receipt's base64 holds: with a stray '.' it would pass for a JWS.
        #expect(CompactSerialization.hasCompactForm(Array("e30.e30.AA==".utf8)))
        #expect(!CompactSerialization.hasCompactForm(Array("e3+.e30/.AA".utf8)))
        #expect(!CompactSerialization.hasCompactForm(Array("MIIT+/==.".utf8)))
    }

    // MARK: - Header

    @Test(arguments: ["\"none\"", "\"HS256\"", "\"RS256\"", "\"ES384\"", "\"es256\"", "\"ES256 \"", "256", "null"])
    func everyAlgorithmButES256IsRefused(alg: String) {
        let error = decodeError(Self.jws(header: Self.header(alg: alg)))
        #expect(error?.step == .header)
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.field == "alg")
    }

    @Test func theAlgorithmIsCheckedBeforeTheChain() {
        let error = decodeError(Self.jws(header: "{\"alg\":\"none\",\"x5c\":7}"))
        #expect(error?.code == .unsupportedAlgorithm)
    }

    @Test func aMissingAlgorithmIsRefused() {
        #expect(decodeError(Self.jws(header: "{\"x5c\":[]}"))?.code == .unsupportedAlgorithm)
    }

    @Test func critIsRefused() {
        let error = decodeError(Self.jws(header: Self.header(extra: ",\"crit\":[\"b64\"]")))
        #expect(error?.code == .criticalHeader)
        #expect(error?.field == "crit")
    }

    @Test func aKeyIdentifierThatIsNotAStringIsRefused() {
        let error = decodeError(Self.jws(header: Self.header(extra: ",\"kid\":1")))
        #expect(error?.code == .invalidHeaderParameter)
        #expect(error?.field == "kid")
    }

    @Test func aTypeThatIsNotAStringIsRefused() {
        for value in ["1", "null", "[\"JWT\"]", "{}"] {
            let error = decodeError(Self.jws(header: Self.header(extra: ",\"typ\":\(value)")))
            #expect(error?.code == .invalidHeaderParameter, "\(value)")
            #expect(error?.field == "typ", "\(value)")
        }
    }

    /// `alg` is read as JSON: an escaped spelling of ES256 is the same string, and decodes as the plain one does.
    @Test func anEscapedES256IsES256() {
        func outcome(_ alg: String) -> String {
            do throws(SignedDataError) {
                _ = try UnverifiedSignedData<DecodedPayload>(unverified: Self.jws(header: Self.header(alg: alg)))
                return "decoded"
            } catch {
                return "\(error.code)"
            }
        }
        #expect(outcome(#""ES256""#) == "decoded")
        #expect(outcome(#""ES\u0032\u0035\u0036""#) == "decoded")
        #expect(outcome(#""ES\u0032\u0035\u0037""#) == "unsupportedAlgorithm")
    }

    @Test func otherHeaderParametersAreKeptAndUsedForNothing() throws {
        let decoded = try UnverifiedSignedData<DecodedPayload>(
            unverified: Self.jws(header: Self.header(extra: ",\"jku\":\"https://example.com\",\"typ\":\"JWT\""))
        )
        #expect(decoded.header.type == "JWT")
        #expect(decoded.header.json["jku"] == .string("https://example.com"))
    }

    @Test func aMissingChainIsRefused() {
        #expect(decodeError(Self.jws(header: "{\"alg\":\"ES256\"}"))?.code == .missingCertificateChain)
    }

    @Test func aChainThatIsNotAnArrayIsRefused() {
        #expect(decodeError(Self.jws(header: "{\"alg\":\"ES256\",\"x5c\":\"MII\"}"))?.code == .invalidCertificateChain)
    }

    @Test(arguments: [0, 1, 2, 4])
    func aChainOfAnotherLengthThanThreeIsRefused(count: Int) {
        let chain = Array((Self.certificates + Self.certificates).prefix(count))
        let error = decodeError(Self.jws(header: Self.header(x5c: chain)))
        #expect(error?.code == .certificateCount)
        #expect(error?.field == "x5c")
    }

    @Test func aChainEntryThatIsNotAStringIsRefused() {
        let chain = Self.certificates.map { "\"\($0)\"" }
        let header = "{\"alg\":\"ES256\",\"x5c\":[\(chain[0]),1,\(chain[2])]}"
        let error = decodeError(Self.jws(header: header))
        #expect(error?.code == .invalidCertificateChain)
        #expect(error?.certificateIndex == 1)
    }

    @Test func aChainEntryInBase64URLIsRefused() throws {
        var chain = Self.certificates
        chain[1] = Base64URL.encode(try Base64.decodeStrictly(chain[1]))
        let error = decodeError(Self.jws(header: Self.header(x5c: chain)))
        #expect(error?.code == .invalidCertificateEncoding)
        #expect(error?.certificateIndex == 1)
        #expect(error?.base64 != nil)
    }

    @Test func aChainEntryWithoutPaddingIsRefused() {
        var chain = Self.certificates
        chain[0] = "AAAAAA"
        #expect(decodeError(Self.jws(header: Self.header(x5c: chain)))?.base64?.code == .invalidPadding)
    }

    @Test func aChainEntryThatIsNotACertificateIsRefused() {
        var chain = Self.certificates
        chain[2] = "MAA="  // an empty SEQUENCE
        let error = decodeError(Self.jws(header: Self.header(x5c: chain)))
        #expect(error?.code == .invalidCertificate)
        #expect(error?.certificateIndex == 2)
        #expect(error?.x509 != nil)
    }

    @Test(arguments: ["{\"alg\":\"ES256\",\"alg\":\"none\"}", "{\"alg\":\"ES256\",}", "[\"ES256\"]", "\u{FEFF}{}"])
    func aHeaderThatIsNotStrictJSONOrNotAnObjectIsRefused(header: String) {
        let error = decodeError(Self.jws(header: header))
        #expect(error?.step == .header)
        #expect(error?.code == (header.hasPrefix("[") ? .notAnObject : .invalidJSON))
        if header.contains("\"alg\":\"none\"") { #expect(error?.json?.code == .duplicateKey) }
    }
}
