// MARK: - SHA256

/// SHA-256, the 256-bit hash function of FIPS 180-4 §6.2.
///
/// ```swift
/// let digest = SHA256.hash(message)
///
/// var hasher = SHA256()
/// hasher.update(firstPart)
/// hasher.update(secondPart)
/// let same = hasher.finalize()
/// ```
///
/// A hasher is a value: copying it in the middle of a message forks the computation.
public struct SHA256: HashFunction {
    /// The block size: 64 bytes (512 bits, FIPS 180-4 §1, Figure 1).
    public static let blockByteCount = 64

    /// The digest size: 32 bytes (256 bits).
    public static let byteCount = SHA256Digest.byteCount

    private var hasher: MerkleDamgard<SHA2State<SHA256Functions>>

    /// Creates a hasher starting from the initial hash value of FIPS 180-4 §5.3.3.
    public init() {
        self.hasher = MerkleDamgard(initialState: .sha256Initial)
    }

    /// Appends the bytes of a buffer to the message; each block it completes goes through the hash computation
    /// at once (FIPS 180-4 §6), straight from the buffer.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        self.hasher.update(bufferPointer)
    }

    /// Hashes a whole message held in a buffer (FIPS 180-4 §6.2).
    public static func hash(bufferPointer: UnsafeRawBufferPointer) -> SHA256Digest {
        var hasher = Self()
        hasher.update(bufferPointer: bufferPointer)
        return hasher.finalize()
    }

    /// Returns the SHA-256 digest of the message so far (FIPS 180-4 §6.2.2, step 4), leaving the hasher as is.
    public func finalize() -> SHA256Digest {
        let h = self.hasher.finalize()
        return SHA256Digest(
            bigEndianWords: (
                h.h0.bigEndian, h.h1.bigEndian, h.h2.bigEndian, h.h3.bigEndian,
                h.h4.bigEndian, h.h5.bigEndian, h.h6.bigEndian, h.h7.bigEndian
            )
        )
    }
}

// MARK: - Initial hash value

extension SHA2State<SHA256Functions> {
    /// H(0) of FIPS 180-4 §5.3.3: the first 32 bits of the fractional parts of the square roots of the first
    /// eight prime numbers.
    static var sha256Initial: Self {
        Self(
            h0: 0x6a09_e667,
            h1: 0xbb67_ae85,
            h2: 0x3c6e_f372,
            h3: 0xa54f_f53a,
            h4: 0x510e_527f,
            h5: 0x9b05_688c,
            h6: 0x1f83_d9ab,
            h7: 0x5be0_cd19
        )
    }
}

// MARK: - Functions and constants

/// The SHA-256 parameters: 32-bit words, 64 rounds, the functions of FIPS 180-4 §4.1.2 and the constants of
/// §4.2.2.
enum SHA256Functions: SHA2Functions {
    typealias Word = UInt32

    static var roundCount: Int { 64 }

    /// K0…K63 (§4.2.2): the first 32 bits of the fractional parts of the cube roots of the first sixty-four
    /// prime numbers.
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Σ0(x) = ROTR²(x) ⊕ ROTR¹³(x) ⊕ ROTR²²(x), factored as ROTR²(ROTR¹¹(ROTR⁹(x) ⊕ x) ⊕ x) to need one
    /// temporary instead of three.
    @inline(__always)
    static func bigSigma0(_ x: UInt32) -> UInt32 {
        rotateRight(rotateRight(rotateRight(x, 9) ^ x, 11) ^ x, 2)
    }

    /// Σ1(x) = ROTR⁶(x) ⊕ ROTR¹¹(x) ⊕ ROTR²⁵(x), factored as ROTR⁶(ROTR⁵(ROTR¹⁴(x) ⊕ x) ⊕ x).
    @inline(__always)
    static func bigSigma1(_ x: UInt32) -> UInt32 {
        rotateRight(rotateRight(rotateRight(x, 14) ^ x, 5) ^ x, 6)
    }

    /// σ0(x) = ROTR⁷(x) ⊕ ROTR¹⁸(x) ⊕ SHR³(x).
    @inline(__always)
    static func smallSigma0(_ x: UInt32) -> UInt32 {
        rotateRight(x, 7) ^ rotateRight(x, 18) ^ (x &>> 3)
    }

    /// σ1(x) = ROTR¹⁷(x) ⊕ ROTR¹⁹(x) ⊕ SHR¹⁰(x).
    @inline(__always)
    static func smallSigma1(_ x: UInt32) -> UInt32 {
        rotateRight(x, 17) ^ rotateRight(x, 19) ^ (x &>> 10)
    }
}
