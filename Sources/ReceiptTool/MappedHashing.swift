import PureCrypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hashing a large regular file through read-only mappings of its pages rather than copies of them: `read(2)`
/// copies every byte out of the page cache before it is hashed, about a twentieth of what SHA-256 itself costs,
/// and `receipt digest` is to hash a file in the page cache about as fast as hashing it in memory (issue 23).
/// `DigestCommand` hashes the first `size` bytes of a file of at least ``minimumSize`` this way, window by
/// window, and reads with `read(2)` whatever the file gained since, and any file that cannot be mapped.
///
/// A mapped file that shrinks while it is hashed makes the next access to a page wholly past its new end raise
/// SIGBUS, whose default action ends the process. While a file's windows are hashed, a handler catches that
/// fault, puts zero pages in place of the window, and notes it, so that the access reads zeros instead; the
/// window's hashing finishes, its result is discarded, and the input is reported unreadable while the other inputs
/// go on. The file's size is also checked after each window, which catches a file cut within its last page (no
/// fault: the rest of that page reads as zeros) and does not depend on the note. A fault with no window mapped, or
/// a second one, is given back to the handler that was there before, as if this one were not; later windows of the
/// same file are then unprotected.
enum MappedHashing {
    /// Files smaller than this are read: a mapping costs system calls of its own, which a copy of a few chunks
    /// does not repay.
    static let minimumSize = 1 << 20

    /// Bytes mapped at a time: the process's resident memory grows by at most this much, and each window's
    /// pages are mapped at once when the system can (`MAP_POPULATE`), rather than one fault per few pages.
    static let windowSize = 8 << 20

    /// One thread of the process hashes through a mapping at a time, since the SIGBUS handler knows one window;
    /// another one reads instead.
    private static let lock = Lock()

    /// Hashes bytes `0..<size` of the file open as `descriptor` into `hasher`, `window` bytes (a multiple of the
    /// page size) at a time, and returns how many it hashed: `size`, or a prefix of it (maybe none) when a
    /// window cannot be mapped or another thread is hashing a mapping, for the caller to read from there on.
    /// Throws when the file shrank while it was hashed, leaving `hasher` with bytes it must not be finalized on.
    static func hash<Hash: HashFunction>(
        _ descriptor: Int32,
        size: Int,
        window: Int = windowSize,
        into hasher: inout Hash
    ) throws(InputError) -> Int {
        guard lock.tryLock() else { return 0 }
        defer { lock.unlock() }
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = replaceFaultedWindow
        #else
        action.__sigaction_u.__sa_handler = replaceFaultedWindow
        #endif
        sigemptyset(&action.sa_mask)
        guard sigaction(SIGBUS, &action, &previousAction) == 0 else { return 0 }
        defer { sigaction(SIGBUS, &previousAction, nil) }
        var flags = MAP_PRIVATE
        #if os(Linux)
        flags |= MAP_POPULATE
        #endif
        var offset = 0
        while offset < size {
            let length = min(window, size - offset)
            guard let start = mmap(nil, length, PROT_READ, flags, descriptor, off_t(offset)),
                start != UnsafeMutableRawPointer(bitPattern: -1)
            else { break }
            #if !os(Linux)
            _ = madvise(start, length, MADV_WILLNEED)
            #endif
            faultedWindowLength = length
            windowFaulted = false
            faultedWindow = start
            hasher.update(bufferPointer: UnsafeRawBufferPointer(start: start, count: length))
            faultedWindow = nil
            munmap(start, length)
            if (FileInput.regularFileSize(descriptor) ?? 0) < offset + length || faultNoted() {
                throw InputError(code: .unreadable, reason: "the file shrank while it was being read")
            }
            offset += length
        }
        return offset
    }
}

// The SIGBUS handler's state: set by the thread that holds `MappedHashing.lock` around each window, and read by
// the handler on that same thread, since the fault is raised by the access that makes it.

/// The window being hashed, or `nil` when none is.
nonisolated(unsafe) private var faultedWindow: UnsafeMutableRawPointer? = nil
nonisolated(unsafe) private var faultedWindowLength = 0
/// Whether the window's pages were replaced by zeros.
nonisolated(unsafe) private var windowFaulted = false
/// The handler before ours, restored after the windows, and given any fault that is not a window's.
nonisolated(unsafe) private var previousAction = sigaction()

/// Whether the handler replaced the window: read through a call the optimizer does not see into, so that the
/// read is made after the hashing, in which the handler may have run, whatever the compiler knows of the hashing.
@inline(never)
@_optimize(none)
private func faultNoted() -> Bool { windowFaulted }

/// Puts zero pages in place of the window being hashed, so that the access that faulted reads zeros when it is
/// resumed; or, for a fault that is not the window's first, restores the previous handler, which the access
/// then faults into again. Only system calls, as a signal handler may make.
private func replaceFaultedWindow(_: Int32) {
    // The interrupted code may be between a failing call and its reading of errno.
    let savedErrno = errno
    defer { errno = savedErrno }
    guard let window = faultedWindow, !windowFaulted else {
        sigaction(SIGBUS, &previousAction, nil)
        return
    }
    windowFaulted = true
    let zeros = mmap(window, faultedWindowLength, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
    if zeros != window { sigaction(SIGBUS, &previousAction, nil) }
}
