import VectorSupport

// A slow, plain reference for the elliptic-curve code: unsigned big integers (64-bit limbs, schoolbook
// multiplication, Knuth's long division, Euclid's inverse) and affine points with the textbook chord-and-tangent
// formulas. Nothing here shares code or representation with the implementation under test.

/// A non-negative integer: limbs least significant first, no zero limb at the top (zero has none).
struct RefInt: Comparable, Hashable, CustomStringConvertible {
    var limbs: [UInt64]

    init(_ value: UInt64 = 0) {
        limbs = value == 0 ? [] : [value]
    }

    init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    /// Big-endian hexadecimal, any length, optional leading zeros.
    init(hex: String) {
        var limbs: [UInt64] = []
        var chunk = Substring(hex)
        while !chunk.isEmpty {
            let start = chunk.index(chunk.endIndex, offsetBy: -min(16, chunk.count))
            limbs.append(UInt64(chunk[start...], radix: 16)!)
            chunk = chunk[..<start]
        }
        self.init(limbs: limbs)
    }

    /// Big-endian bytes.
    init(bytes: some Collection<UInt8>) {
        var value = RefInt()
        for byte in bytes { value = value.shiftedLeft(8) + RefInt(UInt64(byte)) }
        self = value
    }

    /// A uniformly random integer below `bound`.
    static func random(below bound: RefInt, using generator: inout SplitMix64) -> RefInt {
        var limbs = (0..<bound.limbs.count).map { _ in generator.next() }
        let top = bound.bitWidth % 64
        if top != 0 { limbs[limbs.count - 1] &= (1 << UInt64(top)) - 1 }
        let value = RefInt(limbs: limbs)
        return value < bound ? value : random(below: bound, using: &generator)
    }

    mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    var isZero: Bool { limbs.isEmpty }
    var isOdd: Bool { (limbs.first ?? 0) & 1 == 1 }
    var bitWidth: Int { limbs.last.map { limbs.count * 64 - $0.leadingZeroBitCount } ?? 0 }
    func bit(_ index: Int) -> Bool {
        index / 64 < limbs.count && (limbs[index / 64] >> UInt64(index % 64)) & 1 == 1
    }
    func limb(_ index: Int) -> UInt64 { index < limbs.count ? limbs[index] : 0 }

    /// Exactly `count` big-endian bytes (the value must fit).
    func bytes(count: Int) -> [UInt8] {
        precondition(bitWidth <= 8 * count)
        return (0..<count).map { index in
            let position = count - 1 - index
            return UInt8(truncatingIfNeeded: limb(position / 8) >> UInt64(8 * (position % 8)))
        }
    }

    var description: String {
        limbs.isEmpty
            ? "0"
            : limbs.reversed().enumerated().map { index, limb in
                let text = String(limb, radix: 16)
                return index == 0 ? text : String(repeating: "0", count: 16 - text.count) + text
            }.joined()
    }

    static func < (a: RefInt, b: RefInt) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        for index in stride(from: a.limbs.count - 1, through: 0, by: -1) where a.limbs[index] != b.limbs[index] {
            return a.limbs[index] < b.limbs[index]
        }
        return false
    }

    static func + (a: RefInt, b: RefInt) -> RefInt {
        var result: [UInt64] = []
        var carry: UInt64 = 0
        for index in 0..<max(a.limbs.count, b.limbs.count) {
            let (s1, o1) = a.limb(index).addingReportingOverflow(b.limb(index))
            let (s2, o2) = s1.addingReportingOverflow(carry)
            result.append(s2)
            carry = (o1 || o2) ? 1 : 0
        }
        result.append(carry)
        return RefInt(limbs: result)
    }

    /// a − b, for a ≥ b.
    static func - (a: RefInt, b: RefInt) -> RefInt {
        precondition(a >= b, "negative difference")
        var result: [UInt64] = []
        var borrow: UInt64 = 0
        for index in 0..<a.limbs.count {
            let (d1, o1) = a.limbs[index].subtractingReportingOverflow(b.limb(index))
            let (d2, o2) = d1.subtractingReportingOverflow(borrow)
            result.append(d2)
            borrow = (o1 || o2) ? 1 : 0
        }
        return RefInt(limbs: result)
    }

    static func * (a: RefInt, b: RefInt) -> RefInt {
        guard !a.isZero, !b.isZero else { return RefInt() }
        var result = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for i in 0..<a.limbs.count {
            var carry: UInt64 = 0
            for j in 0..<b.limbs.count {
                let product = a.limbs[i].multipliedFullWidth(by: b.limbs[j])
                let (s1, o1) = product.low.addingReportingOverflow(result[i + j])
                let (s2, o2) = s1.addingReportingOverflow(carry)
                result[i + j] = s2
                carry = product.high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
            }
            result[i + b.limbs.count] = carry
        }
        return RefInt(limbs: result)
    }

    func shiftedLeft(_ bits: Int) -> RefInt {
        let words = bits / 64
        let shift = UInt64(bits % 64)
        var result = [UInt64](repeating: 0, count: words) + limbs + [0]
        if shift > 0 {
            for index in stride(from: result.count - 1, to: words, by: -1) {
                result[index] = result[index] << shift | result[index - 1] >> (64 - shift)
            }
            result[words] <<= shift
        }
        return RefInt(limbs: result)
    }

    func shiftedRight(_ bits: Int) -> RefInt {
        let words = bits / 64
        guard words < limbs.count else { return RefInt() }
        let shift = UInt64(bits % 64)
        var result = Array(limbs[words...])
        if shift > 0 {
            for index in 0..<result.count {
                result[index] =
                    result[index] >> shift | (index + 1 < result.count ? result[index + 1] << (64 - shift) : 0)
            }
        }
        return RefInt(limbs: result)
    }

    /// (quotient, remainder) by Knuth's algorithm D (TAOCP vol. 2, §4.3.1), with 64-bit digits.
    func quotientAndRemainder(dividingBy divisor: RefInt) -> (RefInt, RefInt) {
        precondition(!divisor.isZero, "division by zero")
        if self < divisor { return (RefInt(), self) }
        if divisor.limbs.count == 1 {
            var remainder: UInt64 = 0
            var quotient = [UInt64](repeating: 0, count: limbs.count)
            for index in stride(from: limbs.count - 1, through: 0, by: -1) {
                (quotient[index], remainder) = divisor.limbs[0].dividingFullWidth((remainder, limbs[index]))
            }
            return (RefInt(limbs: quotient), RefInt(remainder))
        }
        // D1: normalize so that the divisor's top bit is set.
        let shift = divisor.limbs.last!.leadingZeroBitCount
        let v = divisor.shiftedLeft(shift).limbs
        var u = shiftedLeft(shift).limbs
        if u.count == limbs.count { u.append(0) }
        let n = v.count
        let m = u.count - n
        var quotient = [UInt64](repeating: 0, count: m)
        for j in stride(from: m - 1, through: 0, by: -1) {
            // D3: estimate q̂ from the top two digits, correct it with the third.
            var qhat: UInt64
            var rhat: UInt64
            if u[j + n] >= v[n - 1] {
                qhat = UInt64.max
                let (r, overflow) = u[j + n - 1].addingReportingOverflow(v[n - 1])
                rhat = r
                if overflow {
                    qhat = UInt64.max
                } else {
                    while true {
                        let left = qhat.multipliedFullWidth(by: v[n - 2])
                        if left.high > rhat || (left.high == rhat && left.low > u[j + n - 2]) {
                            qhat -= 1
                            let (r2, o2) = rhat.addingReportingOverflow(v[n - 1])
                            rhat = r2
                            if o2 { break }
                        } else {
                            break
                        }
                    }
                }
            } else {
                (qhat, rhat) = v[n - 1].dividingFullWidth((u[j + n], u[j + n - 1]))
                while true {
                    let left = qhat.multipliedFullWidth(by: v[n - 2])
                    if left.high > rhat || (left.high == rhat && left.low > u[j + n - 2]) {
                        qhat -= 1
                        let (r2, o2) = rhat.addingReportingOverflow(v[n - 1])
                        rhat = r2
                        if o2 { break }
                    } else {
                        break
                    }
                }
            }
            // D4: multiply and subtract.
            var borrow: UInt64 = 0
            var carry: UInt64 = 0
            for i in 0..<n {
                let product = qhat.multipliedFullWidth(by: v[i])
                let (low, o1) = product.low.addingReportingOverflow(carry)
                carry = product.high &+ (o1 ? 1 : 0)
                let (d1, b1) = u[i + j].subtractingReportingOverflow(low)
                let (d2, b2) = d1.subtractingReportingOverflow(borrow)
                u[i + j] = d2
                borrow = (b1 || b2) ? 1 : 0
            }
            let (d1, b1) = u[j + n].subtractingReportingOverflow(carry)
            let (d2, b2) = d1.subtractingReportingOverflow(borrow)
            u[j + n] = d2
            // D6: add back when q̂ was one too large.
            if b1 || b2 {
                qhat -= 1
                var carry2: UInt64 = 0
                for i in 0..<n {
                    let (s1, o1) = u[i + j].addingReportingOverflow(v[i])
                    let (s2, o2) = s1.addingReportingOverflow(carry2)
                    u[i + j] = s2
                    carry2 = (o1 || o2) ? 1 : 0
                }
                u[j + n] &+= carry2
            }
            quotient[j] = qhat
        }
        let remainder = RefInt(limbs: Array(u[0..<n])).shiftedRight(shift)
        return (RefInt(limbs: quotient), remainder)
    }

    static func % (a: RefInt, m: RefInt) -> RefInt { a.quotientAndRemainder(dividingBy: m).1 }
}

/// Arithmetic modulo a prime, the reference way.
struct RefField {
    let modulus: RefInt

    func reduce(_ a: RefInt) -> RefInt { a % modulus }
    func add(_ a: RefInt, _ b: RefInt) -> RefInt { (a + b) % modulus }
    func subtract(_ a: RefInt, _ b: RefInt) -> RefInt { (a + modulus - b % modulus) % modulus }
    func multiply(_ a: RefInt, _ b: RefInt) -> RefInt { (a * b) % modulus }
    func negate(_ a: RefInt) -> RefInt { subtract(RefInt(), a) }

    func power(_ base: RefInt, _ exponent: RefInt) -> RefInt {
        var result = RefInt(1)
        for index in stride(from: exponent.bitWidth - 1, through: 0, by: -1) {
            result = multiply(result, result)
            if exponent.bit(index) { result = multiply(result, base) }
        }
        return result
    }

    /// a⁻¹ by the extended Euclidean algorithm, coefficients kept modulo the modulus.
    func inverse(_ a: RefInt) -> RefInt {
        var (r0, r1) = (modulus, reduce(a))
        var (t0, t1) = (RefInt(), RefInt(1))
        precondition(!r1.isZero, "zero has no inverse")
        while !r1.isZero {
            let (q, r) = r0.quotientAndRemainder(dividingBy: r1)
            (r0, r1) = (r1, r)
            (t0, t1) = (t1, subtract(t0, multiply(q, t1)))
        }
        return t0
    }
}

/// A NIST curve y² = x³ − 3x + b with its points in affine coordinates; `nil` is the point at infinity.
struct RefCurve {
    typealias Point = (x: RefInt, y: RefInt)?

    let name: String
    let field: RefField
    let order: RefInt
    let b: RefInt
    let generator: Point
    let byteCount: Int

    static let p256 = RefCurve(
        name: "P-256",
        field: RefField(modulus: RefInt(hex: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")),
        order: RefInt(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
        b: RefInt(hex: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"),
        generator: (
            RefInt(hex: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
            RefInt(hex: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")
        ),
        byteCount: 32
    )

    static let p384 = RefCurve(
        name: "P-384",
        field: RefField(
            modulus: RefInt(
                hex: "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff"
            )
        ),
        order: RefInt(
            hex: "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973"
        ),
        b: RefInt(
            hex: "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef"
        ),
        generator: (
            RefInt(
                hex: "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7"
            ),
            RefInt(
                hex: "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f"
            )
        ),
        byteCount: 48
    )

    func isOnCurve(_ point: Point) -> Bool {
        guard let (x, y) = point else { return true }
        let right = field.add(field.subtract(field.power(x, RefInt(3)), field.multiply(RefInt(3), x)), b)
        return field.multiply(y, y) == right
    }

    func negate(_ point: Point) -> Point {
        guard let (x, y) = point else { return nil }
        return (x, field.negate(y))
    }

    /// P + Q by the chord-and-tangent rule, every case spelled out.
    func add(_ p: Point, _ q: Point) -> Point {
        guard let (x1, y1) = p else { return q }
        guard let (x2, y2) = q else { return p }
        let slope: RefInt
        if x1 == x2 {
            if field.add(y1, y2).isZero { return nil }
            let numerator = field.subtract(field.multiply(RefInt(3), field.multiply(x1, x1)), RefInt(3))
            slope = field.multiply(numerator, field.inverse(field.add(y1, y1)))
        } else {
            slope = field.multiply(field.subtract(y2, y1), field.inverse(field.subtract(x2, x1)))
        }
        let x3 = field.subtract(field.subtract(field.multiply(slope, slope), x1), x2)
        let y3 = field.subtract(field.multiply(slope, field.subtract(x1, x3)), y1)
        return (x3, y3)
    }

    /// k·P by double-and-add from the top bit.
    func multiply(_ k: RefInt, _ p: Point) -> Point {
        var result: Point = nil
        for index in stride(from: k.bitWidth - 1, through: 0, by: -1) {
            result = add(result, result)
            if k.bit(index) { result = add(result, p) }
        }
        return result
    }

    /// The ECDSA verification equation of FIPS 186-5 §6.4.2 with a digest already cut to e.
    func verify(e: RefInt, r: RefInt, s: RefInt, key: Point) -> Bool {
        guard !r.isZero, r < order, !s.isZero, s < order else { return false }
        let scalars = RefField(modulus: order)
        let w = scalars.inverse(s)
        let u1 = scalars.multiply(e % order, w)
        let u2 = scalars.multiply(r, w)
        guard let (x, _) = add(multiply(u1, generator), multiply(u2, key)) else { return false }
        return x % order == r
    }

    /// A signature (r, s) of e with private key d and nonce k (FIPS 186-5 §6.4.1), or nil if r or s is 0.
    func sign(e: RefInt, d: RefInt, k: RefInt) -> (RefInt, RefInt)? {
        let scalars = RefField(modulus: order)
        guard let (x, _) = multiply(k, generator) else { return nil }
        let r = x % order
        let s = scalars.multiply(scalars.inverse(k), scalars.add(e % order, scalars.multiply(r, d)))
        return r.isZero || s.isZero ? nil : (r, s)
    }

    /// 0x04 ‖ x ‖ y.
    func x963(_ point: Point) -> [UInt8] {
        guard let (x, y) = point else { return [0] }
        return [0x04] + x.bytes(count: byteCount) + y.bytes(count: byteCount)
    }
}

/// Whether two reference points (or points at infinity) are the same.
func same(_ a: RefCurve.Point, _ b: RefCurve.Point) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.x == b.x && a.y == b.y
    default: false
    }
}
