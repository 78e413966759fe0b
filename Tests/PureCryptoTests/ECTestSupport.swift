import VectorSupport

@testable import PureCrypto

// Bridges between the reference (ECReference.swift) and the types under test.

/// The residue of `value` (below the modulus) in the generated type `R`.
func residue<R: MontgomeryResidue>(_ value: RefInt, as type: R.Type = R.self) -> R {
    let bytes = value.bytes(count: R.byteCount)
    return bytes.withUnsafeBytes { R(canonicalBigEndian: $0)! }
}

/// The integer a residue stands for.
func integer<R: MontgomeryResidue>(_ value: R) -> RefInt {
    var bytes = [UInt8](repeating: 0, count: R.byteCount)
    bytes.withUnsafeMutableBytes { value.writeBigEndian(to: $0) }
    return RefInt(bytes: bytes)
}

/// The integer whose limbs `value` holds as they are (signature scalars, u1 and u2 are kept so).
func rawInteger<R: MontgomeryResidue>(_ value: R) -> RefInt {
    var bytes = [UInt8](repeating: 0, count: R.byteCount)
    bytes.withUnsafeMutableBytes { value.writeRawBigEndian(to: $0) }
    return RefInt(bytes: bytes)
}

/// Limbs holding `value` as they are.
func raw<R: MontgomeryResidue>(_ value: RefInt, as type: R.Type = R.self) -> R {
    value.bytes(count: R.byteCount).withUnsafeBytes { R(rawBigEndian: $0) }
}

/// The two curves, for tests that run over both.
enum TestCurve: String, CaseIterable, CustomStringConvertible, Sendable {
    case p256 = "P-256"
    case p384 = "P-384"

    var description: String { rawValue }

    var reference: RefCurve {
        switch self {
        case .p256: .p256
        case .p384: .p384
        }
    }
}

extension PrimeOrderCurve {
    /// The affine point under test for a reference point (not infinity).
    static func point(_ reference: RefCurve.Point) -> AffinePoint<Field> {
        let (x, y) = reference!
        return AffinePoint(x: residue(x), y: residue(y))
    }

    /// The reference point of a Jacobian point under test.
    static func referencePoint(_ point: JacobianPoint<Field>) -> RefCurve.Point {
        guard let affine = point.affine() else { return nil }
        return (PureCryptoTests.integer(affine.x), PureCryptoTests.integer(affine.y))
    }
}
