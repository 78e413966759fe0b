// MARK: - Compression functions

/// The chaining value of a Merkle–Damgård hash function together with its compression function.
///
/// SHA-1, SHA-256 and SHA-512 differ only here; SHA-384 reuses SHA-512's (FIPS 180-4 §6.5).
protocol CompressionFunction: Sendable {
    /// The size of a message block in bytes (FIPS 180-4 §5.2): 64 or 128.
    static var blockByteCount: Int { get }

    /// The size in bytes of the message length appended by the padding (FIPS 180-4 §5.1): 8 or 16.
    static var lengthByteCount: Int { get }

    /// Runs the hash computation of FIPS 180-4 §6 over each of the whole blocks in `blocks`, in order.
    ///
    /// `blocks.count` is a multiple of ``blockByteCount``; the bytes may have any alignment.
    mutating func compress(blocks: UnsafeRawBufferPointer)
}

// MARK: - Block buffer

/// Room for one block of the largest size (128 bytes), stored inline.
private typealias BlockBuffer = (
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
)

private let emptyBlock: BlockBuffer = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

// MARK: - Merkle–Damgård hasher

/// Splits a message given in pieces of any size into whole blocks for a ``CompressionFunction``, and pads it
/// at the end (FIPS 180-4 §5.1, §5.2).
///
/// Whole blocks are compressed straight from the caller's buffer; only a partial block is copied, into a
/// fixed inline buffer, so hashing never allocates.
struct MerkleDamgard<State: CompressionFunction>: Sendable {
    /// The current intermediate hash value H(i).
    private var state: State

    /// The bytes of the partial block not yet compressed: the first `bufferedByteCount` bytes.
    private var buffer: BlockBuffer = emptyBlock
    private var bufferedByteCount = 0

    /// The message length so far in bytes, modulo 2^64. FIPS 180-4 §1 bounds SHA-1 and SHA-256 messages
    /// below 2^64 bits; longer ones are out of the standard's domain, and their length wraps.
    private var messageByteCount: UInt64 = 0

    /// Creates a hasher starting from the initial hash value H(0) of FIPS 180-4 §5.3.
    init(initialState: State) {
        self.state = initialState
    }

    /// Appends bytes to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var input = bytes.baseAddress, !bytes.isEmpty else {
            return
        }
        let blockByteCount = State.blockByteCount
        var remaining = bytes.count
        self.messageByteCount &+= UInt64(truncatingIfNeeded: remaining)

        // Complete a partial block left by an earlier update.
        if self.bufferedByteCount > 0 {
            let taken = min(remaining, blockByteCount - self.bufferedByteCount)
            let start = self.bufferedByteCount
            withUnsafeMutableBytes(of: &self.buffer) { buffer in
                UnsafeMutableRawBufferPointer(rebasing: buffer[start..<(start + taken)])
                    .copyMemory(from: UnsafeRawBufferPointer(start: input, count: taken))
            }
            self.bufferedByteCount += taken
            input += taken
            remaining -= taken
            guard self.bufferedByteCount == blockByteCount else {
                return
            }
            let block = self.buffer
            withUnsafeBytes(of: block) { block in
                self.state.compress(blocks: UnsafeRawBufferPointer(rebasing: block[..<blockByteCount]))
            }
            self.bufferedByteCount = 0
        }

        // Compress every whole block in place.
        let wholeBlocksByteCount = remaining - remaining % blockByteCount
        if wholeBlocksByteCount > 0 {
            self.state.compress(blocks: UnsafeRawBufferPointer(start: input, count: wholeBlocksByteCount))
            input += wholeBlocksByteCount
            remaining -= wholeBlocksByteCount
        }

        // Keep the tail for later.
        if remaining > 0 {
            withUnsafeMutableBytes(of: &self.buffer) { buffer in
                UnsafeMutableRawBufferPointer(rebasing: buffer[..<remaining])
                    .copyMemory(from: UnsafeRawBufferPointer(start: input, count: remaining))
            }
            self.bufferedByteCount = remaining
        }
    }

    /// Returns the final hash value H(N) of the message padded as in FIPS 180-4 §5.1, leaving `self` as is.
    func finalize() -> State {
        var state = self.state
        var block = self.buffer
        let blockByteCount = State.blockByteCount
        let lengthOffset = blockByteCount - State.lengthByteCount
        let bufferedByteCount = self.bufferedByteCount
        let messageByteCount = self.messageByteCount
        withUnsafeMutableBytes(of: &block) { block in
            let block = UnsafeMutableRawBufferPointer(rebasing: block[..<blockByteCount])
            // §5.1.1 / §5.1.2: a single 1 bit, then zeros up to the length field...
            block[bufferedByteCount] = 0x80
            for index in (bufferedByteCount + 1)..<blockByteCount {
                block[index] = 0
            }
            // ...which may not fit in this block, in which case the zeros run on into one more.
            if bufferedByteCount >= lengthOffset {
                state.compress(blocks: UnsafeRawBufferPointer(block))
                for index in 0..<blockByteCount {
                    block[index] = 0
                }
            }
            // The length in bits, big-endian, in the last 64 or 128 bits of the block.
            block.storeBytes(
                of: (messageByteCount &<< 3).bigEndian,
                toByteOffset: blockByteCount - 8,
                as: UInt64.self
            )
            if State.lengthByteCount == 16 {
                block.storeBytes(
                    of: (messageByteCount &>> 61).bigEndian,
                    toByteOffset: blockByteCount - 16,
                    as: UInt64.self
                )
            }
            state.compress(blocks: UnsafeRawBufferPointer(block))
        }
        return state
    }
}
