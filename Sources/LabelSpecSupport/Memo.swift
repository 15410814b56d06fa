/// Something whose content can change while it stays the same object (an item of a workspace):
/// `changedAt` is the revision of its last change, and only grows.
public protocol Revised: AnyObject {
    var changedAt: Int { get }
}

/// What was derived from an object (a leaf chunk of a syntax tree, an item), kept between
/// requests. Every per-chunk cache of the product is one of these, with one rule for when an
/// entry may be used instead of computing its value again:
///
/// - it was made from the very same object (the memo holds it, so its identity is never reused);
/// - with an equal stamp: whatever else the value was computed from (where the chunk starts,
///   the measurer's epoch, the content sizes);
/// - and, when it names inputs that can change on their own (the items of a chunk), none of them
///   changed since the entry was last verified: at once when nothing changed since (the
///   revision is not past `verifiedAt`), else after a look at each input.
///
/// Values hold nothing that can go stale in any other way: a diagnostic that points at another
/// place keeps the item it points at, and its position is read when the diagnostics are put
/// together (`Workspace.resolvingRelated`).
///
/// Entries are kept in the order they were stored: a walk in document order (`Walk`) finds each
/// chunk's entry with about one comparison, since an edit keeps the chunks before and after it;
/// a look-up by key builds an index the first time.
public struct Memo<Key: AnyObject, Stamp: Equatable, Value> {
    public struct Entry {
        public let key: Key
        public let stamp: Stamp
        public var value: Value
        /// What can change without `key` changing (empty: nothing).
        public let inputs: [any Revised]
        /// The revision at which the inputs were last seen unchanged.
        @usableFromInline var verified: Int
        /// The revision at which the inputs were last seen unchanged.
        @inlinable public var verifiedAt: Int { verified }

        @inlinable public init(key: Key, stamp: Stamp, value: Value, inputs: [any Revised] = [], verifiedAt: Int = 0) {
            self.key = key
            self.stamp = stamp
            self.value = value
            self.inputs = inputs
            self.verified = verifiedAt
        }

        /// The entry, verified at `revision`, if it may stand for a value computed now from
        /// `stamp` (the rule above); nil if it must be computed again. `looked`: whether the
        /// inputs had to be looked at (the entry is then worth storing again, verified).
        @inlinable public func valid(for stamp: Stamp, at revision: Int = 0) -> (entry: Entry, looked: Bool)? {
            guard self.stamp == stamp else { return nil }
            if revision <= verifiedAt { return (self, false) }
            guard inputs.allSatisfy({ $0.changedAt <= verifiedAt }) else { return nil }
            var e = self
            e.verified = revision
            return (e, true)
        }
    }

    @usableFromInline var stored: [Entry] = []
    /// The entries, in the order they were stored.
    @inlinable public var entries: [Entry] { stored }
    /// Position of each key's entry, built by the first look-up by key.
    @usableFromInline var index: [ObjectIdentifier: Int]?

    @inlinable public init() {}

    @inlinable public var count: Int { stored.count }
    @inlinable public var isEmpty: Bool { entries.isEmpty }

    /// The entry of `key`, whatever its stamp.
    @inlinable public mutating func entry(for key: Key) -> Entry? {
        if index == nil { buildIndex() }
        guard let i = index?[ObjectIdentifier(key)], stored[i].key === key else { return nil }
        return stored[i]
    }

    /// The value kept for `key`, if the rule lets it stand for one computed from `stamp` at
    /// `revision`.
    @inlinable public mutating func value(for key: Key, stamp: Stamp, at revision: Int = 0) -> Value? {
        guard let e = entry(for: key), let (valid, looked) = e.valid(for: stamp, at: revision) else { return nil }
        if looked { store(valid) }
        return valid.value
    }

    /// Keeps `entry`, replacing the entry of its key if there is one.
    @inlinable public mutating func store(_ entry: Entry) {
        if index == nil { buildIndex() }
        let id = ObjectIdentifier(entry.key)
        if let i = index?[id], stored[i].key === entry.key {
            stored[i] = entry
        } else {
            index?[id] = stored.count
            stored.append(entry)
        }
    }

    @inlinable public mutating func store(_ value: Value, for key: Key, stamp: Stamp, inputs: [any Revised] = [], at revision: Int = 0) {
        store(Entry(key: key, stamp: stamp, value: value, inputs: inputs, verifiedAt: revision))
    }

    /// Adds an entry after the others, for a memo built in order by a walk (`Walk.kept`): the
    /// caller stores each key once.
    @inlinable public mutating func append(_ entry: Entry) {
        index = nil
        stored.append(entry)
    }

    /// Drops the entries `drop` says to drop (keys gone from the document).
    @inlinable public mutating func removeAll(where drop: (Entry) -> Bool) {
        stored.removeAll(where: drop)
        index = nil
    }

    @usableFromInline mutating func buildIndex() {
        var built: [ObjectIdentifier: Int] = [:]
        built.reserveCapacity(stored.count)
        for (i, e) in stored.enumerated() { built[ObjectIdentifier(e.key)] = i }
        index = built
    }

    /// Finds the entry of each key of a new sequence (the leaf chunks of a document's new tree),
    /// walking the keys in order against the entries in order. An edit replaces a run of chunks and
    /// keeps the rest (the same objects, in the same order), so the entry is almost always the
    /// next one, or one of the few after it past the chunks the edit made: the walk costs about
    /// one comparison per key, and an index is built only when more than four keys were found
    /// neither way (keys that moved).
    public struct Walk {
        @usableFromInline let old: [Entry]
        @usableFromInline var next = 0
        @usableFromInline var index: [ObjectIdentifier: Int]?
        /// Keys found neither next nor among the few after it, so far.
        @usableFromInline var misses = 0

        /// Where in the memo's entries the last call found its entry (nil: it found none).
        @usableFromInline var matched: Int?
        /// Where in the memo's entries the last call found its entry (nil: it found none).
        @inlinable public var lastMatch: Int? { matched }

        @inlinable public init(_ memo: Memo) { old = memo.stored }

        /// The entry kept for `key` (the same object), whatever its stamp. Call with the keys in
        /// order; missing one costs its value computed again, never a wrong answer.
        @inlinable public mutating func next(_ key: Key) -> Entry? {
            matched = nil
            for j in next..<min(old.count, next + 8) where old[j].key === key {
                next = j + 1
                matched = j
                return old[j]
            }
            if index == nil {
                misses += 1
                if misses <= 4 { return nil }
                var built: [ObjectIdentifier: Int] = [:]
                built.reserveCapacity(old.count)
                for (i, e) in old.enumerated() { built[ObjectIdentifier(e.key)] = i }
                index = built
            }
            guard let i = index?[ObjectIdentifier(key)], old[i].key === key else { return nil }
            next = i + 1
            matched = i
            return old[i]
        }
    }
}

/// The stamp of a value computed from its key alone.
public struct NoStamp: Equatable, Sendable {
    public init() {}
}
