import Dispatch

/// The one scheduler of pushes, for `.labelspec` documents and storyboards alike: per URI, the
/// push last asked for (a number no earlier push had) and whether it waits for its debounce. A
/// push computed for an older number is dropped (a later change overtook it, or the document was
/// closed: `forget`); `shutdown` sends those still waiting (`flush`). Read and written under the
/// server's state lock.
final class PushScheduler {
    private var last = 0
    private var asked: [String: (generation: Int, waiting: Bool)] = [:]

    /// Asks for a push of `uri`: `work(generation)` runs on `queue`, at once or after `delay`
    /// seconds, and is to check `isCurrent` (or `start`) before it sends.
    func schedule(_ uri: String, delay: Double?, on queue: DispatchQueue, _ work: @escaping @Sendable (Int) -> Void) {
        last += 1
        let generation = last
        asked[uri] = (generation, delay != nil)
        if let delay {
            queue.asyncAfter(deadline: .now() + delay) { work(generation) }
        } else {
            queue.async { work(generation) }
        }
    }

    /// Whether `generation` is still the push last asked for `uri`.
    func isCurrent(_ uri: String, _ generation: Int) -> Bool { asked[uri]?.generation == generation }

    /// A push starts: true when it is still the one last asked for (it no longer waits).
    func start(_ uri: String, _ generation: Int) -> Bool {
        guard isCurrent(uri, generation) else { return false }
        asked[uri]?.waiting = false
        return true
    }

    /// The URIs whose push waits for its debounce, sorted; those pushes become stale (the caller
    /// sends each now).
    func flush() -> [String] {
        let waiting = asked.filter(\.value.waiting).map(\.key).sorted()
        for uri in waiting {
            last += 1
            asked[uri] = (last, false)
        }
        return waiting
    }

    /// The document is closed: any push asked for it is stale.
    func forget(_ uri: String) { asked[uri] = nil }
}
