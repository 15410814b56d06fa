import Glibc

/// A mutex for the caches the measurement core shares between threads (the language server and
/// parallel tests measure concurrently).
public final class Lock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    public init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
