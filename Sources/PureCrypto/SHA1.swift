// MARK: - Insecure

/// Hash functions that are no longer collision resistant, kept because existing data needs them.
///
/// App Store receipts signed on the SHA-1 certificate chains carry SHA-1 signatures, and every receipt's
/// device hash is a SHA-1 digest, so a verifier must compute it. Do not use these functions to sign or commit
/// to new data.
public enum Insecure {}

// MARK: - SHA1

extension Insecure {
    /// SHA-1, the 160-bit hash function of FIPS 180-4 §6.1.
    ///
    /// Practical collisions are known (SHAttered, 2017): use it only to check existing values.
    /// Used like ``SHA256``; a hasher is a value, and copying it in the middle of a message forks the computation.
    public struct SHA1: HashFunction {
        /// The block size: 64 bytes (512 bits, FIPS 180-4 §1, Figure 1).
        public static let blockByteCount = 64

        /// The digest size: 20 bytes (160 bits).
        public static let byteCount = SHA1Digest.byteCount

        private var hasher: MerkleDamgard<SHA1State>

        /// Creates a hasher starting from the initial hash value of FIPS 180-4 §5.3.1.
        public init() {
            self.hasher = MerkleDamgard(initialState: .initial)
        }

        /// Appends the bytes of a buffer to the message; each block it completes goes through the hash computation
        /// at once (FIPS 180-4 §6), straight from the buffer.
        public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
            self.hasher.update(bufferPointer)
        }

        /// Hashes a whole message held in a buffer (FIPS 180-4 §6.1).
        public static func hash(bufferPointer: UnsafeRawBufferPointer) -> SHA1Digest {
            var hasher = Self()
            hasher.update(bufferPointer: bufferPointer)
            return hasher.finalize()
        }

        /// Returns the SHA-1 digest of the message so far (FIPS 180-4 §6.1.2, step 4), leaving the hasher as is.
        public func finalize() -> SHA1Digest {
            let h = self.hasher.finalize()
            return SHA1Digest(
                bigEndianWords: (h.h0.bigEndian, h.h1.bigEndian, h.h2.bigEndian, h.h3.bigEndian, h.h4.bigEndian)
            )
        }
    }
}

// MARK: - State

/// The intermediate hash value H(i) of SHA-1: five 32-bit words (FIPS 180-4 §6.1).
struct SHA1State: CompressionFunction {
    static var blockByteCount: Int { 64 }
    static var lengthByteCount: Int { 8 }

    var h0: UInt32
    var h1: UInt32
    var h2: UInt32
    var h3: UInt32
    var h4: UInt32

    /// H(0), FIPS 180-4 §5.3.1.
    static var initial: Self {
        Self(h0: 0x6745_2301, h1: 0xefcd_ab89, h2: 0x98ba_dcfe, h3: 0x1032_5476, h4: 0xc3d2_e1f0)
    }

    // MARK: Compression

    /// FIPS 180-4 §6.1.2, steps 1–4, for each block.
    ///
    /// The 80 rounds are written as sixteen groups of five in which the working variables rotate by name
    /// rather than being moved; the message schedule is a rolling window of its last sixteen words.
    mutating func compress(blocks: UnsafeRawBufferPointer) {
        guard let base = blocks.baseAddress else {
            return
        }
        var (h0, h1, h2, h3, h4) = (self.h0, self.h1, self.h2, self.h3, self.h4)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { window in
            var schedule = SHA1MessageSchedule(window: window, block: base)
            var offset = 0
            while offset < blocks.count {
                schedule.block = base + offset
                var (a, b, c, d, e) = (h0, h1, h2, h3, h4)
                #if arch(wasm32)
                // A loop over the groups in WebAssembly, where the module's size has a budget
                // (docs/webassembly.md).
                var t = 0
                while t < 80 {
                    fiveRounds(&a, &b, &c, &d, &e, &schedule, t)
                    t += 5
                }
                #else
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 0)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 5)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 10)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 15)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 20)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 25)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 30)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 35)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 40)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 45)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 50)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 55)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 60)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 65)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 70)
                fiveRounds(&a, &b, &c, &d, &e, &schedule, 75)
                #endif
                h0 &+= a
                h1 &+= b
                h2 &+= c
                h3 &+= d
                h4 &+= e
                offset += Self.blockByteCount
            }
        }
        (self.h0, self.h1, self.h2, self.h3, self.h4) = (h0, h1, h2, h3, h4)
    }
}

// MARK: - Message schedule

/// The message schedule W0…W79 of FIPS 180-4 §6.1.2 step 1, as a rolling window of sixteen words: Wt lives in
/// slot t mod 16, over W(t−16), whose last use is in computing Wt.
private struct SHA1MessageSchedule {
    let window: UnsafeMutableBufferPointer<UInt32>
    var block: UnsafeRawPointer

    /// Computes and returns Wt.
    @inline(__always)
    func word(_ t: Int) -> UInt32 {
        let word: UInt32
        if t < 16 {
            // Wt = Mt(i), the block read as big-endian words (§3.1, §5.2.1).
            word = UInt32(bigEndian: self.block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
        } else {
            // Wt = ROTL¹(W(t−3) ⊕ W(t−8) ⊕ W(t−14) ⊕ W(t−16)).
            word = rotateLeft(
                self.window[(t - 3) & 15] ^ self.window[(t - 8) & 15] ^ self.window[(t - 14) & 15]
                    ^ self.window[t & 15],
                1
            )
        }
        self.window[t & 15] = word
        return word
    }
}

// MARK: - Rounds

/// Rounds t…t+4 of §6.1.2 step 3. Each round writes its new `a` over `e` and the rotated `b` in place; the next
/// round then reads every variable one place further along, so no variable is ever copied.
@inline(__always)
private func fiveRounds(
    _ a: inout UInt32,
    _ b: inout UInt32,
    _ c: inout UInt32,
    _ d: inout UInt32,
    _ e: inout UInt32,
    _ schedule: inout SHA1MessageSchedule,
    _ t: Int
) {
    round(a, &b, c, d, &e, schedule.word(t), t)
    round(e, &a, b, c, &d, schedule.word(t + 1), t + 1)
    round(d, &e, a, b, &c, schedule.word(t + 2), t + 2)
    round(c, &d, e, a, &b, schedule.word(t + 3), t + 3)
    round(b, &c, d, e, &a, schedule.word(t + 4), t + 4)
}

/// Round t: T = ROTL⁵(a) + f_t(b, c, d) + e + K_t + W_t becomes the new `a`, and ROTL³⁰(b) the new `c`.
@inline(__always)
private func round(
    _ a: UInt32,
    _ b: inout UInt32,
    _ c: UInt32,
    _ d: UInt32,
    _ e: inout UInt32,
    _ word: UInt32,
    _ t: Int
) {
    // f_t and K_t (§4.1.1, §4.2.1). Maj(b, c, d) is written as (b ∧ c) + (d ∧ (b ⊕ c)): the two terms have no
    // bit in common, so adding them equals OR-ing them, and each can be added into `e` on its own.
    switch t {
    case 0..<20:
        e &+= 0x5a82_7999 &+ word &+ (d ^ (b & (c ^ d)))  // Ch(b, c, d)
    case 20..<40:
        e &+= 0x6ed9_eba1 &+ word &+ (b ^ c ^ d)  // Parity(b, c, d)
    case 40..<60:
        e &+= 0x8f1b_bcdc &+ word &+ (b & c) &+ (d & (b ^ c))  // Maj(b, c, d)
    default:
        e &+= 0xca62_c1d6 &+ word &+ (b ^ c ^ d)  // Parity(b, c, d)
    }
    e &+= rotateLeft(a, 5)
    b = rotateLeft(b, 30)
}
