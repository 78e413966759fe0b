// Montgomery arithmetic modulo an odd RSA modulus (Montgomery 1985). Values are read and written in limbs, least
// significant first; the exponentiation itself works in shorter digits. Products and reductions go column by column
// (the product-scanning forms of Koç, Acar and Kaliski 1996): each column's sum stays in registers instead of a row
// being loaded and stored per product.
//
// Why digits shorter than limbs: a product of two b-bit digits is below 2^(2b), so a column's products and the carry
// from the column before fit two sums, each two limbs wide (``ColumnSum``). Each product is then a load, a
// multiplication and an addition into one of them; with full limbs a column needs a third limb and every product a
// carry into it, which costs more than the extra products of the shorter digits. And
// R = 2^(b·d) is at least 4n, so every product is reduced below 2n without the conditional subtraction of n after
// each one (Walter's bound): only the result is reduced below n.
//
// The limb and digit sizes are the form's (`Column`): 64-bit limbs and 61-bit digits where the target multiplies
// 64 × 64 → 128 bits natively, for moduli of up to 3,712 bits, and 59-bit digits for longer ones (``RSAPublicKey``
// chooses by size); 32-bit limbs and 27-bit digits on 32-bit targets such as wasm32, whose native product is
// 32 × 32 → 64 bits (``TargetColumnSum`` chooses at compile time; docs/crypto.md, "Arithmetic forms"). Tests run
// every form natively.
//
// Carries and borrows are 0 or 1 added into the next word, never tested by `if` (WordArithmetic.swift): a branch on
// signature data is mispredicted on varied inputs.

/// An odd modulus n > 1 with what Montgomery multiplication needs precomputed once: n in digits, −n⁻¹ mod 2^b, and
/// n shifted left until its top bit is set, for the division that brings a value into the Montgomery domain
/// (R = 2^(b·d) for d digits of b bits). One value serves every operation with the same key.
struct MontgomeryModulus<Column: ColumnSum>: Sendable {
    typealias Limb = Column.Limb

    /// Bits per digit of the exponentiation's arithmetic.
    static var digitBits: Int { Column.digitBits }
    /// The low ``digitBits`` bits.
    static var digitMask: Limb { Column.digitMask }
    /// Bits per limb.
    static var limbBits: Int { Limb.bitWidth }
    /// Bytes per limb.
    static var limbBytes: Int { Limb.bitWidth / 8 }

    /// n three ways in one array, one allocation per key: k limbs, least significant first (the top one
    /// non-zero); n·2^shift in k limbs, its top bit set; and d digits of ``digitBits`` bits.
    private let storage: [Limb]
    /// k, the number of limbs.
    let limbCount: Int
    /// d, the number of digits: enough for R = 2^(b·d) ≥ 4·2^(w·k) (w bits per limb), so that R ≥ 4n (products
    /// reduce below 2n without a subtraction) and any base below 2^(w·k) times a value below 2n stays below n·R.
    let digitCount: Int
    /// −n⁻¹ mod 2^b.
    let inverse: Limb
    /// The number of leading zero bits of n's top limb.
    let shift: Int
    /// The length of n in bytes, without leading zeros.
    let byteCount: Int

    /// n, k limbs, least significant first; the top limb is non-zero.
    var limbs: ArraySlice<Limb> { storage[0..<limbCount] }

    /// Precomputes for the big-endian `modulus`, or returns `nil` unless it is odd and greater than 1.
    init?(modulus: ArraySlice<UInt8>) {
        let magnitude = modulus.drop { $0 == 0 }
        guard let last = magnitude.last, last & 1 == 1, magnitude.count > 1 || last > 1 else { return nil }
        let k = (magnitude.count + Self.limbBytes - 1) / Self.limbBytes
        let d = Self.digitCount(limbCount: k)
        // The column sums must hold the longest column; RSA keys stop at 8,192 bits (139 digits of 59 bits, 304 of
        // 27), which the forms for every modulus hold.
        precondition(d <= Column.maximumDigitCount, "modulus too long for the column sums")
        self.limbCount = k
        self.digitCount = d
        self.byteCount = magnitude.count
        var storage = [Limb](repeating: 0, count: 2 * k + d)
        var shift = 0
        storage.withUnsafeMutableBufferPointer { storage in
            guard let n = storage.baseAddress else { return }
            Self.limbs(bigEndian: magnitude, into: n, count: k)
            shift = n[k - 1].leadingZeroBitCount
            for j in 0..<k {
                n[k + j] = n[j] << shift | (j > 0 && shift > 0 ? n[j - 1] >> (Self.limbBits - shift) : 0)
            }
            Self.digits(of: n, count: k, into: n + 2 * k, digitCount: d)
        }
        self.storage = storage
        self.shift = shift
        // Newton's iteration doubles the correct low bits of n⁻¹ each step. An odd n is its own inverse modulo
        // 8, so starting from n gives 3 correct bits, and five steps give 96, at least a limb.
        let low = storage[0]
        var inverse = low
        for _ in 0..<5 { inverse = inverse &* (2 &- low &* inverse) }
        self.inverse = (0 &- inverse) & Self.digitMask
    }

    /// d for a modulus of k limbs: the fewest digits with R = 2^(b·d) ≥ 4·2^(w·k).
    static func digitCount(limbCount k: Int) -> Int {
        (limbBits * k + 2 + digitBits - 1) / digitBits
    }

    /// Whether this form's column sums hold a modulus of `byteCount` octets (without leading zeros).
    static func holds(byteCount: Int) -> Bool {
        digitCount(limbCount: (byteCount + limbBytes - 1) / limbBytes) <= Column.maximumDigitCount
    }

    /// base^exponent mod n, big-endian, exactly ``byteCount`` bytes. `base` is big-endian, at most
    /// ``byteCount`` bytes (any value below 2^(w·k) works); `exponent` big-endian, any length.
    func power(_ base: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>) -> [UInt8] {
        precondition(base.drop { $0 == 0 }.count <= limbCount * Self.limbBytes, "base wider than the modulus")
        let k = limbCount
        let baseLimbs = Self.limbs(bigEndian: base.drop { $0 == 0 }, count: k)
        var result = [Limb](repeating: 0, count: k)
        baseLimbs.withUnsafeBufferPointer { baseBuffer in
            result.withUnsafeMutableBufferPointer { resultBuffer in
                withWorkspace { workspace in
                    power(baseBuffer, exponent: exponent, into: resultBuffer, workspace: workspace)
                }
            }
        }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        for index in 0..<byteCount {
            let limb = result[index / Self.limbBytes]
            bytes[byteCount - 1 - index] = UInt8(truncatingIfNeeded: limb >> (8 * (index % Self.limbBytes)))
        }
        return bytes
    }

    // MARK: - Working storage

    /// Limbs of scratch space that ``power(_:exponent:into:workspace:)`` needs: three values of d digits (the
    /// base in the Montgomery domain, the running power, and m of each reduction); the division that brings the
    /// base into the domain first uses the space after the first (2d limbs, more for the smallest moduli).
    /// 816 bytes for RSA-2048 in 61-bit digits (912 in 27-bit ones), under the 1 KiB that the standard library keeps
    /// on the stack.
    var workspaceLimbCount: Int { digitCount + max(2 * digitCount, divisionLimbCount) }

    /// Runs `body` with zeroed scratch space of ``workspaceLimbCount`` limbs, on the stack where the
    /// standard library can put it, so that a verification allocates nothing on the heap.
    func withWorkspace<Result>(_ body: (UnsafeMutableBufferPointer<Limb>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Limb.self, capacity: workspaceLimbCount) { workspace in
            workspace.initialize(repeating: 0)
            return body(workspace)
        }
    }

    // MARK: - Exponentiation

    /// result = base^exponent mod n; `base` and `result` are k limbs, `base` below 2^(w·k), `result` not
    /// overlapping it. Left-to-right square-and-multiply in the Montgomery domain, in digits, starting at the
    /// exponent's top set bit (public exponents only: the running time depends on the exponent).
    func power(
        _ base: UnsafeBufferPointer<Limb>,
        exponent: ArraySlice<UInt8>,
        into result: UnsafeMutableBufferPointer<Limb>,
        workspace: UnsafeMutableBufferPointer<Limb>
    ) {
        let k = limbCount
        let d = digitCount
        guard let resultBase = result.baseAddress, let baseAddress = base.baseAddress,
            let space = workspace.baseAddress
        else { return }
        let baseMontgomery = space
        let accumulator = space + d
        let m = space + 2 * d
        storage.withUnsafeBufferPointer { storage in
            guard let n = storage.baseAddress else { return }
            let normalized = n + k
            let modulus = n + 2 * k
            let arithmetic = Arithmetic(modulus: modulus, count: d, inverse: inverse, m: m)
            // x·R mod n, by division into k limbs (its scratch: the space of the accumulator and m), then in
            // digits: the accumulator starts there at the exponent's top set bit.
            Self.montgomeryForm(
                baseAddress,
                into: resultBase,
                scratch: accumulator,
                normalized: normalized,
                shift: shift,
                rBits: Self.digitBits * d,
                count: k
            )
            Self.digits(of: resultBase, count: k, into: baseMontgomery, digitCount: d)
            var started = false
            var leftDomain = false
            let lastIndex = exponent.endIndex &- 1  // no index at all when the exponent is empty
            for index in exponent.indices {
                let byte = exponent[index]
                var bit: UInt8 = 0x80
                while bit != 0 {
                    if started {
                        arithmetic.square(accumulator)
                        if byte & bit != 0 {
                            if bit == 1 && index == lastIndex {
                                // The last multiplication (every odd exponent's) takes the plain base:
                                // x^(e−1)·R · x · R⁻¹ = x^e leaves the Montgomery domain with it, saving
                                // the final reduction. The product stays below n·R/2, as the reduction
                                // needs. The base in the domain is not used again, so its digits take x's.
                                Self.digits(of: baseAddress, count: k, into: baseMontgomery, digitCount: d)
                                leftDomain = true
                            }
                            arithmetic.multiply(accumulator, baseMontgomery, into: accumulator)
                        }
                    } else if byte & bit != 0 {
                        accumulator.update(from: baseMontgomery, count: d)
                        started = true
                    }
                    bit >>= 1
                }
            }
            guard started else {
                // A zero exponent: x⁰ = 1, which is below n since n > 1.
                resultBase.update(repeating: 0, count: k)
                resultBase[0] = 1
                return
            }
            // Out of the Montgomery domain, unless the last multiplication left it: a·R⁻¹, a reduction alone.
            if !leftDomain { arithmetic.reduce(accumulator) }
            // Below 2n, or at most n after a reduction alone; n comes off once at most.
            Self.subtractModulusIfNeeded(accumulator, modulus: modulus, count: d)
            Self.limbs(ofDigits: accumulator, count: d, into: resultBase, limbCount: k)
        }
    }

    /// Montgomery multiplication, squaring and reduction modulo one n (d digits, −n⁻¹ mod 2^b) with d digits of
    /// scratch for m: the operations of one exponentiation. Operands are d digits below 2n (one factor of a
    /// multiplication may be any value below 2^(w·k)); results are d digits below 2n, not reduced further.
    struct Arithmetic {
        let modulus: UnsafePointer<Limb>
        let count: Int
        let inverse: Limb
        let m: UnsafeMutablePointer<Limb>

        /// out = a·b·R⁻¹ mod n, below 2n, for a·b < n·R: the columns of a·b reduced as they are summed
        /// (``reduceColumns(into:column:)``). `out` may alias `a` or `b`.
        @inline(__always)
        func multiply(_ a: UnsafePointer<Limb>, _ b: UnsafePointer<Limb>, into out: UnsafeMutablePointer<Limb>) {
            let d = count
            reduceColumns(into: out) { i, column in
                // Column i of a·b: a[j]·b[i−j] for every j with both digits present.
                let first = i < d ? 0 : i &- d &+ 1
                column.add(a + first, timesReversed: b + (i &- first), count: min(i, d &- 1) &- first &+ 1)
            }
        }

        /// a = a²·R⁻¹ mod n, below 2n, for a < 2n, column by column like ``multiply(_:_:into:)`` but with each
        /// cross product a[j]·a[i−j] (j < i − j) formed once: summed apart, then added twice, with the square
        /// a[i/2]² of an even column.
        @inline(__always)
        func square(_ a: UnsafeMutablePointer<Limb>) {
            let d = count
            reduceColumns(into: a) { i, column in
                let first = i < d ? 0 : i &- d &+ 1
                var cross = Column()
                cross.add(a + first, timesReversed: a + (i &- first), count: (i &+ 1) / 2 &- first)
                column.addTwice(cross)
                if i & 1 == 0 { column.add(a[i / 2], times: a[i / 2]) }
            }
        }

        /// a = a·R⁻¹ mod n, at most n, for a < 2n (Montgomery's REDC of a with d zero digits above it): the
        /// way out of the Montgomery domain.
        @inline(__always)
        func reduce(_ a: UnsafeMutablePointer<Limb>) {
            let d = count
            reduceColumns(into: a) { i, column in
                if i < d { column.add(a[i]) }
            }
        }

        /// out = (c + m·n)/R, where `column(i, &sum)` adds column i of a 2d-digit c < n·R to the sum: Montgomery
        /// reduction column by column (product scanning). Below column d, m's digit i is chosen where column i
        /// of c + m·n is complete, to clear its low b bits; from column d on, each column gives a digit of the
        /// result, which is below c/R + n. Column i ≥ d reads digits at i − d + 1 and above only, so digit
        /// i − d of `out` is written there even when `out` is an operand of `column`.
        @inline(__always)
        func reduceColumns(into out: UnsafeMutablePointer<Limb>, column input: (Int, inout Column) -> Void) {
            let n = modulus
            let d = count
            var column = Column()
            for i in 0..<d {
                input(i, &column)
                column.add(m, timesReversed: n + i, count: i)
                let mi = (column.lowLimb &* inverse) & Column.digitMask
                m[i] = mi
                column.add(mi, times: n[0])  // the column's low b bits are now zero
                _ = column.shiftOutDigit()
            }
            for i in d..<(2 &* d) {
                input(i, &column)
                let first = i &- d &+ 1
                column.add(m + first, timesReversed: n + (d &- 1), count: d &- first)
                out[i &- d] = column.shiftOutDigit()
            }
        }
    }

    /// value = value − n if value ≥ n, for a value below 2n in d digits. The choice is made by mask, not by
    /// branch.
    @inline(__always)
    static func subtractModulusIfNeeded(
        _ value: UnsafeMutablePointer<Limb>,
        modulus n: UnsafePointer<Limb>,
        count d: Int
    ) {
        // The difference's digits are formed in full limbs: a borrow shows as the top bit.
        let top = Limb.bitWidth &- 1
        var borrow: Limb = 0
        for j in 0..<d { borrow = (value[j] &- n[j] &- borrow) >> top }
        // value < n exactly when the subtraction borrowed past the top digit.
        let subtract = borrow &- 1  // all ones when value ≥ n
        borrow = 0
        for j in 0..<d {
            let difference = value[j] &- (n[j] & subtract) &- borrow
            value[j] = difference & digitMask
            borrow = difference >> top
        }
    }

    // MARK: - Set-up helpers

    /// Big-endian bytes as `count` little-endian limbs; the bytes must fit.
    static func limbs(bigEndian bytes: ArraySlice<UInt8>, count: Int) -> [Limb] {
        var limbs = [Limb](repeating: 0, count: count)
        limbs.withUnsafeMutableBufferPointer { limbs in
            guard let limbs = limbs.baseAddress else { return }
            Self.limbs(bigEndian: bytes, into: limbs, count: count)
        }
        return limbs
    }

    /// Big-endian bytes into `count` zeroed little-endian limbs; the bytes must fit. A limb's octets at a time from
    /// the end, so that the limbs are indexed once per limb rather than once per octet.
    static func limbs(bigEndian bytes: ArraySlice<UInt8>, into limbs: UnsafeMutablePointer<Limb>, count: Int) {
        precondition(bytes.count <= limbBytes * count, "more bytes than limbs")  // the writes below are unchecked
        bytes.withUnsafeBufferPointer { octets in
            var end = octets.count
            var index = 0
            while end > 0 {
                let start = max(0, end - limbBytes)
                var limb: Limb = 0
                for octet in octets[start..<end] { limb = limb << 8 | Limb(octet) }
                limbs[index] = limb
                index += 1
                end = start
            }
        }
    }

    /// Where digit i lies in limbs: the limb holding its low bits, its bit offset there, and whether its high
    /// bits run on into the next limb.
    @inline(__always)
    static func digitPosition(_ i: Int) -> (limb: Int, offset: Int, straddles: Bool) {
        let bit = digitBits * i
        let offset = bit % limbBits
        return (bit / limbBits, offset, offset > limbBits - digitBits)
    }

    /// d digits of ``digitBits`` bits from a k-limb value below 2^(b·d).
    @inline(__always)
    static func digits(
        of limbs: UnsafePointer<Limb>,
        count k: Int,
        into digits: UnsafeMutablePointer<Limb>,
        digitCount d: Int
    ) {
        for i in 0..<d {
            let (index, offset, straddles) = digitPosition(i)
            var digit = index < k ? limbs[index] >> offset : 0
            if straddles && index + 1 < k { digit |= limbs[index + 1] << (limbBits - offset) }
            digits[i] = digit & digitMask
        }
    }

    /// k limbs from a d-digit value below 2^(w·k).
    @inline(__always)
    static func limbs(
        ofDigits digits: UnsafePointer<Limb>,
        count d: Int,
        into limbs: UnsafeMutablePointer<Limb>,
        limbCount k: Int
    ) {
        limbs.update(repeating: 0, count: k)
        for i in 0..<d {
            let (index, offset, straddles) = digitPosition(i)
            if index < k { limbs[index] |= digits[i] << offset }
            if straddles && index + 1 < k { limbs[index + 1] |= digits[i] >> (limbBits - offset) }
        }
    }

    /// The limbs of scratch that ``montgomeryForm(_:into:scratch:normalized:shift:rBits:count:)`` needs for
    /// R = 2^(b·d) and any shift: the dividend's limbs.
    var divisionLimbCount: Int { (Self.digitBits * digitCount + Self.limbBits - 1) / Self.limbBits + limbCount + 1 }

    /// out = x·2^rBits mod n for a k-limb x, by schoolbook division (Knuth, TAOCP vol. 2, §4.3.1, algorithm D,
    /// one quotient limb at a time), in place of a Montgomery multiplication by R² mod n, which every key would
    /// have to compute first (and most keys a receipt carries verify one signature, or none). Dividend and
    /// divisor are shifted left by `shift` bits, which sets the top bit of n·2^shift, and the remainder shifted
    /// back at the end. The dividend is laid out in `scratch`: x shifted left by (rBits + shift) mod w bits in
    /// k + 1 limbs, over (rBits + shift)/w zero limbs; each step divides the window of k + 1 limbs at its
    /// position, from the top down, by n·2^shift, replacing the window by the remainder. Each quotient estimate
    /// is refined with n's second limb (step D3), so it is almost always exact and the add-back of step D6
    /// almost never runs. The modulus is public, so the corrections may branch. `scratch` holds
    /// ``divisionLimbCount`` limbs; `out` may alias `x`.
    @inline(__always)
    static func montgomeryForm(
        _ x: UnsafePointer<Limb>,
        into out: UnsafeMutablePointer<Limb>,
        scratch u: UnsafeMutablePointer<Limb>,
        normalized n: UnsafePointer<Limb>,
        shift: Int,
        rBits: Int,
        count k: Int
    ) {
        let zeroLimbs = (rBits + shift) / limbBits
        let offset = (rBits + shift) % limbBits
        u.update(repeating: 0, count: zeroLimbs)
        for i in 0...k {
            let high = i < k ? x[i] << offset : 0
            let low = offset > 0 && i > 0 ? x[i - 1] >> (limbBits - offset) : 0
            u[zeroLimbs + i] = high | low
        }
        // The window at the top is x·2^offset itself: its top k limbs are below 2^(wk − 1), and so below
        // n·2^shift, as each step needs.
        let top = n[k - 1]
        var position = zeroLimbs
        while position >= 0 {
            let w = u + position  // k + 1 limbs, below n·2^shift·2ʷ; so w[k] ≤ top
            // The estimate from the top two limbs of w and the top limb of n, and its remainder.
            var estimate = Limb.max
            var remainder: Limb
            var remainderOverflowed = false
            if w[k] < top {
                (estimate, remainder) = top.dividingFullWidth((high: w[k], low: w[k - 1]))
            } else {  // w[k] == top: (top·2ʷ + w[k−1]) − (2ʷ − 1)·top
                assert(w[k] == top)
                (remainder, remainderOverflowed) = w[k - 1].addingReportingOverflow(top)
            }
            // D3: while estimate·n[k−2] > remainder·2ʷ + w[k−2], the estimate is too large.
            while k >= 2 && !remainderOverflowed {
                let product = estimate.multipliedFullWidth(by: n[k - 2])
                guard (product.high, product.low) > (remainder, w[k - 2]) else { break }
                estimate &-= 1
                (remainder, remainderOverflowed) = remainder.addingReportingOverflow(top)
            }
            // w −= estimate·n, the borrow carried as 0 or 1 (not tested per limb: the limbs are signature data).
            var carry: Limb = 0
            var borrow: Limb = 0
            for i in 0..<k {
                let (low, high) = multiplyAdd(estimate, n[i], 0, carry)
                carry = high
                (w[i], borrow) = subtractWithBorrow(w[i], low, borrow)
            }
            (w[k], borrow) = subtractWithBorrow(w[k], carry, borrow)
            var negative = borrow != 0
            // Rarely, the estimate was still one too large: add n back until w is not negative.
            while negative {
                var sumCarry: Limb = 0
                for i in 0..<k {
                    (w[i], sumCarry) = addWithCarry(w[i], n[i], sumCarry)
                }
                let (limb, overflow) = w[k].addingReportingOverflow(sumCarry)
                w[k] = limb
                negative = !overflow
            }
            position -= 1
        }
        // Undo the normalising shift: the remainder, u's low k + 1 limbs, is below n·2^shift, so the result fits
        // k limbs.
        for j in 0..<k {
            out[j] = u[j] >> shift | (shift > 0 ? u[j + 1] << (limbBits - shift) : 0)
        }
    }

    /// x·R mod n for a k-limb x: ``montgomeryForm(_:into:scratch:normalized:shift:rBits:count:)`` over arrays,
    /// for tests.
    func montgomeryForm(_ x: [Limb]) -> [Limb] {
        precondition(x.count == limbCount, "x must have k limbs")
        var result = [Limb](repeating: 0, count: limbCount)
        var scratch = [Limb](repeating: 0, count: divisionLimbCount)
        x.withUnsafeBufferPointer { x in
            storage.withUnsafeBufferPointer { storage in
                result.withUnsafeMutableBufferPointer { out in
                    scratch.withUnsafeMutableBufferPointer { t in
                        guard let x = x.baseAddress, let out = out.baseAddress, let t = t.baseAddress,
                            let n = storage.baseAddress
                        else { return }
                        Self.montgomeryForm(
                            x,
                            into: out,
                            scratch: t,
                            normalized: n + limbCount,
                            shift: shift,
                            rBits: Self.digitBits * digitCount,
                            count: limbCount
                        )
                    }
                }
            }
        }
        return result
    }
}
