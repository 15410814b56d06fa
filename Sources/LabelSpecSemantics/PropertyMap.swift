/// A small map from property to value, kept as an array: items set a handful of properties, and a
/// linear scan over a few one-byte ids beats hashing (and allocates once).
public struct PropertyMap<Value>: Sequence {
    public private(set) var entries: [(id: PropertyID, value: Value)] = []

    public init() {}

    public mutating func reserveCapacity(_ n: Int) { entries.reserveCapacity(n) }

    /// Inlinable so that callers in other modules get a specialised lookup (a generic one asks
    /// the runtime for tuple metadata on every call).
    @inlinable
    public subscript(id: PropertyID) -> Value? {
        get {
            for entry in entries where entry.id == id { return entry.value }
            return nil
        }
        set { set(id, newValue) }
    }

    @usableFromInline
    mutating func set(_ id: PropertyID, _ newValue: Value?) {
        if let i = entries.firstIndex(where: { $0.id == id }) {
            if let v = newValue { entries[i].value = v } else { entries.remove(at: i) }
        } else if let v = newValue {
            entries.append((id, v))
        }
    }

    /// Lookup by name, for callers outside the hot paths.
    public subscript(name: String) -> Value? {
        guard let id = PropertyID(name: name) else { return nil }
        return self[id]
    }

    @inlinable public var count: Int { entries.count }
    @inlinable public var isEmpty: Bool { entries.isEmpty }

    @inlinable public func makeIterator() -> IndexingIterator<[(id: PropertyID, value: Value)]> { entries.makeIterator() }
}
