import PureDER

// MARK: - HashDigest

/// The output of a ``HashFunction``: a fixed number of bytes, stored inline in the value (no heap storage).
///
/// Digests compare in constant time (``==`` looks at every byte whatever the contents), print as lowercase
/// hexadecimal, and give access to their bytes through ``withUnsafeBytes(_:)``, ``bytes`` or iteration.
/// The bytes are the final hash value H(N) of FIPS 180-4 §6, each word written big-endian (§3.1).
public protocol HashDigest: Hashable, Sendable, Sequence, CustomStringConvertible where Element == UInt8 {
    /// The length of the digest in bytes (FIPS 180-4 §1, Figure 1, "message digest size" / 8).
    static var byteCount: Int { get }

    /// Creates a digest from exactly ``byteCount`` bytes (for example, a digest read from a signed
    /// structure), or returns `nil` if `bytes` has another length.
    init?<Bytes: Collection<UInt8>>(bytes: Bytes)

    /// Calls `body` with a view of the digest bytes, valid only for the duration of the call.
    func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result
}

extension HashDigest {
    /// The digest bytes as a new array.
    public var bytes: [UInt8] {
        self.withUnsafeBytes { Array($0) }
    }

    /// The digest as lowercase hexadecimal, two characters per byte.
    public var description: String {
        self.withUnsafeBytes { Hex.encode($0) }
    }

    /// Compares two digests in constant time: every byte is examined, and no branch depends on the contents.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                // Every digest length is a whole number of 32-bit words (FIPS 180-4 §1, Figure 1).
                var difference: UInt32 = 0
                for offset in stride(from: 0, to: Self.byteCount, by: 4) {
                    difference |=
                        left.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        ^ right.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                }
                return difference == 0
            }
        }
    }

    /// Feeds the digest bytes to `hasher`.
    public func hash(into hasher: inout Hasher) {
        self.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Returns an iterator over the digest bytes, in order.
    public func makeIterator() -> HashDigestIterator<Self> {
        HashDigestIterator(digest: self)
    }
}

// MARK: - Iteration

/// An iterator over the bytes of a digest, holding its own copy of the digest (no heap storage).
public struct HashDigestIterator<Digest: HashDigest>: IteratorProtocol, Sendable {
    private let digest: Digest
    private var offset = 0

    init(digest: Digest) {
        self.digest = digest
    }

    /// Returns the next byte of the digest, or `nil` after the last one.
    public mutating func next() -> UInt8? {
        guard self.offset < Digest.byteCount else {
            return nil
        }
        let byte = self.digest.withUnsafeBytes { $0[self.offset] }
        self.offset += 1
        return byte
    }
}

// MARK: - Construction from bytes

/// Copies exactly `MemoryLayout<Words>.size` bytes into `words`, or returns `false` if the count differs.
private func load<Words, Bytes: Collection<UInt8>>(_ words: inout Words, from bytes: Bytes) -> Bool {
    guard bytes.count == MemoryLayout<Words>.size else {
        return false
    }
    withUnsafeMutableBytes(of: &words) { storage in
        for (index, byte) in zip(storage.indices, bytes) {
            storage[index] = byte
        }
    }
    return true
}

// MARK: - SHA-1

extension Insecure {
    /// The 160-bit output of ``Insecure/SHA1`` (FIPS 180-4 §6.1.2, step 4).
    public struct SHA1Digest: HashDigest {
        /// The digest length: 20 bytes.
        public static let byteCount = 20

        /// The five words H0…H4, each stored big-endian so that memory holds the digest bytes in order.
        private var words: (UInt32, UInt32, UInt32, UInt32, UInt32)

        init(bigEndianWords words: (UInt32, UInt32, UInt32, UInt32, UInt32)) {
            self.words = words
        }

        /// Creates a digest from its 20 bytes, or returns `nil` if `bytes` has another length.
        public init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
            self.words = (0, 0, 0, 0, 0)
            guard load(&self.words, from: bytes) else {
                return nil
            }
        }

        /// Calls `body` with a view of the 20 digest bytes.
        public func withUnsafeBytes<Result, Failure: Error>(
            _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            try Swift.withUnsafeBytes(of: self.words, body)
        }
    }
}

// MARK: - SHA-256

/// The 256-bit output of ``SHA256`` (FIPS 180-4 §6.2.2, step 4).
public struct SHA256Digest: HashDigest {
    /// The digest length: 32 bytes.
    public static let byteCount = 32

    /// The eight words H0…H7, each stored big-endian so that memory holds the digest bytes in order.
    private var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    init(bigEndianWords words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
        self.words = words
    }

    /// Creates a digest from its 32 bytes, or returns `nil` if `bytes` has another length.
    public init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
        self.words = (0, 0, 0, 0, 0, 0, 0, 0)
        guard load(&self.words, from: bytes) else {
            return nil
        }
    }

    /// Calls `body` with a view of the 32 digest bytes.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try Swift.withUnsafeBytes(of: self.words, body)
    }
}

// MARK: - SHA-384

/// The 384-bit output of ``SHA384``: the leftmost six words of the final hash value (FIPS 180-4 §6.5).
public struct SHA384Digest: HashDigest {
    /// The digest length: 48 bytes.
    public static let byteCount = 48

    /// The six words H0…H5, each stored big-endian so that memory holds the digest bytes in order.
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(bigEndianWords words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// Creates a digest from its 48 bytes, or returns `nil` if `bytes` has another length.
    public init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
        self.words = (0, 0, 0, 0, 0, 0)
        guard load(&self.words, from: bytes) else {
            return nil
        }
    }

    /// Calls `body` with a view of the 48 digest bytes.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try Swift.withUnsafeBytes(of: self.words, body)
    }
}

// MARK: - SHA-512

/// The 512-bit output of ``SHA512`` (FIPS 180-4 §6.4.2, step 4).
public struct SHA512Digest: HashDigest {
    /// The digest length: 64 bytes.
    public static let byteCount = 64

    /// The eight words H0…H7, each stored big-endian so that memory holds the digest bytes in order.
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(bigEndianWords words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// Creates a digest from its 64 bytes, or returns `nil` if `bytes` has another length.
    public init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
        self.words = (0, 0, 0, 0, 0, 0, 0, 0)
        guard load(&self.words, from: bytes) else {
            return nil
        }
    }

    /// Calls `body` with a view of the 64 digest bytes.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try Swift.withUnsafeBytes(of: self.words, body)
    }
}
