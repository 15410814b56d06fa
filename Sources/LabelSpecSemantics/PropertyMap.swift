/// A small map from property to value, kept as an array: items set a handful of properties, and a
/// linear scan over a few one-byte ids beats hashing (and allocates once).
public struct PropertyMap<Value>: Sequence {
    /// An entry: the value first, so that the one-byte id fills its tail padding instead of
    /// adding a word in front of it.
    @usableFromInline struct Entry {
        @usableFromInline var value: Value
        @usableFromInline let id: PropertyID

        @inlinable init(id: PropertyID, value: Value) {
            self.value = value
            self.id = id
        }
    }

    @usableFromInline var storage: [Entry] = []

    public init() {}

    public mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n) }

    /// Where `id` is stored: compares ids in place, copying no value.
    @inlinable func index(of id: PropertyID) -> Int? {
        storage.withUnsafeBufferPointer { entries in
            for i in 0..<entries.count where entries[i].id == id { return i }
            return nil
        }
    }

    @inlinable public func contains(_ id: PropertyID) -> Bool { index(of: id) != nil }

    /// Inlinable so that callers in other modules get a specialised lookup.
    @inlinable
    public subscript(id: PropertyID) -> Value? {
        get { index(of: id).map { storage[$0].value } }
        set {
            if let i = index(of: id) {
                if let v = newValue { storage[i].value = v } else { storage.remove(at: i) }
            } else if let v = newValue {
                storage.append(Entry(id: id, value: v))
            }
        }
    }

    /// Lookup by name, for callers outside the hot paths.
    public subscript(name: String) -> Value? {
        guard let id = PropertyID(name: name) else { return nil }
        return self[id]
    }

    /// Calls `body` with each entry's index and id, copying no value.
    @inlinable func forEachID(_ body: (Int, PropertyID) -> Void) {
        storage.withUnsafeBufferPointer { entries in
            for i in 0..<entries.count { body(i, entries[i].id) }
        }
    }

    /// The value of the entry at `index` (as `forEachID` numbers them).
    @inlinable func value(at index: Int) -> Value { storage[index].value }

    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var base: IndexingIterator<[Entry]>

        @inlinable init(base: IndexingIterator<[Entry]>) { self.base = base }

        @inlinable public mutating func next() -> (id: PropertyID, value: Value)? {
            base.next().map { ($0.id, $0.value) }
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(base: storage.makeIterator()) }
}
