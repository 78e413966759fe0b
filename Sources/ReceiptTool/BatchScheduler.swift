/// The most worker threads a batch runs (`--jobs`): each is a thread with its own worker value (a memo) and
/// ``BatchScheduler/windowPerJob`` slots of the window, so a count beyond any machine's cores would only exhaust
/// memory, or overflow the window's size.
let maximumBatchJobs = 1024

/// Runs a stream of items through worker threads, a bounded window of them in flight, and hands each item's
/// output to `emit` in item order as soon as it and every output before it are ready: every output ready at that
/// moment in one call of `emit`, so that results that finish together can be written together.
///
/// There is no reader, dispatcher or printer thread: each worker takes the next item from the source, processes
/// it, stores the output, and, when the output next in order is ready and no other worker is printing, prints
/// every ready output in order. So a result moves between threads only when it finishes out of order, and with
/// one job everything runs on the calling thread.
///
/// Memory: at most ``windowPerJob`` × `jobs` items are taken and not yet printed; a worker that would take one
/// more waits for the printing to catch up. So memory depends on the window and the items' sizes, never on how
/// many items the source holds.
///
/// Locks: `sourceLock` serialises taking from the source (which may block on a slow input without holding up
/// printing) and guards `taken`; `state` guards the window of outputs and the printing role. The source lock is
/// taken before the state lock, never after.
final class BatchScheduler<Item: Sendable, Output: Sendable>: @unchecked Sendable {
    /// Items in flight per job: enough that a worker rarely waits for a slow item ahead of it to be printed.
    static var windowPerJob: Int { 4 }

    private let jobs: Int
    private let window: Int
    private let next: @Sendable () -> Item?
    private let emit: @Sendable ([Output]) throws(ToolFailure) -> Void

    private let sourceLock = Lock()
    /// Items taken from the source; guarded by `sourceLock`.
    private var taken = 0
    /// Whether the source has run out; guarded by `sourceLock`.
    private var exhausted = false

    private let state = Condition()
    /// Outputs not yet printed, at their item's index modulo the window; guarded by `state`.
    private var ready: [Output?]
    /// Items printed: the index of the next output to print; guarded by `state`.
    private var printed = 0
    /// Whether a worker is printing; guarded by `state`.
    private var printing = false
    /// Workers waiting for the window to move; guarded by `state`.
    private var waiting = 0
    /// The first failure to print, which stops the batch; guarded by `state`.
    private var failure: ToolFailure?

    private init(
        jobs: Int,
        next: @escaping @Sendable () -> Item?,
        emit: @escaping @Sendable ([Output]) throws(ToolFailure) -> Void
    ) {
        self.jobs = min(max(1, jobs), maximumBatchJobs)
        window = self.jobs * Self.windowPerJob
        self.next = next
        self.emit = emit
        ready = Array(repeating: nil, count: window)
    }

    /// Processes every item `next` gives (it is called by one thread at a time, in turn) on `jobs` threads,
    /// each with its own worker value from `makeWorker`, and emits the outputs in order, those ready together in
    /// one call. Stops at the first failure to emit, and throws it once the workers have stopped.
    static func run<Worker>(
        jobs: Int,
        next: @escaping @Sendable () -> Item?,
        makeWorker: @escaping @Sendable () -> Worker,
        process: @escaping @Sendable (Item, inout Worker) -> Output,
        emit: @escaping @Sendable ([Output]) throws(ToolFailure) -> Void
    ) throws(ToolFailure) {
        let scheduler = BatchScheduler(jobs: jobs, next: next, emit: emit)
        let body: @Sendable () -> Void = {
            var worker = makeWorker()
            scheduler.work { item in process(item, &worker) }
        }
        // A thread the system refuses leaves its share of the items to the others.
        let threads = (1..<scheduler.jobs).compactMap { _ in StartedThread.start(body) }
        body()
        for thread in threads { thread.join() }
        scheduler.state.lock()
        let failure = scheduler.failure
        scheduler.state.unlock()
        if let failure { throw failure }
    }

    /// One worker: take, process, store, print what is ready; until the source runs out or printing fails.
    private func work(_ process: (Item) -> Output) {
        while let (index, item) = take() {
            let output = process(item)
            state.lock()
            ready[index % window] = output
            guard !printing, failure == nil else {
                state.unlock()
                continue
            }
            printing = true
            printReady()
            printing = false
            if waiting > 0 { state.broadcast() }
            state.unlock()
        }
    }

    /// The next item and its index, once the window has room for it; `nil` when the source has run out or the
    /// batch has stopped.
    private func take() -> (Int, Item)? {
        sourceLock.lock()
        defer { sourceLock.unlock() }
        guard !exhausted else { return nil }
        state.lock()
        while failure == nil && taken >= printed + window {
            waiting += 1
            state.wait()
            waiting -= 1
        }
        let stopped = failure != nil
        state.unlock()
        guard !stopped, let item = next() else {
            exhausted = true
            return nil
        }
        taken += 1
        return (taken - 1, item)
    }

    /// Prints every output that is ready in order, without holding the state lock while writing. Called with
    /// the state lock held and the printing role taken. The slots of outputs taken out stay empty until `printed`
    /// moves past them: no item whose output would go there is taken before then.
    private func printReady() {
        while failure == nil, ready[printed % window] != nil {
            var outputs: [Output] = []
            // Stops within one window: each slot taken is emptied, so a whole window on it meets the first again.
            while let output = ready[(printed + outputs.count) % window] {
                ready[(printed + outputs.count) % window] = nil
                outputs.append(output)
            }
            state.unlock()
            var emitted: ToolFailure?
            do throws(ToolFailure) {
                try emit(outputs)
            } catch {
                emitted = error
            }
            state.lock()
            if let emitted {
                failure = emitted
                state.broadcast()
            } else {
                printed += outputs.count
            }
        }
    }
}
