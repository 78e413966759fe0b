// MARK: - SHA-2 functions

/// The word size, constants and logical functions that set SHA-256 (FIPS 180-4 §4.1.2, §4.2.2) apart from
/// SHA-384 and SHA-512 (§4.1.3, §4.2.3). The hash computation itself (§6.2.2 and §6.4.2) is the same
/// algorithm for both, written once in ``SHA2State``.
protocol SHA2Functions: Sendable {
    /// A word: 32 bits for SHA-256, 64 bits for SHA-384 and SHA-512 (FIPS 180-4 §1, Figure 1).
    associatedtype Word: FixedWidthInteger & UnsignedInteger & Sendable

    /// The number of rounds, which is also the length of the message schedule: 64 or 80.
    static var roundCount: Int { get }

    /// The constants K0…K(roundCount − 1).
    static var roundConstants: [Word] { get }

    /// Σ0 (upper-case sigma zero), applied to `a` in each round.
    static func bigSigma0(_ x: Word) -> Word

    /// Σ1 (upper-case sigma one), applied to `e` in each round.
    static func bigSigma1(_ x: Word) -> Word

    /// σ0 (lower-case sigma zero) of the message schedule.
    static func smallSigma0(_ x: Word) -> Word

    /// σ1 (lower-case sigma one) of the message schedule.
    static func smallSigma1(_ x: Word) -> Word
}

// MARK: - State

/// The intermediate hash value H(i) of a SHA-2 function: eight words (FIPS 180-4 §6.2, §6.4).
struct SHA2State<Functions: SHA2Functions>: CompressionFunction {
    typealias Word = Functions.Word

    /// Sixteen words: 64 bytes for SHA-256, 128 for SHA-384 and SHA-512 (§5.2.1, §5.2.2).
    static var blockByteCount: Int { 16 * MemoryLayout<Word>.size }

    /// The padding ends with the message length in two words: 64 or 128 bits (§5.1.1, §5.1.2).
    static var lengthByteCount: Int { 2 * MemoryLayout<Word>.size }

    var h0: Word
    var h1: Word
    var h2: Word
    var h3: Word
    var h4: Word
    var h5: Word
    var h6: Word
    var h7: Word

    // MARK: Compression

    /// FIPS 180-4 §6.2.2 (and §6.4.2), steps 1–4, for each block.
    ///
    /// The rounds run in groups of eight in which the working variables rotate by name rather than being
    /// moved, and the message schedule is a rolling window of its last sixteen words, so that the compiler
    /// can keep the working variables in registers.
    mutating func compress(blocks: UnsafeRawBufferPointer) {
        guard let base = blocks.baseAddress else {
            return
        }
        var (h0, h1, h2, h3, h4, h5, h6, h7) = (self.h0, self.h1, self.h2, self.h3, self.h4, self.h5, self.h6, self.h7)
        Functions.roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: Word.self, capacity: 16) { window in
                var schedule = MessageSchedule<Functions>(window: window, constants: constants, block: base)
                var offset = 0
                while offset < blocks.count {
                    schedule.block = base + offset
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    #if arch(wasm32)
                    // A loop over the groups in WebAssembly, where the module's size has a budget and the
                    // unrolled rounds of SHA-256 alone take 6 KB of it (docs/webassembly.md).
                    var t = 0
                    while t < Functions.roundCount {
                        eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, t)
                        t += 8
                    }
                    #else
                    eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 0)
                    eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 8)
                    eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 16)
                    eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 24)
                    eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 32)
                    eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 40)
                    eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 48)
                    eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 56)
                    if Functions.roundCount == 80 {
                        eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 64)
                        eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, &schedule, 72)
                    }
                    #endif
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                    offset += Self.blockByteCount
                }
            }
        }
        (self.h0, self.h1, self.h2, self.h3, self.h4, self.h5, self.h6, self.h7) = (h0, h1, h2, h3, h4, h5, h6, h7)
    }
}

// MARK: - Message schedule

/// The message schedule W0…W(roundCount − 1) of step 1, as a rolling window of sixteen words: Wt lives in
/// slot t mod 16, over W(t−16), whose last use is in computing Wt.
private struct MessageSchedule<Functions: SHA2Functions> {
    typealias Word = Functions.Word

    let window: UnsafeMutableBufferPointer<Word>
    let constants: UnsafeBufferPointer<Word>
    var block: UnsafeRawPointer

    /// Computes Wt and returns Kt + Wt.
    @inline(__always)
    func constantPlusWord(_ t: Int) -> Word {
        let word: Word
        if t < 16 {
            // Wt = Mt(i), the block read as big-endian words (§3.1, §5.2).
            word = Word(bigEndian: self.block.loadUnaligned(fromByteOffset: t * MemoryLayout<Word>.size, as: Word.self))
        } else {
            // Wt = σ1(W(t−2)) + W(t−7) + σ0(W(t−15)) + W(t−16).
            word =
                Functions.smallSigma1(self.window[(t - 2) & 15]) &+ self.window[(t - 7) & 15]
                &+ Functions.smallSigma0(self.window[(t - 15) & 15]) &+ self.window[t & 15]
        }
        self.window[t & 15] = word
        return self.constants[t] &+ word
    }
}

// MARK: - Rounds

/// Rounds t…t+7 of step 3. Each round writes its new `e` over `d` and its new `a` over `h`; the next round
/// then reads every variable one place further along, so no variable is ever copied.
@inline(__always)
private func eightRounds<Functions: SHA2Functions>(
    _ a: inout Functions.Word,
    _ b: inout Functions.Word,
    _ c: inout Functions.Word,
    _ d: inout Functions.Word,
    _ e: inout Functions.Word,
    _ f: inout Functions.Word,
    _ g: inout Functions.Word,
    _ h: inout Functions.Word,
    _ schedule: inout MessageSchedule<Functions>,
    _ t: Int
) {
    round(a, b, c, &d, e, f, g, &h, schedule.constantPlusWord(t), Functions.self)
    round(h, a, b, &c, d, e, f, &g, schedule.constantPlusWord(t + 1), Functions.self)
    round(g, h, a, &b, c, d, e, &f, schedule.constantPlusWord(t + 2), Functions.self)
    round(f, g, h, &a, b, c, d, &e, schedule.constantPlusWord(t + 3), Functions.self)
    round(e, f, g, &h, a, b, c, &d, schedule.constantPlusWord(t + 4), Functions.self)
    round(d, e, f, &g, h, a, b, &c, schedule.constantPlusWord(t + 5), Functions.self)
    round(c, d, e, &f, g, h, a, &b, schedule.constantPlusWord(t + 6), Functions.self)
    round(b, c, d, &e, f, g, h, &a, schedule.constantPlusWord(t + 7), Functions.self)
}

/// One round: T1 = h + Σ1(e) + Ch(e, f, g) + Kt + Wt and T2 = Σ0(a) + Maj(a, b, c), then d + T1 becomes the
/// new `e` and T1 + T2 the new `a`.
@inline(__always)
private func round<Functions: SHA2Functions>(
    _ a: Functions.Word,
    _ b: Functions.Word,
    _ c: Functions.Word,
    _ d: inout Functions.Word,
    _ e: Functions.Word,
    _ f: Functions.Word,
    _ g: Functions.Word,
    _ h: inout Functions.Word,
    _ constantPlusWord: Functions.Word,
    _: Functions.Type
) {
    let t1 = h &+ Functions.bigSigma1(e) &+ choose(e, f, g) &+ constantPlusWord
    d &+= t1
    h = t1 &+ Functions.bigSigma0(a) &+ majority(a, b, c)
}

// MARK: - Functions shared by every word size (FIPS 180-4 §4.1.2, §4.1.3)

/// Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z), computed as ((y ⊕ z) ∧ x) ⊕ z.
@inline(__always)
private func choose<Word: FixedWidthInteger>(_ x: Word, _ y: Word, _ z: Word) -> Word {
    ((y ^ z) & x) ^ z
}

/// Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z), computed as ((x ⊕ y) ∧ (y ⊕ z)) ⊕ y.
@inline(__always)
private func majority<Word: FixedWidthInteger>(_ x: Word, _ y: Word, _ z: Word) -> Word {
    ((x ^ y) & (y ^ z)) ^ y
}
