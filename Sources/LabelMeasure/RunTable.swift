import LabelSpecSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shaped widths keyed by a run's UTF-8 bytes, looked up with the bytes of a substring: no
/// `String` is made for a look-up (one is only for a new entry), and the key is hashed once,
/// with FNV-1a (runs are short; nothing here is fed by an adversary who gains by collisions).
/// Open addressing, linear probing, at most half full. Not thread-safe: `FontFace` keeps one
/// per shard, behind the shard's lock.
struct RunTable<Value> {
    private var hashes: [UInt64] = []  // 0: empty slot
    private var keys: [[UInt8]] = []
    private var values: [Value?] = []
    private(set) var count = 0

    /// FNV-1a of the bytes, never 0 (0 marks an empty slot).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let h = FNV1a.hash(bytes)
        return h == 0 ? 1 : h
    }

    func value(for bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Value? {
        guard !hashes.isEmpty else { return nil }
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while hashes[i] != 0 {
            if hashes[i] == hash, RunTable.same(keys[i], bytes) { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    mutating func insert(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        if (count + 1) * 2 > hashes.count { grow() }
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while hashes[i] != 0 {
            if hashes[i] == hash, RunTable.same(keys[i], bytes) {
                values[i] = value
                return
            }
            i = (i + 1) & mask
        }
        hashes[i] = hash
        keys[i] = Array(bytes)
        values[i] = value
        count += 1
    }

    mutating func removeAll() {
        for i in hashes.indices where hashes[i] != 0 {
            hashes[i] = 0
            keys[i] = []
            values[i] = nil
        }
        count = 0
    }

    private mutating func grow() {
        let old = (hashes, keys, values)
        let capacity = max(64, hashes.count * 2)
        hashes = [UInt64](repeating: 0, count: capacity)
        keys = [[UInt8]](repeating: [], count: capacity)
        values = [Value?](repeating: nil, count: capacity)
        count = 0
        let mask = capacity - 1
        for j in old.0.indices where old.0[j] != 0 {
            var i = Int(truncatingIfNeeded: old.0[j]) & mask
            while hashes[i] != 0 { i = (i + 1) & mask }
            hashes[i] = old.0[j]
            keys[i] = old.1[j]
            values[i] = old.2[j]
            count += 1
        }
    }

    private static func same(_ key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count == bytes.count else { return false }
        return key.withUnsafeBufferPointer { k in
            k.count == 0 || memcmp(k.baseAddress!, bytes.baseAddress!, k.count) == 0
        }
    }
}
