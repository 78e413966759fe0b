import PureCrypto
import Testing

/// How a message reaches the hasher must not change its digest: in one piece or many, from any kind of byte
/// collection, through a copied hasher or the original.
@Suite("Incremental hashing")
struct IncrementalHashingTests {
    @Test(arguments: HashAlgorithm.allCases)
    func everyLengthFromZeroTo300BytesMatchesTheReferenceImplementation(_ algorithm: HashAlgorithm) {
        // Every padding case: empty, partial blocks, the length field spilling into an extra block (55/56 and
        // 111/112 bytes), exact blocks, and several blocks.
        let message = patternedBytes(count: 300)
        for length in 0...300 {
            let prefix = Array(message[..<length])
            #expect(hex(algorithm.digest(prefix)) == hex(algorithm.referenceDigest(prefix)), "length \(length)")
        }
    }

    @Test(arguments: HashAlgorithm.allCases)
    func incrementalHashingMatchesOneShotAtEverySplitPoint(_ algorithm: HashAlgorithm) {
        checkEverySplitPoint(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func hashingOneByteAtATimeMatchesOneShot(_ algorithm: HashAlgorithm) {
        checkByteAtATime(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func copyingAHasherMidStreamForksIt(_ algorithm: HashAlgorithm) {
        checkForking(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func finalizingLeavesTheHasherReadyForMoreInput(_ algorithm: HashAlgorithm) {
        checkFinalizeIsNonDestructive(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func anArraySliceWithANonzeroStartIndexHashesOnlyItsOwnBytes(_ algorithm: HashAlgorithm) {
        checkSlices(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func rawAndTypedBufferPointersHashLikeArrays(_ algorithm: HashAlgorithm) {
        checkBufferPointers(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func collectionsWithoutContiguousStorageHashLikeArrays(_ algorithm: HashAlgorithm) {
        checkNonContiguousCollections(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func emptyUpdatesChangeNothing(_ algorithm: HashAlgorithm) {
        checkEmptyUpdates(algorithm.type)
    }
}

// MARK: - Checks, generic over the hash function

private let message = patternedBytes(count: 300)

private func checkEverySplitPoint<H: HashFunction>(_: H.Type) {
    let expected = H.hash(message)
    for split in 0...message.count {
        var hasher = H()
        hasher.update(message[..<split])
        hasher.update(message[split...])
        #expect(hasher.finalize() == expected, "split at \(split)")
    }
    // Three pieces, with the middle one starting at every offset in a block and spanning up to two blocks.
    let longMessage = patternedBytes(count: 4 * H.blockByteCount)
    let longExpected = H.hash(longMessage)
    for first in 0...H.blockByteCount {
        for middleLength in [1, H.blockByteCount - 1, H.blockByteCount, H.blockByteCount + 1, 2 * H.blockByteCount] {
            var hasher = H()
            hasher.update(longMessage[..<first])
            hasher.update(longMessage[first..<(first + middleLength)])
            hasher.update(longMessage[(first + middleLength)...])
            #expect(hasher.finalize() == longExpected, "pieces at \(first) and \(first + middleLength)")
        }
    }
}

private func checkByteAtATime<H: HashFunction>(_: H.Type) {
    var hasher = H()
    for byte in message {
        hasher.update([byte])
    }
    #expect(hasher.finalize() == H.hash(message))
}

private func checkForking<H: HashFunction>(_: H.Type) {
    let head = Array(message[..<100])
    let tailA = Array(message[100...])
    let tailB = patternedBytes(count: 150, seed: 0x5a)

    var original = H()
    original.update(head)
    var fork = original  // a copy taken mid-stream, with 100 bytes (a partial block) buffered
    original.update(tailA)
    fork.update(tailB)

    #expect(original.finalize() == H.hash(head + tailA))
    #expect(fork.finalize() == H.hash(head + tailB))
    #expect(original.finalize() != fork.finalize())
}

private func checkFinalizeIsNonDestructive<H: HashFunction>(_: H.Type) {
    var hasher = H()
    hasher.update(message[..<70])
    let early = hasher.finalize()
    #expect(hasher.finalize() == early)
    hasher.update(message[70...])
    #expect(early == H.hash(message[..<70]))
    #expect(hasher.finalize() == H.hash(message))
}

private func checkSlices<H: HashFunction>(_: H.Type) {
    let slice = message[37..<251]
    #expect(slice.startIndex == 37)
    let copy = Array(slice)
    #expect(H.hash(slice) == H.hash(copy))
    var hasher = H()
    hasher.update(message[5..<40])
    hasher.update(message[40..<300])
    #expect(hasher.finalize() == H.hash(message[5...]))
    #expect(H.hash(message[5...]) != H.hash(message))
}

private func checkBufferPointers<H: HashFunction>(_: H.Type) {
    let expected = H.hash(message)
    message.withUnsafeBytes { raw in
        #expect(H.hash(raw) == expected)
        #expect(H.hash(bufferPointer: raw) == expected)
        var hasher = H()
        hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: raw[..<123]))
        hasher.update(UnsafeRawBufferPointer(rebasing: raw[123...]))
        #expect(hasher.finalize() == expected)
    }
    message.withUnsafeBufferPointer { typed in
        #expect(H.hash(typed) == expected)
        var hasher = H()
        hasher.update(UnsafeBufferPointer(rebasing: typed[..<200]))
        hasher.update(UnsafeBufferPointer(rebasing: typed[200...]))
        #expect(hasher.finalize() == expected)
    }
    var mutable = message
    mutable.withUnsafeMutableBytes { raw in
        #expect(H.hash(raw) == expected)
    }
}

private func checkNonContiguousCollections<H: HashFunction>(_: H.Type) {
    let lazilyMapped = (0..<300).lazy.map { message[$0] }
    #expect(H.hash(lazilyMapped) == H.hash(message))
    #expect(H.hash(repeatElement(UInt8(0x61), count: 1000)) == H.hash([UInt8](repeating: 0x61, count: 1000)))
    var hasher = H()
    hasher.update(message[..<3])
    hasher.update(CollectionOfOne(message[3]))
    hasher.update(message[4...].lazy.map { $0 })
    #expect(hasher.finalize() == H.hash(message))
}

private func checkEmptyUpdates<H: HashFunction>(_: H.Type) {
    var hasher = H()
    hasher.update([UInt8]())
    hasher.update(message[..<10])
    hasher.update(message[10..<10])
    hasher.update(bufferPointer: UnsafeRawBufferPointer(start: nil, count: 0))
    hasher.update(message[10...])
    #expect(hasher.finalize() == H.hash(message))
    #expect(H().finalize() == H.hash([UInt8]()))
}
