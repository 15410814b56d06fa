/// A value a property map can hold: it knows which property it is for.
public protocol PropertyMapValue {
    var propertyID: PropertyID { get }
}

/// A small map from property to value, kept as an array: items set a handful of properties, and a
/// linear scan over a few one-byte ids beats hashing (and allocates once). Values carry their
/// property's id, so an entry is just the value.
public struct PropertyMap<Value: PropertyMapValue>: Sequence {
    @usableFromInline var storage: [Value] = []

    public init() {}

    public mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n) }

    /// Where `id` is stored: compares ids in place, copying no value.
    @inlinable func index(of id: PropertyID) -> Int? {
        storage.withUnsafeBufferPointer { entries in
            for i in 0..<entries.count where entries[i].propertyID == id { return i }
            return nil
        }
    }

    @inlinable public func contains(_ id: PropertyID) -> Bool { index(of: id) != nil }

    /// Inlinable so that callers in other modules get a specialised lookup.
    @inlinable
    public subscript(id: PropertyID) -> Value? {
        get { index(of: id).map { storage[$0] } }
        set {
            if let v = newValue { precondition(v.propertyID == id, "a value stored under another property's id") }
            if let i = index(of: id) {
                if let v = newValue { storage[i] = v } else { storage.remove(at: i) }
            } else if let v = newValue {
                storage.append(v)
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
            for i in 0..<entries.count { body(i, entries[i].propertyID) }
        }
    }

    /// The value of the entry at `index` (as `forEachID` numbers them).
    @inlinable func value(at index: Int) -> Value { storage[index] }

    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var base: IndexingIterator<[Value]>

        @inlinable init(base: IndexingIterator<[Value]>) { self.base = base }

        @inlinable public mutating func next() -> (id: PropertyID, value: Value)? {
            base.next().map { ($0.propertyID, $0) }
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(base: storage.makeIterator()) }
}
