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
