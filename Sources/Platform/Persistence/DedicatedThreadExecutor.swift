import Foundation

/// A task executor with one thread of its own, for work that may block a thread: SQLite writes,
/// whose commits and checkpoints wait for the disk (`fsync`). Code run under
/// `withTaskExecutorPreference(executor)` runs here, so a slow disk holds up this thread, never
/// the few threads of Swift's cooperative pool that every request shares.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init(name: String) {
        // The thread holds the executor until it is stopped.
        let thread = Thread { self.run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        condition.lock()
        if stopped {
            // Work arriving after shutdown (a late job during the server's stop) still runs, on the
            // shared pool, instead of waiting forever for a thread that has ended.
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(UnownedJob(job))
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs already queued have run; later jobs run on the shared pool.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty && stopped {
                condition.unlock()
                return
            }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
