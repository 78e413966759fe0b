#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard input, output and error, through `read(2)` and `write(2)`: no buffer that could hold
/// output back or lose it at exit, every failure reported, and the interruption contract of docs/cli.md.
enum StandardStreams {
    /// Held for every write to standard output or error, and taken for good by an interruption: so the process
    /// stops between two writes, never inside one (unless a write stays blocked for the grace period), and every
    /// line already printed is whole.
    static let writeLock = Lock()

    /// Passed through before each write takes ``writeLock``, and held for good by an interruption: so no write
    /// starts after the signal, and the one under way, when it ends, leaves the write lock to the interruption.
    static let turnstile = Lock()

    /// The tool's streams.
    static let io = ToolIO(
        writeOutput: { buffer throws(OutputError) in try writeAll(buffer, to: STDOUT_FILENO, stream: "standard output")
        },
        writeError: { buffer throws(OutputError) in try writeAll(buffer, to: STDERR_FILENO, stream: "standard error") },
        readInput: { buffer throws(InputError) in try FileInput.readSome(STDIN_FILENO, into: buffer) }
    )

    /// Prepares the process before anything runs: a write to a closed pipe fails with `EPIPE` instead of
    /// killing the process unannounced; a closed standard stream stays closed (a file opened later cannot take
    /// its number and receive output); SIGINT, SIGTERM and SIGHUP stop the process between two writes.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for (stream, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)] {
            // /dev/null opened the wrong way round: every read or write of the stream fails with EBADF, as on a
            // closed descriptor, and `open` takes the lowest free number, which is the closed stream's.
            if fcntl(stream, F_GETFD) == -1 { _ = open("/dev/null", flags) }
        }
        Interruption.start(signals: [SIGINT, SIGTERM, SIGHUP])
    }

    /// Writes every byte of `buffer` to `descriptor`, resuming after partial writes and `EINTR`.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, stream: String) throws(OutputError) {
        turnstile.lock()
        turnstile.unlock()
        writeLock.lock()
        defer { writeLock.unlock() }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw OutputError(stream: stream, reason: FileInput.reason(code))
            }
            offset += written
        }
    }
}

/// Stops the process on SIGINT, SIGTERM or SIGHUP between two writes: the signals are blocked in every thread
/// and taken by one thread of their own with `sigwait`, which takes ``StandardStreams/writeLock`` for good and
/// then lets the signal end the process as it would have (the shell sees 128 + the signal number). It closes
/// ``StandardStreams/turnstile`` first, so that writers cannot keep taking the write lock before it. A write that
/// cannot finish (its reader stopped reading) holds the lock; after ``graceSeconds`` the process ends anyway, and
/// that write's line may be left incomplete.
enum Interruption {
    /// How long a signal waits for a write under way to finish.
    static let graceSeconds = 2

    static func start(signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        // Blocked here, before any other thread exists, so that every thread inherits the mask.
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let blocked = set
        let watcher = StartedThread.start {
            var set = blocked
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            _ = stopWrites(within: Double(graceSeconds))
            signal(number, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, number)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(number)
        }
        if let watcher {
            watcher.detach()
        } else {
            // Without the thread that takes them, the signals end the process as they would have, maybe mid-write.
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
    }

    /// Stops every write for good: closes the turnstile, so that no write starts, and takes the write lock when the
    /// write under way ends, waiting at most `seconds` for it; whether the lock was taken.
    static func stopWrites(within seconds: Double) -> Bool {
        StandardStreams.turnstile.lock()
        let deadline = monotonicSeconds() + seconds
        while !StandardStreams.writeLock.tryLock() {
            guard monotonicSeconds() < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// Seconds on a clock that only moves forward, whatever the load and the time of day.
    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
