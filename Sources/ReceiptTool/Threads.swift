#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The tool's locks and threads are POSIX threads' own, so that the tool does not load Foundation: loading it for a
// lock and a thread took longer than a small input's whole verification.

/// A mutual-exclusion lock (`pthread_mutex_t`, at an address of its own, since a mutex must not move).
final class Lock: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() { mutex = pinned(pthread_mutex_t()) { pthread_mutex_init($0, nil) } }

    deinit { unpin(mutex, pthread_mutex_destroy) }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Takes the lock if no thread holds it, without waiting; whether it was taken.
    func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }
}

/// A lock with a condition variable: `wait()` releases the lock until another thread calls `broadcast()`, and
/// holds it again when it returns. As with any condition variable, a wait may also end without a broadcast, so
/// callers wait in a loop over what they wait for.
final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() { condition = pinned(pthread_cond_t()) { pthread_cond_init($0, nil) } }

    deinit { unpin(condition, pthread_cond_destroy) }

    func lock() { mutex.lock() }

    func unlock() { mutex.unlock() }

    /// Called with the lock held.
    func wait() { pthread_cond_wait(condition, mutex.mutex) }

    func broadcast() { pthread_cond_broadcast(condition) }
}

/// A POSIX synchronization object at an address of its own, which it must keep once `initialize` has run.
private func pinned<Object>(
    _ blank: Object,
    _ initialize: (UnsafeMutablePointer<Object>) -> Int32
) -> UnsafeMutablePointer<Object> {
    let object = UnsafeMutablePointer<Object>.allocate(capacity: 1)
    object.initialize(to: blank)
    _ = initialize(object)
    return object
}

/// Destroys and frees an object from ``pinned(_:_:)``.
private func unpin<Object>(_ object: UnsafeMutablePointer<Object>, _ destroy: (UnsafeMutablePointer<Object>) -> Int32) {
    _ = destroy(object)
    object.deinitialize(count: 1)
    object.deallocate()
}

/// A thread started by ``start(_:)``, to be joined once.
struct StartedThread {
    #if canImport(Glibc)
    private let handle: pthread_t
    #else
    private let handle: pthread_t?
    #endif

    /// Runs `body` on a new thread; `nil` when the system refuses one (its limit of threads or of memory), for
    /// the caller to go on with the threads it has.
    static func start(_ body: @escaping @Sendable () -> Void) -> StartedThread? {
        let argument = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Glibc)
        var handle = pthread_t()
        #else
        var handle: pthread_t?
        #endif
        guard pthread_create(&handle, nil, runThreadBody, argument) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(argument).release()
            return nil
        }
        return StartedThread(handle: handle)
    }

    /// Waits until the thread's body has returned.
    func join() {
        #if canImport(Glibc)
        pthread_join(handle, nil)
        #else
        if let handle { pthread_join(handle, nil) }
        #endif
    }

    /// Lets the thread run on its own, never joined: the system takes back what it holds when it ends.
    func detach() {
        #if canImport(Glibc)
        pthread_detach(handle)
        #else
        if let handle { pthread_detach(handle) }
        #endif
    }
}

/// What a new thread runs, passed to it retained once.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

#if canImport(Glibc)
private func runThreadBody(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
    return nil
}
#else
private func runThreadBody(_ argument: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
    return nil
}
#endif
