import LabelSpecSyntax

/// What is kept per leaf chunk of a document, in document order.
protocol ChunkKeyed {
    var chunk: GreenNode { get }
}

/// Finds what was kept for each leaf chunk of a document's new tree, walking the new chunks in
/// order against the old entries in order. An edit replaces a run of chunks and keeps the rest
/// (the same objects, in the same order), so the entry is almost always the next old one: the walk
/// costs one comparison per chunk, and an index of the old entries is built only when the two
/// orders part (an edit that split, merged or moved chunks).
struct ChunkMatcher<Entry: ChunkKeyed> {
    private let old: [Entry]
    private var next = 0
    private var index: [ObjectIdentifier: Int]?

    init(_ old: [Entry]) { self.old = old }

    var count: Int { old.count }

    /// The entry kept for `chunk` (the same object), if any. Call with the chunks in order.
    mutating func next(_ chunk: GreenNode) -> Entry? {
        if next < old.count, old[next].chunk === chunk {
            next += 1
            return old[next - 1]
        }
        // A chunk the edit made: the following old entry may still be the next match (a chunk
        // replaced by one), so look ahead one before building the index.
        if next + 1 < old.count, old[next + 1].chunk === chunk {
            next += 2
            return old[next - 1]
        }
        if index == nil {
            var built: [ObjectIdentifier: Int] = [:]
            built.reserveCapacity(old.count)
            for (i, e) in old.enumerated() { built[ObjectIdentifier(e.chunk)] = i }
            index = built
        }
        guard let i = index?[ObjectIdentifier(chunk)] else { return nil }
        next = i + 1
        return old[i]
    }
}
