/// A small map from property name to value, kept as an array: items set a handful of properties,
/// and a linear scan over a few entries beats hashing (and allocates once).
public struct PropertyMap<Value>: Sequence {
    public private(set) var entries: [(name: String, value: Value)] = []

    public init() {}

    public subscript(name: String) -> Value? {
        get {
            for i in entries.indices where entries[i].name == name { return entries[i].value }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.name == name }) {
                if let v = newValue { entries[i].value = v } else { entries.remove(at: i) }
            } else if let v = newValue {
                entries.append((name, v))
            }
        }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    public func makeIterator() -> IndexingIterator<[(name: String, value: Value)]> { entries.makeIterator() }
}
