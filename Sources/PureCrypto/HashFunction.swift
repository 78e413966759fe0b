// MARK: - HashFunction

/// A cryptographic hash function from the Secure Hash Standard (FIPS 180-4), with one-shot and incremental use.
///
/// Conforming types are small value types that hold the whole hashing state inline, so copying a hasher in
/// the middle of a message forks it: the copy and the original continue independently.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(header)
/// hasher.update(body)
/// let digest = hasher.finalize()
///
/// let same = SHA256.hash(header + body)
/// ```
public protocol HashFunction: Sendable {
    /// The type of the value the function returns, ``HashDigest/byteCount`` bytes long.
    associatedtype Digest: HashDigest

    /// The number of bytes the compression function consumes at a time (the block size *m* / 8 of
    /// FIPS 180-4 §1, Figure 1): 64 for SHA-1 and SHA-256, 128 for SHA-384 and SHA-512.
    static var blockByteCount: Int { get }

    /// Creates a hasher in the initial state of FIPS 180-4 §5.3, ready to take a message.
    init()

    /// Appends the bytes of a buffer to the message being hashed.
    ///
    /// Whole blocks are compressed straight from the buffer; only a trailing partial block is kept.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)

    /// Returns the digest of every byte given so far, padding the message as FIPS 180-4 §5.1 requires.
    ///
    /// The hasher itself is left unchanged, so it can take more input and be finalized again.
    func finalize() -> Digest

    /// Hashes a whole message held in a buffer (FIPS 180-4 §6), in a single call into the module.
    static func hash(bufferPointer: UnsafeRawBufferPointer) -> Digest
}

// MARK: - Generic input

extension HashFunction {
    /// Appends a collection of bytes to the message being hashed.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice<UInt8>`, `UnsafeRawBufferPointer`,
    /// `UnsafeBufferPointer<UInt8>`, …) are hashed in place without copying; other collections are copied
    /// through a block-sized buffer on the stack.
    @inlinable
    public mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        let hashedInPlace: Void? = bytes.withContiguousStorageIfAvailable { elements in
            self.update(bufferPointer: UnsafeRawBufferPointer(elements))
        }
        if hashedInPlace == nil {
            self.updateByCopying(bytes)
        }
    }

    /// Hashes a whole message at once (FIPS 180-4 §6).
    @inlinable
    public static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Digest {
        let digest = bytes.withContiguousStorageIfAvailable { elements in
            Self.hash(bufferPointer: UnsafeRawBufferPointer(elements))
        }
        if let digest {
            return digest
        }
        var hasher = Self()
        hasher.updateByCopying(bytes)
        return hasher.finalize()
    }

    /// Feeds a collection without contiguous storage through a 64-byte stack buffer.
    @inlinable
    mutating func updateByCopying<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var chunk: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        let capacity = MemoryLayout.size(ofValue: chunk)
        var filled = 0
        for byte in bytes {
            withUnsafeMutableBytes(of: &chunk) { $0[filled] = byte }
            filled += 1
            if filled == capacity {
                withUnsafeBytes(of: chunk) { self.update(bufferPointer: $0) }
                filled = 0
            }
        }
        if filled > 0 {
            withUnsafeBytes(of: chunk) { self.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<filled])) }
        }
    }
}
