/// A key a `CompactMap` can hash.
protocol CompactKey: Equatable {
    /// A hash whose high bits are well mixed (the table maps it to a slot by a multiply).
    var compactHash: UInt { get }
}

extension Identity: CompactKey {
    var compactHash: UInt { UInt(bitPattern: _rawHashValue(seed: 0)) }
}

extension String: CompactKey {
    /// The standard library's seeded hash: names come from the files, so they keep a hash no
    /// input can be chosen to collide under.
    var compactHash: UInt { UInt(bitPattern: hashValue) }
}

/// A hash map sized to what it holds rather than to a power of two: open addressing, linear
/// probing, at most three quarters full, slots found from the hash by a multiply. The workspace
/// keeps a few maps of one entry per item; a `Dictionary` doubles to the next power of two, so
/// 100k items took 262,144 slots where 133,334 do.
struct CompactMap<Key: CompactKey, Value>: Sequence {
    private var slotKeys: [Key?] = []
    private var slotValues: [Value?] = []
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// Room for `n` entries and an eighth more without growing: a document that gains a few
    /// items after it was read does not rebuild its tables at the first one. A table that holds
    /// entries already grows by half at least: reserving a little more for each of many small
    /// documents rebuilt the whole table each time (quadratic).
    mutating func reserveCapacity(_ n: Int) {
        let wanted = n + n / 8 + 16
        guard wanted > slotKeys.count * 3 / 4 else { return }
        rebuild(slots: Swift.max(wanted * 4 / 3 + 1, count == 0 ? 0 : slotKeys.count * 3 / 2))
    }

    /// Slots in the table (for tests).
    var capacity: Int { slotKeys.count }

    @inline(__always) private func home(_ key: Key) -> Int {
        Int(truncatingIfNeeded: key.compactHash.multipliedFullWidth(by: UInt(slotKeys.count)).high)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always) private func find(_ key: Key) -> (slot: Int, found: Bool) {
        var i = home(key)
        while let k = slotKeys[i] {
            if k == key { return (i, true) }
            i += 1
            if i == slotKeys.count { i = 0 }
        }
        return (i, false)
    }

    subscript(key: Key) -> Value? {
        get {
            guard count > 0 else { return nil }
            let (slot, found) = find(key)
            return found ? slotValues[slot] : nil
        }
        set {
            if let value = newValue { insert(key, value) } else { removeValue(forKey: key) }
        }
    }

    /// Changes the value under `key` in place (starting from `makeDefault()` when there is none),
    /// with one hash and one probe.
    mutating func update<R>(_ key: Key, default makeDefault: () -> Value, _ body: (inout Value) -> R) -> R {
        if slotKeys.isEmpty || (count + 1) > slotKeys.count * 3 / 4 { rebuild(slots: Swift.max(16, (count + 1) * 2)) }
        let (slot, found) = find(key)
        if !found {
            slotKeys[slot] = key
            slotValues[slot] = makeDefault()
            count += 1
        }
        return body(&slotValues[slot]!)
    }

    private mutating func insert(_ key: Key, _ value: Value) {
        if slotKeys.isEmpty || (count + 1) > slotKeys.count * 3 / 4 { rebuild(slots: Swift.max(16, (count + 1) * 2)) }
        let (slot, found) = find(key)
        if !found {
            slotKeys[slot] = key
            count += 1
        }
        slotValues[slot] = value
    }

    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard count > 0 else { return nil }
        var (i, found) = find(key)
        guard found else { return nil }
        let removed = slotValues[i]
        slotKeys[i] = nil
        slotValues[i] = nil
        count -= 1
        // Backward-shift deletion: close the gap with the entries after it that may move into it
        // (those whose home slot does not lie cyclically in (gap, their slot]).
        var j = i
        while true {
            j += 1
            if j == slotKeys.count { j = 0 }
            guard let k = slotKeys[j] else { break }
            let h = home(k)
            let stays = i <= j ? (i < h && h <= j) : (i < h || h <= j)
            if stays { continue }
            slotKeys[i] = k
            slotValues[i] = slotValues[j]
            slotKeys[j] = nil
            slotValues[j] = nil
            i = j
        }
        return removed
    }

    private mutating func rebuild(slots: Int) {
        let oldKeys = slotKeys
        let oldValues = slotValues
        slotKeys = Array(repeating: nil, count: slots)
        slotValues = Array(repeating: nil, count: slots)
        for i in oldKeys.indices {
            guard let k = oldKeys[i] else { continue }
            let (slot, _) = find(k)
            slotKeys[slot] = k
            slotValues[slot] = oldValues[i]
        }
    }

    /// The values, in slot order.
    var values: LazyMapSequence<Self, Value> { lazy.map(\.value) }

    struct Iterator: IteratorProtocol {
        let map: CompactMap
        var slot = 0

        mutating func next() -> (key: Key, value: Value)? {
            while slot < map.slotKeys.count {
                defer { slot += 1 }
                if let k = map.slotKeys[slot], let v = map.slotValues[slot] { return (k, v) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(map: self) }
}
