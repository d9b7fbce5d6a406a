import CLinux
import Glibc
import Synchronization

/// A thread of its own for work that must never run on the event loop's thread (decoding a
/// picture, reading a cache file): jobs go in from the loop's thread, results come back to it
/// through an eventfd the loop watches, and `onResult` runs there, like every other handler.
/// Jobs and results are values (`Sendable`); nothing else is shared between the threads.
///
/// Jobs run one at a time, in order, except that `urgent` ones go to the front (the picture on
/// screen before pictures of later questions). Dropping the worker stops the thread after the
/// job it is running.
public final class WorkerThread<Job: Sendable, Result: Sendable> {
    private final class Shared: ThreadMain {
        let jobs = Mutex<[Job]>([])
        let results = Mutex<[Result]>([])
        let stopping = Atomic<Bool>(false)
        /// Counts jobs waiting (EFD_SEMAPHORE: each read takes one); the thread blocks on it.
        let wake: Int32
        /// Readable while results wait for the loop.
        let done: Int32
        let work: @Sendable (Job) -> Result

        init(wake: Int32, done: Int32, work: @escaping @Sendable (Job) -> Result) {
            self.wake = wake
            self.done = done
            self.work = work
        }

        func run() {
            var count: UInt64 = 0
            while true {
                let n = retryingEINTR { read(wake, &count, 8) }
                if stopping.load(ordering: .acquiring) { return }
                guard n == 8, let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
                let result = work(job)
                results.withLock { $0.append(result) }
                var one: UInt64 = 1
                _ = retryingEINTR { write(done, &one, 8) }
            }
        }
    }

    private let shared: Shared
    private let loop: EventLoop
    private var watch: EventLoop.Token?
    private let thread: pthread_t
    /// Called on the loop's thread with each result, in the order the jobs finished.
    public var onResult: ((Result) -> Void)?

    /// Starts the thread; `work` runs on it (it must touch nothing but its job).
    public init(loop: EventLoop, work: @escaping @Sendable (Job) -> Result) throws(SystemError) {
        let (wake, done) = try Self.eventFDs()
        let shared = Shared(wake: wake, done: done, work: work)
        var thread = pthread_t()
        let rc = Self.start(shared, &thread)
        guard rc == 0 else {
            close(wake)
            close(done)
            throw SystemError("pthread_create", errno: rc)
        }
        self.thread = thread
        self.shared = shared
        self.loop = loop
        watch = loop.watch(fd: done) { [weak self] _ in self?.deliver() }
    }

    /// The job counter (blocking, one job per read) and the results signal (non-blocking).
    private static func eventFDs() throws(SystemError) -> (Int32, Int32) {
        let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_SEMAPHORE))
        guard wake >= 0 else { throw SystemError("eventfd", errno: errno) }
        let done = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard done >= 0 else {
            let e = errno
            close(wake)
            throw SystemError("eventfd", errno: e)
        }
        return (wake, done)
    }

    /// pthread_create's result (0 or an errno); the thread owns one reference to `shared`.
    private static func start(_ shared: Shared, _ thread: inout pthread_t) -> Int32 {
        // The thread starts with every signal blocked (it inherits the mask it is created
        // with): SIGTERM and SIGINT are the loop's, read from its signalfd, and a signal the
        // kernel handed to this thread instead would kill the process without a clean exit.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let context = Unmanaged.passRetained(ThreadBox(shared)).toOpaque()
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<ThreadBox>.fromOpaque(raw).takeRetainedValue().main.run()
            return nil
        }, context)
        if rc != 0 { Unmanaged<ThreadBox>.fromOpaque(context).release() }
        return rc
    }

    deinit {
        if let watch { loop.cancel(watch) }
        shared.stopping.store(true, ordering: .releasing)
        var one: UInt64 = 1
        _ = retryingEINTR { write(shared.wake, &one, 8) }
        pthread_join(thread, nil)
        close(shared.wake)
        close(shared.done)
    }

    /// Queues `job`; an urgent one runs before those already waiting.
    public func submit(_ job: Job, urgent: Bool = false) {
        shared.jobs.withLock { urgent ? $0.insert(job, at: 0) : $0.append(job) }
        var one: UInt64 = 1
        _ = retryingEINTR { write(shared.wake, &one, 8) }
    }

    /// Jobs waiting (not the one running).
    public var waiting: Int { shared.jobs.withLock { $0.count } }

    private func deliver() {
        var count: UInt64 = 0
        _ = read(shared.done, &count, 8)
        let ready = shared.results.withLock { r in
            defer { r.removeAll() }
            return r
        }
        for r in ready { onResult?(r) }
    }
}

/// What a started thread runs. Not generic: a C thread entry point cannot name a generic type,
/// so it reaches the worker's shared state through this.
private protocol ThreadMain: AnyObject, Sendable {
    func run()
}

private final class ThreadBox: Sendable {
    let main: any ThreadMain
    init(_ main: any ThreadMain) { self.main = main }
}
