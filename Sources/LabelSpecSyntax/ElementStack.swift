/// A growable stack of child slots (packed as nodes store them, each node holding one retain)
/// from which finished nodes move their children out: no element is unpacked, copied or
/// retained twice on its way into the tree.
final class ElementStack {
    private var base: UnsafeMutablePointer<PackedElement>
    private var capacity = 256
    private(set) var count = 0

    init() { base = .allocate(capacity: 256) }

    deinit {
        for i in 0..<count { GreenNode.releaseSlot(base[i]) }
        base.deallocate()
    }

    /// Pushes a token slot as packed.
    @inline(__always) func append(bits: PackedElement) {
        precondition(bits & 1 == 1, "only token slots are pushed packed")
        if count == capacity { grow() }
        base[count] = bits
        count += 1
    }

    /// Moves the (token) slots from `start` on to the end of `out`.
    func removeTail(from start: Int, into out: inout [PackedElement]) {
        out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
        count = start
    }

    @inline(__always) func append(_ token: GreenToken) {
        if count == capacity { grow() }
        base[count] = token.packed
        count += 1
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<PackedElement>.allocate(capacity: capacity * 2)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// Identical small nodes of this parse, shared.
    private let cache = NodeCache()

    /// Inserts a token at `index`, moving the slots from there up by one.
    func insert(_ token: GreenToken, at index: Int) {
        if count == capacity { grow() }
        (base + index + 1).update(from: base + index, count: count - index)  // memmove
        base[index] = token.packed
        count += 1
    }

    /// Moves the slots `start..<end` into a node (a shared one when an identical node of a kind
    /// below the item level was made before) that takes their place; the slots after `end` follow it.
    func popNode(kind: NodeKind, from start: Int, to end: Int) {
        if count == capacity { grow() }  // an empty node takes one slot more than it frees
        let n = end - start
        let node =
            kind.isShared && n <= NodeCache.maxChildren
            ? cache.intern(kind: kind, moving: base + start, count: n)
            : GreenNode.make(kind: kind, moving: base + start, count: n)
        let after = count - end
        if after > 0 { (base + start + 1).update(from: base + end, count: after) }
        base[start] = PackedElement(UInt(bitPattern: Unmanaged.passRetained(node).toOpaque()))
        count = start + 1 + after
    }

    /// Moves every slot out into an array of elements.
    func takeAll() -> [GreenElement] {
        let n = count
        count = 0
        return [GreenElement](unsafeUninitializedCapacity: n) { buffer, initialized in
            for i in 0..<n { (buffer.baseAddress! + i).initialize(to: GreenElement(taking: base[i])) }
            initialized = n
        }
    }

    /// Moves every slot out into chunk nodes of about `size` elements, spread evenly (as
    /// `SyntaxDocument.chunk` spreads them).
    func takeChunks(size: Int) -> [GreenElement] {
        guard count > 0 else { return [] }
        let total = count
        let n = (total + size - 1) / size
        var chunks: [GreenElement] = []
        chunks.reserveCapacity(n)
        var start = 0
        for i in 0..<n {
            let end = total * (i + 1) / n
            chunks.append(.node(GreenNode.make(kind: .chunk, moving: base + start, count: end - start)))
            start = end
        }
        count = 0
        return chunks
    }
}
