extension ArraySlice where Element == UInt8 {
    /// Whether `self` and `other` hold exactly the same bytes: the same count, and every byte equal.
    ///
    /// The answer is `==`'s; only the way there differs. Two views of the same memory are equal without reading
    /// it; otherwise the bytes are compared eight at a time, where `==` compares one at a time. Whole certificates
    /// and keys are compared so wherever one already parsed or a signature already verified is recognised (a
    /// container's known certificates, the signature memo). The bytes compared are public, so the comparison
    /// stops at the first difference.
    package func hasSameBytes(as other: ArraySlice<UInt8>) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { left in
            other.withUnsafeBytes { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
                    return true  // both empty
                }
                if leftBase == rightBase { return true }  // the same memory
                let count = left.count
                var offset = 0
                while offset + 32 <= count {
                    var difference: UInt64 = 0
                    for word in 0..<4 {
                        let at = offset + word * 8
                        difference |=
                            leftBase.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                            ^ rightBase.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    }
                    guard difference == 0 else { return false }
                    offset += 32
                }
                while offset + 8 <= count {
                    guard
                        leftBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                            == rightBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    else { return false }
                    offset += 8
                }
                while offset < count {
                    guard left[offset] == right[offset] else { return false }
                    offset += 1
                }
                return true
            }
        }
    }
}
