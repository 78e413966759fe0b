import Foundation
import PureCrypto
import Testing

@testable import ReceiptTool

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SHA-256 that runs ``hook`` once, before the first bytes it is given: a test's way to change a file while it
/// is being hashed, at a moment it chooses. It notes the size of each update in ``updates``: a mapped window comes
/// whole, where a read comes in chunks of at most ``DigestCommand/chunkSize``.
struct HookedSHA256: HashFunction {
    nonisolated(unsafe) static var hook: (() -> Void)?
    nonisolated(unsafe) static var updates: [Int] = []
    private var inner = SHA256()

    static var blockByteCount: Int { SHA256.blockByteCount }

    init() {}

    mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        if let hook = Self.hook {
            Self.hook = nil
            hook()
        }
        Self.updates.append(bufferPointer.count)
        inner.update(bufferPointer: bufferPointer)
    }

    func finalize() -> SHA256.Digest { inner.finalize() }

    static func hash(bufferPointer: UnsafeRawBufferPointer) -> SHA256.Digest {
        SHA256.hash(bufferPointer: bufferPointer)
    }
}

/// `receipt digest` hashes large regular files through mappings (``MappedHashing``): the same digest as the
/// bytes hashed in memory, whatever the windows; bytes the file gains while it is hashed read after the mapped
/// ones; and a file that shrinks under its mapping reported unreadable, with the process and the other inputs
/// going on. Serialized: the hook is one for the suite.
@Suite(.serialized) struct MappedHashingTests {
    static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// Opens `path` for reading, runs `body` with the descriptor, and closes it.
    static func withOpenFile<T>(_ path: String, _ body: (Int32) throws -> T) throws -> T {
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return try body(descriptor)
    }

    @Test func windowsOfAnySizeHashWhatMemoryHashes() throws {
        let contents = Self.bytes(count: 3 << 16 + 12_345, seed: 1)
        let path = try temporaryFile(contents)
        defer { unlink(path) }
        // One window for the whole file, windows that divide it but for a partial last one, one page at a time.
        for window in [MappedHashing.windowSize, 1 << 16, Int(getpagesize())] {
            var hasher = SHA256()
            let hashed = try Self.withOpenFile(path) { descriptor in
                try MappedHashing.hash(descriptor, size: contents.count, window: window, into: &hasher)
            }
            #expect(hashed == contents.count, "window \(window)")
            #expect(hasher.finalize() == SHA256.hash(contents), "window \(window)")
        }
    }

    @Test func theToolsDigestOfALargeFileIsTheDigestOfItsBytes() throws {
        let contents = Self.bytes(count: MappedHashing.minimumSize + 1, seed: 2)
        let path = try temporaryFile(contents)
        defer { unlink(path) }
        for (algorithm, digest) in [
            ("sha256", SHA256.hash(contents).description), ("sha512", SHA512.hash(contents).description),
        ] {
            let run = runTool(["digest", "-a", algorithm, path])
            #expect(run.status == 0)
            #expect(run.out == "\(digest)  \(path)\n", "\(algorithm)")
        }
        // The same path in this process: the file came through one mapped window, larger than any read.
        HookedSHA256.updates = []
        let digest = try withBuffer { buffer in
            try DigestCommand.digest(of: .path(Array(path.utf8)), HookedSHA256.self, buffer, StandardStreams.io)
        }
        #expect(digest == SHA256.hash(contents).description)
        #expect(HookedSHA256.updates == [contents.count])
    }

    /// A window the system will not map (here one at an offset that is not a multiple of the page size) ends the
    /// mapping: the digest reads on from the end of the last window mapped.
    @Test func aWindowThatCannotBeMappedIsReadInstead() throws {
        let contents = Self.bytes(count: MappedHashing.minimumSize + 5_000, seed: 9)
        let path = try temporaryFile(contents)
        defer { unlink(path) }
        let window = Int(getpagesize()) + 1
        var hasher = SHA256()
        let (hashed, rest) = try Self.withOpenFile(path) { descriptor in
            let hashed = try DigestCommand.hashMapped(descriptor, window: window, into: &hasher)
            return (hashed, try FileInput.contents(of: descriptor, limit: contents.count))
        }
        #expect(hashed == window)
        #expect(rest[...] == contents[window...])
        hasher.update(rest)
        #expect(hasher.finalize() == SHA256.hash(contents))
    }

    @Test func bytesAppendedWhileMappedAreReadAfterTheMappedOnes() throws {
        let contents = Self.bytes(count: MappedHashing.minimumSize, seed: 3)
        let appended = Self.bytes(count: 70_000, seed: 4)
        let path = try temporaryFile(contents)
        defer { unlink(path) }
        HookedSHA256.hook = {
            let handle = FileHandle(forWritingAtPath: path)
            handle?.seekToEndOfFile()
            handle?.write(Data(appended))
            try? handle?.close()
        }
        defer { HookedSHA256.hook = nil }
        HookedSHA256.updates = []
        let digest = try withBuffer { buffer in
            try DigestCommand.digest(of: .path(Array(path.utf8)), HookedSHA256.self, buffer, StandardStreams.io)
        }
        #expect(digest == SHA256.hash(contents + appended).description)
        // The file's bytes at the start came through the mapping, whole; the appended ones were read.
        #expect(HookedSHA256.updates.first == contents.count)
        #expect(HookedSHA256.updates.dropFirst().reduce(0, +) == appended.count)
    }

    @Test func aFileThatShrinksUnderItsMappingIsUnreadableAndTheProcessGoesOn() throws {
        let contents = Self.bytes(count: MappedHashing.minimumSize + 4_096, seed: 5)
        let path = try temporaryFile(contents)
        defer { unlink(path) }
        let before = Self.currentBusAction()
        // Cut to a page, after the window is mapped and before any of it is hashed: every later page faults.
        HookedSHA256.hook = { _ = truncate(path, 4_096) }
        defer { HookedSHA256.hook = nil }
        #expect {
            try withBuffer { buffer in
                try DigestCommand.digest(of: .path(Array(path.utf8)), HookedSHA256.self, buffer, StandardStreams.io)
            }
        } throws: { error in
            let error = error as? InputError
            return error?.code == .unreadable && error?.reason == "the file shrank while it was being read"
        }
        // The handler is gone (the one before it is back, exactly) and the next input hashes as before.
        #expect(Self.currentBusAction() == before)
        let next = Self.bytes(count: MappedHashing.minimumSize, seed: 6)
        let nextPath = try temporaryFile(next)
        defer { unlink(nextPath) }
        var hasher = SHA256()
        let hashed = try Self.withOpenFile(nextPath) { descriptor in
            try MappedHashing.hash(descriptor, size: next.count, into: &hasher)
        }
        #expect(hashed == next.count)
        #expect(hasher.finalize() == SHA256.hash(next))
    }

    /// A file cut within its last page raises no fault (the rest of the page reads as zeros): its size after the
    /// window tells.
    @Test func aFileCutWithinItsLastPageIsUnreadable() throws {
        let contents = Self.bytes(count: 3 << 16 + 1_000, seed: 8)
        let path = try temporaryFile(contents)
        defer { unlink(path) }
        HookedSHA256.hook = { _ = truncate(path, off_t(contents.count - 100)) }
        defer { HookedSHA256.hook = nil }
        var hasher = HookedSHA256()
        #expect(throws: InputError(code: .unreadable, reason: "the file shrank while it was being read")) {
            try Self.withOpenFile(path) { descriptor in
                try MappedHashing.hash(descriptor, size: contents.count, into: &hasher)
            }
        }
    }

    /// A SIGBUS elsewhere while a window is hashed (here from a mapping of the test's own, of a file cut to
    /// nothing) is the previous handler's: it is called once, and the window is neither replaced nor reported. The
    /// handler stays for the window's own fault, which still makes the input unreadable and is not passed on.
    @Test func aFaultOutsideTheWindowGoesToThePreviousHandler() throws {
        let contents = Self.bytes(count: MappedHashing.minimumSize + 4_096, seed: 10)
        let path = try temporaryFile(contents)
        defer { unlink(path) }
        let pageSize = Int(getpagesize())
        let otherPath = try temporaryFile(Self.bytes(count: pageSize, seed: 11))
        defer { unlink(otherPath) }
        // A page past the end of an empty file: reading it raises SIGBUS at its address, once per mapping.
        func foreignPage() throws -> UnsafeMutableRawPointer {
            let mapped = try Self.withOpenFile(otherPath) { mmap(nil, pageSize, PROT_READ, MAP_PRIVATE, $0, 0) }
            return try #require(mapped.flatMap { $0 == UnsafeMutableRawPointer(bitPattern: -1) ? nil : $0 })
        }
        try #require(truncate(otherPath, 0) == 0)
        let first = try foreignPage()
        defer { munmap(first, pageSize) }
        let second = try foreignPage()
        defer { munmap(second, pageSize) }

        var testAction = faultAction(zeroFaultedPage)
        var original = sigaction()
        try #require(sigaction(SIGBUS, &testAction, &original) == 0)
        defer { sigaction(SIGBUS, &original, nil) }
        let installed = Self.currentBusAction()
        defer { HookedSHA256.hook = nil }

        // Only the foreign fault: the file hashes whole, through its window.
        ForeignFaults.count = 0
        ForeignFaults.byteRead = 0xff
        HookedSHA256.hook = { ForeignFaults.byteRead = first.load(as: UInt8.self) }
        HookedSHA256.updates = []
        let digest = try withBuffer { buffer in
            try DigestCommand.digest(of: .path(Array(path.utf8)), HookedSHA256.self, buffer, StandardStreams.io)
        }
        #expect(digest == SHA256.hash(contents).description)
        #expect(HookedSHA256.updates == [contents.count])
        #expect(ForeignFaults.count == 1)
        #expect(ForeignFaults.byteRead == 0)

        // A foreign fault, then the file cut under its window: the first is the test's, the second ours.
        ForeignFaults.count = 0
        HookedSHA256.hook = {
            ForeignFaults.byteRead = second.load(as: UInt8.self)
            _ = truncate(path, 4_096)
        }
        #expect(throws: InputError(code: .unreadable, reason: "the file shrank while it was being read")) {
            try withBuffer { buffer in
                try DigestCommand.digest(of: .path(Array(path.utf8)), HookedSHA256.self, buffer, StandardStreams.io)
            }
        }
        #expect(ForeignFaults.count == 1)
        #expect(Self.currentBusAction() == installed)
    }

    /// The process's SIGBUS handler (the first field of `struct sigaction` on Linux and Darwin, as the address
    /// of a function) and flags. (Not the whole structure: the C library fills only part of its signal mask.)
    static func currentBusAction() -> [Int] {
        var action = sigaction()
        sigaction(SIGBUS, nil, &action)
        let handler = withUnsafeBytes(of: &action) { $0.loadUnaligned(as: Int.self) }
        return [handler, Int(action.sa_flags)]
    }

    func withBuffer<T>(_ body: (UnsafeMutableRawBufferPointer) throws -> T) throws -> T {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: DigestCommand.chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        return try body(buffer)
    }
}

/// What the test's own SIGBUS handler saw.
enum ForeignFaults {
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) static var byteRead: UInt8 = 0
}

/// A SIGBUS handler of the test's own: counts the fault and puts a zero page where it was.
private func zeroFaultedPage(_: Int32, _ info: FaultInfo?, _: UnsafeMutableRawPointer?) {
    ForeignFaults.count += 1
    let pageSize = Int(getpagesize())
    guard let address = info.flatMap(faultAddress),
        let page = UnsafeMutableRawPointer(bitPattern: Int(bitPattern: address) & ~(pageSize - 1))
    else { return }
    _ = mmap(page, pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
}
