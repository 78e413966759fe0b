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
/// fault: the rest of that page reads as zeros) and does not depend on the note. A fault at any other address (or
/// a second one in the window) goes to the action that was there before, as if this handler were not.
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
        guard sigaction(SIGBUS, nil, &previousAction) == 0 else { return 0 }
        // On the alternate stack when the previous handler is (one that reports a stack overflow), so that such a
        // fault reaches it as it would without ours.
        var action = faultAction(replaceFaultedWindow, flags: previousAction.sa_flags & SA_ONSTACK)
        guard sigaction(SIGBUS, &action, nil) == 0 else { return 0 }
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
            enterWindow(start, length: length)
            hasher.update(bufferPointer: UnsafeRawBufferPointer(start: start, count: length))
            leaveWindow()
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
// the handler on whichever thread faults; only a fault within the window, raised by the hashing thread's own
// access, changes it.

/// The window being hashed, or `nil` when none is.
nonisolated(unsafe) private var faultedWindow: UnsafeMutableRawPointer? = nil
nonisolated(unsafe) private var faultedWindowLength = 0
/// Whether the window's pages were replaced by zeros.
nonisolated(unsafe) private var windowFaulted = false
/// The handler before ours, restored after the windows, and given any fault that is not a window's.
nonisolated(unsafe) private var previousAction = sigaction()

// The state is written and read through calls the optimizer does not see into, so that the writes are made before
// the hashing and the read after it, in which the handler may have run, whatever the compiler knows of the hashing.

/// Makes `start` the window the handler answers for, not yet faulted.
@inline(never)
@_optimize(none)
private func enterWindow(_ start: UnsafeMutableRawPointer, length: Int) {
    faultedWindowLength = length
    windowFaulted = false
    faultedWindow = start
}

/// Leaves no window for the handler to answer for.
@inline(never)
@_optimize(none)
private func leaveWindow() { faultedWindow = nil }

/// Whether the handler replaced the window.
@inline(never)
@_optimize(none)
private func faultNoted() -> Bool { windowFaulted }

/// Puts zero pages in place of the window being hashed when the fault is in it, so that the access that faulted
/// reads zeros when it is resumed. Any other fault (outside the window, with no window mapped, or a second one in
/// it) goes to the previous action, as if this handler were not there. Only system calls, as a signal handler may
/// make.
private func replaceFaultedWindow(_ signal: Int32, _ info: FaultInfo?, _ context: UnsafeMutableRawPointer?) {
    // The interrupted code may be between a failing call and its reading of errno.
    let savedErrno = errno
    defer { errno = savedErrno }
    guard let window = faultedWindow, !windowFaulted, let address = info.flatMap(faultAddress),
        address >= window, address < window + faultedWindowLength
    else {
        passToPreviousAction(signal, info, context)
        return
    }
    windowFaulted = true
    let zeros = mmap(window, faultedWindowLength, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
    if zeros != window { passToPreviousAction(signal, info, context) }
}

/// Gives a fault that is not the window's to the action before ours. A handler is called with its signal mask, as
/// the system would have called it, and ours stays in place for the file's later windows. An action that is no
/// function (the default, which ends the process, or ignoring the signal, which the system does not do for a
/// fault), or a handler to be reset once it runs (`SA_RESETHAND`), is put back instead, and the access, resumed,
/// faults into it.
private func passToPreviousAction(_ signal: Int32, _ info: FaultInfo?, _ context: UnsafeMutableRawPointer?) {
    #if canImport(Glibc)
    let withInfo = previousAction.__sigaction_handler.sa_sigaction
    let plain = previousAction.__sigaction_handler.sa_handler
    #else
    let withInfo = previousAction.__sigaction_u.__sa_sigaction
    let plain = previousAction.__sigaction_u.__sa_handler
    #endif
    let flags = previousAction.sa_flags
    // SIG_DFL is the address 0 and SIG_IGN the address 1, where no function is.
    let isFunction =
        flags & SA_SIGINFO != 0
        ? withInfo.map { unsafeBitCast($0, to: Int.self) > 1 } ?? false
        : plain.map { unsafeBitCast($0, to: Int.self) > 1 } ?? false
    guard isFunction, flags & Int32(truncatingIfNeeded: SA_RESETHAND) == 0 else {
        sigaction(SIGBUS, &previousAction, nil)
        return
    }
    var mask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &previousAction.sa_mask, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    if flags & SA_SIGINFO != 0 { withInfo?(signal, info, context) } else { plain?(signal) }
}

/// An action that calls `handler` with the fault's details (`SA_SIGINFO`, and `flags`), blocking no other signal.
func faultAction(
    _ handler: @escaping @convention(c) (Int32, FaultInfo?, UnsafeMutableRawPointer?) -> Void,
    flags: Int32 = 0
) -> sigaction {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_sigaction = handler
    #else
    action.__sigaction_u.__sa_sigaction = handler
    #endif
    action.sa_flags = SA_SIGINFO | flags
    sigemptyset(&action.sa_mask)
    return action
}

#if canImport(Glibc)
typealias FaultInfo = UnsafeMutablePointer<siginfo_t>

/// The address whose access faulted; `nil` for a signal a process sent (`si_code` ≤ 0), which names none.
func faultAddress(_ info: FaultInfo) -> UnsafeMutableRawPointer? {
    info.pointee.si_code > 0 ? info.pointee._sifields._sigfault.si_addr : nil
}
#else
typealias FaultInfo = UnsafeMutablePointer<__siginfo>

/// The address whose access faulted; `nil` for a signal a process sent (`si_code` ≤ 0), which names none.
func faultAddress(_ info: FaultInfo) -> UnsafeMutableRawPointer? {
    info.pointee.si_code > 0 ? info.pointee.si_addr : nil
}
#endif
