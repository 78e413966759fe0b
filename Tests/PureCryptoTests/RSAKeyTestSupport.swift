import PureDER
import Testing
import VectorSupport

@testable import PureCrypto

/// An `RSAError` with `code` from `body`, or no error when `code` is nil.
func expectKey(
    _ code: RSAError.Code?,
    _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(RSAError) -> Void
) {
    if let code {
        expectRSAError(code, context, sourceLocation: sourceLocation, body)
    } else {
        do {
            try body()
        } catch {
            Issue.record("\(context): \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// The modulus/exponent, PKCS#1 and SubjectPublicKeyInfo initializers, default or unsafe.
func keyInitializers(unsafe: Bool) -> [(String, ([UInt8], [UInt8]) throws(RSAError) -> RSAPublicKey)] {
    if unsafe {
        return [
            (
                "modulus/exponent",
                { n, e throws(RSAError) in try RSAPublicKey(unsafeModulus: n[...], exponent: e[...]) }
            ),
            (
                "PKCS#1",
                { n, e throws(RSAError) in try RSAPublicKey(unsafePKCS1DER: pkcs1DER(modulus: n, exponent: e)[...]) }
            ),
            (
                "SubjectPublicKeyInfo",
                { n, e throws(RSAError) in
                    try RSAPublicKey(
                        unsafeSubjectPublicKeyInfoDER: subjectPublicKeyInfoDER(
                            wrapping: pkcs1DER(modulus: n, exponent: e)
                        )[...]
                    )
                }
            ),
        ]
    }
    return [
        ("modulus/exponent", { n, e throws(RSAError) in try RSAPublicKey(modulus: n[...], exponent: e[...]) }),
        ("PKCS#1", { n, e throws(RSAError) in try RSAPublicKey(pkcs1DER: pkcs1DER(modulus: n, exponent: e)[...]) }),
        (
            "SubjectPublicKeyInfo",
            { n, e throws(RSAError) in
                try RSAPublicKey(
                    subjectPublicKeyInfoDER: subjectPublicKeyInfoDER(wrapping: pkcs1DER(modulus: n, exponent: e))[...]
                )
            }
        ),
    ]
}

/// The four initializers that take DER.
var derInitializers: [(String, (ArraySlice<UInt8>) throws(RSAError) -> RSAPublicKey)] {
    [
        ("PKCS#1", { der throws(RSAError) in try RSAPublicKey(pkcs1DER: der) }),
        ("unsafe PKCS#1", { der throws(RSAError) in try RSAPublicKey(unsafePKCS1DER: der) }),
        ("SubjectPublicKeyInfo", { der throws(RSAError) in try RSAPublicKey(subjectPublicKeyInfoDER: der) }),
        (
            "unsafe SubjectPublicKeyInfo",
            { der throws(RSAError) in try RSAPublicKey(unsafeSubjectPublicKeyInfoDER: der) }
        ),
    ]
}

/// 2^bits − 1, big-endian.
func allOnes(bits: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0xFF, count: (bits + 7) / 8)
    bytes[0] = UInt8(truncatingIfNeeded: (1 << ((bits - 1) % 8 + 1)) - 1)
    return bytes
}

/// Keys with one signature each, from Wycheproof (copied here so that these tests need no vectors folder).
struct KnownKey {
    let modulus: [UInt8]
    let exponent: [UInt8]
    let message: [UInt8]
    let signature: [UInt8]

    /// SHA-256 digest of `message`.
    var digest: [UInt8] { RSATestDigest.sha256.digest(message) }

    /// rsa_signature_2048_sha256_test.json, tcId 3: "Test" signed with SHA-256.
    static let rsa2048 = KnownKey(
        modulus: hexBytes(
            """
            a2b451a07d0aa5f96e455671513550514a8a5b462ebef717094fa1fee82224e637f9746d3f7cafd31878d80325b6ef5a1700f659\
            03b469429e89d6eac8845097b5ab393189db92512ed8a7711a1253facd20f79c15e8247f3d3e42e46e48c98e254a2fe9765313a0\
            3eff8f17e1a029397a1fa26a8dce26f490ed81299615d9814c22da610428e09c7d9658594266f5c021d0fceca08d945a12be82de\
            4d1ece6b4c03145b5d3495d4ed5411eb878daf05fd7afc3e09ada0f1126422f590975a1969816f48698bcbba1b4d9cae79d460d8\
            f9f85e7975005d9bc22c4e5ac0f7c1a45d12569a62807d3b9a02e5a530e773066f453d1f5b4c2e9cf7820283f742b9d5
            """
        ),
        exponent: [0x01, 0x00, 0x01],
        message: Array("Test".utf8),
        signature: hexBytes(
            """
            264491e844c119f14e425c03282139a558dcdaeb82a4628173cd407fd319f9076eaebc0dd87a1c22e4d17839096886d58a9d5b7f\
            7aeb63efec56c45ac7bead4203b6886e1faa90e028ec0ae094d46bf3f97efdd19045cfbc25a1abda2432639f9876405c0d68f8ed\
            bf047c12a454f7681d5d5a2b54bd3723d193dbad4338baad753264006e2d08931c4b8bb79aa1c9cad10eb6605f87c5831f6e2b08\
            e002f9c6f21141f5841d92727dd3e1d99c36bc560da3c9067df99fcaf818941f72588be33032bad22caf6704223bb114d575b6d0\
            2d9d222b580005d930e8f40cce9f672eebb634a20177d84351627964b83f2053d736a84ab1a005f63bd5ba943de6205c
            """
        )
    )

    /// rsa_signature_test.json, tcId 239: the empty message signed with SHA-256 under a 1024-bit key.
    static let rsa1024 = KnownKey(
        modulus: hexBytes(
            """
            d0941e63a980fa92fb25ed4c7b3307f827023034ae7f1a7491f0699ca7607285e62ad8e994bac21b8b6e305e334f4874067d28e3\
            04230dca7f0e85f7ce595770b6e054c9f844ba86c0696eeba0769d8d4a347e8fe85c724ac1c44994af18a39e719f721f1bc50c46\
            a39e6c075fcd1649f01f22608ce7dc6955502258336987d9
            """
        ),
        exponent: [0x01, 0x00, 0x01],
        message: [],
        signature: hexBytes(
            """
            132fbab52813cd4404e16812639221c6886bd0122af16b814b331a4ce18146ea9071ad0b298d952900d6fb7e1255cc2d619b207f\
            1fd9a48a3838275fe1bf3400726713175fa92d784778790c214a26491f596481414afee858ebf394da0c18a005f76c56b454a95f\
            f555341a8667848f23ee65ee2814e2d7b673fce167ba5618
            """
        )
    )
}
