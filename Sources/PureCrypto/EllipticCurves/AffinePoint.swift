/// A point (x, y) of a curve other than the point at infinity, coordinates in Montgomery form: how public keys
/// and the generator's table are kept. Whoever makes one has checked that it is on the curve.
struct AffinePoint<Field: MontgomeryResidue>: Sendable, Equatable {
    var x: Field
    var y: Field

    /// −P = (x, −y).
    @inline(__always)
    func negated() -> Self {
        Self(x: x, y: y.negated())
    }
}

extension AffinePoint {
    /// The point whose coordinates are the `2 · limbCount` limbs at `words`: x, then y.
    @inline(__always)
    init(words: UnsafePointer<UInt64>) {
        self.init(x: Field(words: words), y: Field(words: words + Field.limbCount))
    }
}
