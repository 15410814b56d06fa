/// A value a property map can hold: it knows which property it is for.
public protocol PropertyMapValue {
    var propertyID: PropertyID { get }
}

/// Values stored one per property, read in place: what a `PropertyMap` and an item's own
/// assignments (`OwnProperties`, inline in the item) have in common. Lookups scan a few one-byte
/// ids, which beats hashing for the handful of properties an item sets.
public protocol PropertyEntries: Sequence where Element == (id: PropertyID, value: Value) {
    associatedtype Value: PropertyMapValue
    /// Calls `body` with the values, in order.
    func withEntries<R>(_ body: (UnsafeBufferPointer<Value>) -> R) -> R
}

extension PropertyEntries {
    public var count: Int { withEntries { $0.count } }
    public var isEmpty: Bool { count == 0 }

    /// Where `id` is stored: compares ids in place, copying no value.
    func index(of id: PropertyID) -> Int? {
        withEntries { entries in
            for i in 0..<entries.count where entries[i].propertyID == id { return i }
            return nil
        }
    }

    public subscript(id: PropertyID) -> Value? { index(of: id).map { value(at: $0) } }

    /// Lookup by name, for callers outside the hot paths.
    public subscript(name: String) -> Value? {
        guard let id = PropertyID(name: name) else { return nil }
        return self[id]
    }

    /// Calls `body` with each entry's index and id, copying no value.
    func forEachID(_ body: (Int, PropertyID) -> Void) {
        withEntries { entries in
            for i in 0..<entries.count { body(i, entries[i].propertyID) }
        }
    }

    /// The value of the entry at `index` (as `forEachID` numbers them).
    func value(at index: Int) -> Value {
        withEntries { entries in
            precondition(index >= 0 && index < entries.count, "property entry index out of range")
            return entries[index]
        }
    }
}

/// Iterates any `PropertyEntries` as (id, value) pairs.
public struct PropertyEntriesIterator<Entries: PropertyEntries>: IteratorProtocol {
    let entries: Entries
    var index = 0

    public mutating func next() -> (id: PropertyID, value: Entries.Value)? {
        guard index < entries.count else { return nil }
        let v = entries.value(at: index)
        index += 1
        return (v.propertyID, v)
    }
}

/// A small map from property to value, kept as an array (one allocation). Values carry their
/// property's id, so an entry is just the value.
public struct PropertyMap<Value: PropertyMapValue>: PropertyEntries {
    var storage: [Value] = []

    public init() {}

    public mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n) }

    public func withEntries<R>(_ body: (UnsafeBufferPointer<Value>) -> R) -> R { storage.withUnsafeBufferPointer(body) }

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

    public func makeIterator() -> PropertyEntriesIterator<Self> { PropertyEntriesIterator(entries: self) }
}
