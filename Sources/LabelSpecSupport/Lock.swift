#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex: for caches shared between threads (the measurement core's fonts and layouts, the IDE
/// layer's check caches: the language server and parallel tests measure concurrently), and, made
/// `recursive`, for state the thread that holds it may take again (the language server's: its
/// handlers call each other).
///
/// The mutex lives at an address of its own (allocated once): a pointer the C calls take as it
/// is, with no exclusivity check on each (an inout of a stored property costs two runtime calls
/// per lock, which the shaped-width cache paid on every look-up).
public final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        guard recursive else {
            pthread_mutex_init(mutex, nil)
            return
        }
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Inlinable: the shaping and layout caches take it on every lookup, from other modules.
    @inlinable public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
