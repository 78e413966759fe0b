extension ArraySlice where Element == UInt8 {
    /// Runs `body` over the octets at `range` (indices of this slice, which are positions in the input it views)
    /// where they lie: the contents of an element decoded from a buffer, without a view of them to retain and
    /// release. On the hot path of every INTEGER and attribute value, hence inlinable.
    ///
    /// - Precondition: `range` lies within this slice.
    @inlinable
    package func withOctets<Value, Failure: Error>(
        at range: Range<Int>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let start = range.lowerBound - startIndex
        return try withUnsafeBufferPointer { buffer throws(Failure) in
            try body(UnsafeBufferPointer(rebasing: buffer[start..<start + range.count]))
        }
    }
}
