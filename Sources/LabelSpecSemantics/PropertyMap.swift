/// A small map from property to value, kept as an array: items set a handful of properties, and a
/// linear scan over a few one-byte ids beats hashing (and allocates once).
public struct PropertyMap<Value>: Sequence {
    public private(set) var entries: [(id: PropertyID, value: Value)] = []

    public init() {}

    public mutating func reserveCapacity(_ n: Int) { entries.reserveCapacity(n) }

    public subscript(id: PropertyID) -> Value? {
        get {
            for i in entries.indices where entries[i].id == id { return entries[i].value }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.id == id }) {
                if let v = newValue { entries[i].value = v } else { entries.remove(at: i) }
            } else if let v = newValue {
                entries.append((id, v))
            }
        }
    }

    /// Lookup by name, for callers outside the hot paths.
    public subscript(name: String) -> Value? {
        guard let id = PropertyID(name: name) else { return nil }
        return self[id]
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    public func makeIterator() -> IndexingIterator<[(id: PropertyID, value: Value)]> { entries.makeIterator() }
}
