// Montgomery arithmetic modulo an odd RSA modulus (Montgomery 1985), in 64-bit limbs, least significant first.
// Products and reductions go column by column (the product-scanning forms of Koç, Acar and Kaliski 1996): each
// column's sum stays in three registers instead of a row of limbs being loaded and stored per product, which
// made an RSA-2048 verification about 12% faster than row by row (docs/PERFORMANCE.md).
//
// Carries are kept in `UInt128` sums, or taken from an overflow flag straight into the next sum: flags tested
// by `if` compiled to data-dependent branches, which ran several times slower on varied inputs.

/// An odd modulus n > 1 with what Montgomery multiplication needs precomputed once: −n⁻¹ mod 2⁶⁴, and n
/// shifted left until its top bit is set, for the division that brings a value into the Montgomery domain
/// (R = 2^(64·k) for k limbs). One value serves every operation with the same key.
struct MontgomeryModulus: Sendable {
    /// n, k limbs, least significant first; the top limb is non-zero.
    let limbs: [UInt64]
    /// −n⁻¹ mod 2⁶⁴.
    let inverse: UInt64
    /// n·2^shift, k limbs, its top bit set.
    let normalized: [UInt64]
    /// The number of leading zero bits of n's top limb.
    let shift: UInt64
    /// The length of n in bytes, without leading zeros.
    let byteCount: Int

    /// k, the number of limbs.
    var limbCount: Int { limbs.count }

    /// Precomputes for the big-endian `modulus`, or returns `nil` unless it is odd and greater than 1.
    init?(modulus: ArraySlice<UInt8>) {
        let magnitude = modulus.drop { $0 == 0 }
        guard let last = magnitude.last, last & 1 == 1, magnitude.count > 1 || last > 1 else { return nil }
        let limbs = Self.limbs(bigEndian: magnitude, count: (magnitude.count + 7) / 8)
        self.limbs = limbs
        self.byteCount = magnitude.count
        // Newton's iteration doubles the correct low bits of n⁻¹ each step. An odd n is its own inverse modulo
        // 8, so starting from n gives 3 correct bits, and five steps give 96 ≥ 64.
        var inverse = limbs[0]
        for _ in 0..<5 { inverse = inverse &* (2 &- limbs[0] &* inverse) }
        self.inverse = 0 &- inverse
        let shift = UInt64(limbs[limbs.count - 1].leadingZeroBitCount)
        self.shift = shift
        self.normalized = (0..<limbs.count).map { j in
            limbs[j] << shift | (j > 0 && shift > 0 ? limbs[j - 1] >> (64 - shift) : 0)
        }
    }

    /// base^exponent mod n, big-endian, exactly ``byteCount`` bytes. `base` is big-endian, at most
    /// ``byteCount`` bytes (any value below R works); `exponent` big-endian, any length.
    func power(_ base: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>) -> [UInt8] {
        precondition(base.drop { $0 == 0 }.count <= limbCount * 8, "base wider than the modulus")
        let k = limbCount
        let baseLimbs = Self.limbs(bigEndian: base.drop { $0 == 0 }, count: k)
        var result = [UInt64](repeating: 0, count: k)
        baseLimbs.withUnsafeBufferPointer { baseBuffer in
            result.withUnsafeMutableBufferPointer { resultBuffer in
                withWorkspace { workspace in
                    power(baseBuffer, exponent: exponent, into: resultBuffer, workspace: workspace)
                }
            }
        }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        for index in 0..<byteCount {
            bytes[byteCount - 1 - index] = UInt8(truncatingIfNeeded: result[index / 8] >> (8 * UInt64(index % 8)))
        }
        return bytes
    }

    // MARK: - Working storage

    /// Limbs of scratch space that ``power(_:exponent:into:workspace:)`` needs: the base in the Montgomery
    /// domain and 2k limbs for products. 768 bytes for RSA-2048, under the 1 KiB that the standard library keeps
    /// on the stack.
    var workspaceLimbCount: Int { 3 * limbCount }

    /// Runs `body` with zeroed scratch space of ``workspaceLimbCount`` limbs, on the stack where the
    /// standard library can put it, so that a verification allocates nothing on the heap.
    func withWorkspace<Result>(_ body: (UnsafeMutableBufferPointer<UInt64>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: workspaceLimbCount) { workspace in
            workspace.initialize(repeating: 0)
            return body(workspace)
        }
    }

    // MARK: - Exponentiation

    /// result = base^exponent mod n, all k-limb values; `base` below R. Left-to-right square-and-multiply in
    /// the Montgomery domain, starting at the exponent's top set bit (public exponents only: the running time
    /// depends on the exponent).
    func power(
        _ base: UnsafeBufferPointer<UInt64>,
        exponent: ArraySlice<UInt8>,
        into result: UnsafeMutableBufferPointer<UInt64>,
        workspace: UnsafeMutableBufferPointer<UInt64>
    ) {
        let k = limbCount
        guard let resultBase = result.baseAddress, let baseAddress = base.baseAddress,
            let space = workspace.baseAddress
        else { return }
        let baseMontgomery = space
        let scratch = space + k  // 2k limbs
        normalized.withUnsafeBufferPointer { normalized in
            limbs.withUnsafeBufferPointer { modulus in
                guard let normalized = normalized.baseAddress, let modulus = modulus.baseAddress else { return }
                let arithmetic = Arithmetic(modulus: modulus, count: k, inverse: inverse, scratch: scratch)
                // x·R mod n, by division: the accumulator starts there at the exponent's top set bit.
                Self.montgomeryForm(
                    baseAddress,
                    into: baseMontgomery,
                    scratch: scratch,
                    normalized: normalized,
                    shift: shift,
                    count: k
                )
                var started = false
                var leftDomain = false
                let lastIndex = exponent.endIndex &- 1  // no index at all when the exponent is empty
                for index in exponent.indices {
                    let byte = exponent[index]
                    var bit: UInt8 = 0x80
                    while bit != 0 {
                        if started {
                            arithmetic.square(resultBase)
                            if byte & bit != 0 {
                                if bit == 1 && index == lastIndex {
                                    // The last multiplication (every odd exponent's) takes the plain base:
                                    // x^(e−1)·R · x · R⁻¹ = x^e leaves the Montgomery domain with it, saving
                                    // the final reduction. The product stays below n·R, as the reduction needs.
                                    arithmetic.multiply(resultBase, baseAddress, into: resultBase)
                                    leftDomain = true
                                } else {
                                    arithmetic.multiply(resultBase, baseMontgomery, into: resultBase)
                                }
                            }
                        } else if byte & bit != 0 {
                            resultBase.update(from: baseMontgomery, count: k)
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
                guard !leftDomain else { return }
                // Out of the Montgomery domain: a·R⁻¹, a reduction alone.
                arithmetic.reduce(resultBase)
            }
        }
    }

    /// Montgomery multiplication, squaring and reduction modulo one n (k limbs, −n⁻¹ mod 2⁶⁴) with 2k limbs of
    /// scratch: the operations of one exponentiation.
    struct Arithmetic {
        let modulus: UnsafePointer<UInt64>
        let count: Int
        let inverse: UInt64
        let scratch: UnsafeMutablePointer<UInt64>

        /// out = a·b·R⁻¹ mod n for a·b < n·R (so any a < R with b < n): the columns of a·b reduced as they are
        /// summed (``reduceColumns(into:column:)``). `out` may alias `a` or `b`: they are read before it is
        /// written.
        @inline(__always)
        func multiply(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into out: UnsafeMutablePointer<UInt64>) {
            let k = count
            reduceColumns(into: out) { i, column in
                // Column i of a·b: a[j]·b[i−j] for every j with both limbs present.
                let first = i < k ? 0 : i &- k &+ 1
                column.add(a + first, timesReversed: b + (i &- first), count: min(i, k &- 1) &- first &+ 1)
            }
        }

        /// a = a²·R⁻¹ mod n for a < n, column by column like ``multiply(_:_:into:)`` but with each cross product
        /// a[j]·a[i−j] (j < i − j) formed once: summed apart, then added twice, with the square a[i/2]² of an even
        /// column. `a` is read until the last column and written only after it.
        @inline(__always)
        func square(_ a: UnsafeMutablePointer<UInt64>) {
            let k = count
            reduceColumns(into: a) { i, column in
                let first = i < k ? 0 : i &- k &+ 1
                var cross = ColumnSum()
                cross.add(a + first, timesReversed: a + (i &- first), count: (i &+ 1) / 2 &- first)
                column.addTwice(cross)
                if i & 1 == 0 { column.add(a[i / 2], times: a[i / 2]) }
            }
        }

        /// a = a·R⁻¹ mod n for a k-limb a < R (Montgomery's REDC of a with k zero limbs above it), then one
        /// conditional subtraction: the way out of the Montgomery domain. `a` is read until the last column and
        /// written only after it.
        @inline(__always)
        func reduce(_ a: UnsafeMutablePointer<UInt64>) {
            let k = count
            reduceColumns(into: a) { i, column in
                if i < k { column.add(a[i]) }
            }
        }

        /// out = (c + m·n)/R mod n, where `column(i, &sum)` adds column i of a 2k-limb c < n·R to the sum:
        /// Montgomery reduction column by column (product scanning). Column i of c + m·n is summed in three limbs
        /// held in registers, and below column k m's limb i is chosen there to clear it, so each
        /// multiply-accumulate is a load, a multiplication and three additions, with no limb loaded and stored
        /// again per product as row by row does. m takes the scratch's low k limbs and the result its high k; the
        /// result is below 2n before the final subtraction.
        @inline(__always)
        func reduceColumns(into out: UnsafeMutablePointer<UInt64>, column input: (Int, inout ColumnSum) -> Void) {
            let n = modulus
            let k = count
            let m = scratch
            let result = scratch + k
            var column = ColumnSum()
            for i in 0..<k {
                input(i, &column)
                column.add(m, timesReversed: n + i, count: i)
                let mi = column.lowLimb &* inverse
                m[i] = mi
                column.add(mi, times: n[0])  // the column's low limb is now zero
                _ = column.shiftOutLimb()
            }
            for i in k..<(2 &* k) {
                input(i, &column)
                let first = i &- k &+ 1
                column.add(m + first, timesReversed: n + (k &- 1), count: k &- first)
                result[i &- k] = column.shiftOutLimb()
            }
            MontgomeryModulus.subtractModulusIfNeeded(result, top: column.lowLimb, modulus: n, count: k, into: out)
        }
    }

    /// A column of a product being summed: up to 2k products of two limbs each, so three limbs,
    /// high·2¹²⁸ + low.
    struct ColumnSum {
        var low: UInt128 = 0
        var high: UInt64 = 0

        var lowLimb: UInt64 { UInt64(truncatingIfNeeded: low) }

        @inline(__always)
        mutating func add(_ x: UInt64, times y: UInt64) {
            let (sum, overflow) = low.addingReportingOverflow(UInt128(x) &* UInt128(y))
            low = sum
            high &+= overflow ? 1 : 0
        }

        /// Adds x[0]·y[0] + x[1]·y[−1] + … over `count` products: x ascending, y descending, as the limbs of one
        /// column of a product pair up. The count's low three bits go first, as one, two and four products without
        /// a loop, then eight products per iteration: every column has another length, and a loop of four with a
        /// remainder loop after it was 13% slower (rsa2048-verify p0 1,520 µs against 1,326 µs).
        @inline(__always)
        mutating func add(_ x: UnsafePointer<UInt64>, timesReversed y: UnsafePointer<UInt64>, count: Int) {
            var x = x
            var y = y
            if count & 1 != 0 {
                add(x[0], times: y[0])
                x += 1
                y -= 1
            }
            if count & 2 != 0 {
                add(x[0], times: y[0])
                add(x[1], times: y[-1])
                x += 2
                y -= 2
            }
            if count & 4 != 0 {
                add(x[0], times: y[0])
                add(x[1], times: y[-1])
                add(x[2], times: y[-2])
                add(x[3], times: y[-3])
                x += 4
                y -= 4
            }
            var remaining = count & ~7
            while remaining > 0 {
                add(x[0], times: y[0])
                add(x[1], times: y[-1])
                add(x[2], times: y[-2])
                add(x[3], times: y[-3])
                add(x[4], times: y[-4])
                add(x[5], times: y[-5])
                add(x[6], times: y[-6])
                add(x[7], times: y[-7])
                x += 8
                y -= 8
                remaining &-= 8
            }
        }

        /// Adds 2·other; both sums stay far below 2¹⁹¹.
        @inline(__always)
        mutating func addTwice(_ other: ColumnSum) {
            let (sum, overflow) = low.addingReportingOverflow(other.low &<< 1)
            low = sum
            high &+= (other.high &<< 1 | UInt64(truncatingIfNeeded: other.low &>> 127)) &+ (overflow ? 1 : 0)
        }

        @inline(__always)
        mutating func add(_ x: UInt64) {
            let (sum, overflow) = low.addingReportingOverflow(UInt128(x))
            low = sum
            high &+= overflow ? 1 : 0
        }

        /// Returns the low limb and moves the rest down one limb.
        @inline(__always)
        mutating func shiftOutLimb() -> UInt64 {
            let limb = lowLimb
            low = low &>> 64 | UInt128(high) &<< 64
            high = 0
            return limb
        }
    }

    /// out = value − n if value ≥ n, else value, for a value below 2n held in k limbs plus `top` (0 or 1)
    /// above them. The choice is made by mask, not by branch. `out` must not overlap `value`.
    @inline(__always)
    static func subtractModulusIfNeeded(
        _ value: UnsafePointer<UInt64>,
        top: UInt64,
        modulus n: UnsafePointer<UInt64>,
        count k: Int,
        into out: UnsafeMutablePointer<UInt64>
    ) {
        var borrow: UInt64 = 0
        for j in 0..<k {
            let difference = UInt128(value[j]) &- UInt128(n[j]) &- UInt128(borrow)
            out[j] = UInt64(truncatingIfNeeded: difference)
            borrow = UInt64(truncatingIfNeeded: difference &>> 64) & 1
        }
        // value < n exactly when the subtraction borrowed past the top limb.
        let keep = 0 &- (borrow & ~top & 1)
        for j in 0..<k { out[j] = (value[j] & keep) | (out[j] & ~keep) }
    }

    // MARK: - Set-up helpers

    /// Big-endian bytes as `count` little-endian limbs; the bytes must fit. Eight octets per limb from the end,
    /// where indexing the limbs per octet took 2,400 instructions for each RSA-2048 key parsed.
    static func limbs(bigEndian bytes: ArraySlice<UInt8>, count: Int) -> [UInt64] {
        precondition(bytes.count <= 8 * count, "more bytes than limbs")  // the writes below are unchecked
        var limbs = [UInt64](repeating: 0, count: count)
        bytes.withUnsafeBufferPointer { octets in
            limbs.withUnsafeMutableBufferPointer { limbs in
                var end = octets.count
                var index = 0
                while end > 0 {
                    let start = max(0, end - 8)
                    var limb: UInt64 = 0
                    for octet in octets[start..<end] { limb = limb << 8 | UInt64(octet) }
                    limbs[index] = limb
                    index += 1
                    end = start
                }
            }
        }
        return limbs
    }

    /// out = x·R mod n for a k-limb x < R, by schoolbook division (Knuth, TAOCP vol. 2, §4.3.1, algorithm D,
    /// one quotient limb at a time), in place of a Montgomery multiplication by R² mod n, which every key would
    /// have to compute first (and most keys a receipt carries verify one signature, or none). v starts as x's
    /// top k − 1 limbs, below n (n is odd, above 1, its top limb not zero); k + 1 steps of
    /// v ← (v·2⁶⁴ + limb) mod n then bring in x's low limb and k zero limbs. The steps run on n and v shifted
    /// left until n's top bit is set; each quotient estimate is refined with n's second limb (step D3), so it is
    /// almost always exact and the add-back of step D6 almost never runs; the shift comes off at the end. The
    /// modulus is public, so the corrections may branch. `scratch` holds k + 1 limbs; `out` may alias `x`.
    @inline(__always)
    static func montgomeryForm(
        _ x: UnsafePointer<UInt64>,
        into out: UnsafeMutablePointer<UInt64>,
        scratch t: UnsafeMutablePointer<UInt64>,
        normalized n: UnsafePointer<UInt64>,
        shift: UInt64,
        count k: Int
    ) {
        // t = (x·2^shift) / 2⁶⁴: v·2^shift with the bits of x's low limb that its shift carries out, all below
        // n·2^shift (v < n, and n·2^shift has its low `shift` bits zero), so it fits k limbs.
        t[k] = 0
        for j in 0..<k {
            let next = j + 1 < k ? x[j + 1] << shift : 0
            t[j] = next | (shift > 0 ? x[j] >> (64 - shift) : 0)
        }
        var low = x[0] << shift  // the next limb to bring in, shifted; zero after x's low limb
        let top = n[k - 1]
        for _ in 0...k {
            // t = v·2⁶⁴ + limb (all shifted): k + 1 limbs, below n·2⁶⁴ since v < n (and x < R ≤ n·2⁶⁴ at the
            // first step); so t[k] ≤ top.
            for j in stride(from: k, to: 0, by: -1) { t[j] = t[j - 1] }
            t[0] = low
            low = 0
            // The estimate from the top two limbs of t and the top limb of n, and its remainder.
            var estimate = UInt64.max
            var remainder: UInt64
            var remainderOverflowed = false
            if t[k] < top {
                (estimate, remainder) = top.dividingFullWidth((high: t[k], low: t[k - 1]))
            } else {  // t[k] == top: (top·2⁶⁴ + t[k−1]) − (2⁶⁴ − 1)·top
                assert(t[k] == top)
                (remainder, remainderOverflowed) = t[k - 1].addingReportingOverflow(top)
            }
            // D3: while estimate·n[k−2] > remainder·2⁶⁴ + t[k−2], the estimate is too large.
            while k >= 2 && !remainderOverflowed
                && UInt128(estimate) &* UInt128(n[k - 2]) > (UInt128(remainder) &<< 64 | UInt128(t[k - 2]))
            {
                estimate &-= 1
                (remainder, remainderOverflowed) = remainder.addingReportingOverflow(top)
            }
            // t −= estimate·n
            var carry: UInt64 = 0
            var borrow: UInt64 = 0
            for j in 0..<k {
                let product = UInt128(estimate) &* UInt128(n[j]) &+ UInt128(carry)
                carry = UInt64(truncatingIfNeeded: product &>> 64)
                let difference = UInt128(t[j]) &- UInt128(UInt64(truncatingIfNeeded: product)) &- UInt128(borrow)
                t[j] = UInt64(truncatingIfNeeded: difference)
                borrow = UInt64(truncatingIfNeeded: difference &>> 64) & 1
            }
            let difference = UInt128(t[k]) &- UInt128(carry) &- UInt128(borrow)
            t[k] = UInt64(truncatingIfNeeded: difference)
            var negative = (difference &>> 64) != 0
            // Rarely, the estimate was still one too large: add n back until t is not negative.
            while negative {
                var sumCarry: UInt64 = 0
                for j in 0..<k {
                    let sum = UInt128(t[j]) &+ UInt128(n[j]) &+ UInt128(sumCarry)
                    t[j] = UInt64(truncatingIfNeeded: sum)
                    sumCarry = UInt64(truncatingIfNeeded: sum &>> 64)
                }
                let (limb, overflow) = t[k].addingReportingOverflow(sumCarry)
                t[k] = limb
                negative = !overflow
            }
        }
        // Undo the normalising shift: t < n·2^shift, so the result fits k limbs.
        for j in 0..<k {
            out[j] = t[j] >> shift | (shift > 0 ? t[j + 1] << (64 - shift) : 0)
        }
    }

    /// x·R mod n for a k-limb x < R: ``montgomeryForm(_:into:scratch:normalized:shift:count:)`` over arrays,
    /// for tests.
    func montgomeryForm(_ x: [UInt64]) -> [UInt64] {
        precondition(x.count == limbCount, "x must have k limbs")
        var result = [UInt64](repeating: 0, count: limbCount)
        var scratch = [UInt64](repeating: 0, count: limbCount + 1)
        x.withUnsafeBufferPointer { x in
            normalized.withUnsafeBufferPointer { n in
                result.withUnsafeMutableBufferPointer { out in
                    scratch.withUnsafeMutableBufferPointer { t in
                        guard let x = x.baseAddress, let out = out.baseAddress, let t = t.baseAddress,
                            let n = n.baseAddress
                        else { return }
                        Self.montgomeryForm(x, into: out, scratch: t, normalized: n, shift: shift, count: limbCount)
                    }
                }
            }
        }
        return result
    }
}
