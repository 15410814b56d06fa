import Dispatch

/// Results written from concurrent iterations (`DispatchQueue.concurrentPerform`), each slot by
/// exactly one of them, read once they are all done. Free it with `free()`.
public struct ConcurrentSlots<Element>: @unchecked Sendable {
    public let pointer: UnsafeMutableBufferPointer<Element?>

    public init(count: Int) {
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: nil)
    }

    /// The slots, in order (nil where nothing was written).
    public var values: [Element?] { Array(pointer) }

    public func free() {
        _ = pointer.deinitialize()
        pointer.deallocate()
    }
}

extension ConcurrentSlots {
    /// `body(i)` for every `i` below `count`, over all cores, the results in order (nil where
    /// `body` gave none).
    public static func collect(_ count: Int, _ body: @Sendable (Int) -> Element?) -> [Element?] {
        let slots = ConcurrentSlots(count: count)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { slots.pointer[$0] = body($0) }
        return slots.values
    }
}
