/// Runs `body` over the bytes of a collection: in place when it is contiguous (arrays, slices, buffers), through a
/// copy otherwise. The one bridge from the public functions generic over collections to the work below them, which
/// takes buffers so that it is never generic over the caller's collection type. Inlinable, because public inlinable
/// functions (RSA verification) call it; always inlined, so that the callers' closures are specialised with it.
@inlinable
@inline(__always)
func withContiguousBytes<Bytes: Collection<UInt8>, Success, Failure: Error>(
    of bytes: Bytes,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Success
) throws(Failure) -> Success {
    var outcome: Result<Success, Failure>?
    _ = bytes.withContiguousStorageIfAvailable { elements in
        outcome = Result { () throws(Failure) in try body(UnsafeRawBufferPointer(elements)) }
    }
    if outcome == nil {
        Array(bytes).withUnsafeBytes { buffer in
            outcome = Result { () throws(Failure) in try body(buffer) }
        }
    }
    guard let outcome else { preconditionFailure("unreachable: the body ran on one path or the other") }
    return try outcome.get()
}
