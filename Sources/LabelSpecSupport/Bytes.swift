/// FNV-1a, 64 bits: the hash of result ids, shaped-run keys and kept fragments. Not for keys an
/// attacker chooses where a collision costs more than a miss (they are compared after it).
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x100_0000_01b3

    /// `bytes` hashed on from `hash` (the offset basis: a hash of its own).
    @inlinable public static func hash<S: Sequence>(_ bytes: S, from hash: UInt64 = offsetBasis) -> UInt64 where S.Element == UInt8 {
        var h = hash
        for b in bytes { h = (h ^ UInt64(b)) &* prime }
        return h
    }

    /// One 64-bit value folded into `hash` (hashes of parts into the hash of the whole).
    @inlinable public static func combine(_ hash: UInt64, _ value: UInt64) -> UInt64 { (hash ^ value) &* prime }
}

/// The UTF-8 byte order mark, which a file may start with (and our files' readers skip).
public enum ByteOrderMark {
    public static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `bytes` start with the mark, else 0: where the text begins.
    @inlinable public static func length<C: Collection>(in bytes: C) -> Int where C.Element == UInt8 {
        var i = bytes.startIndex
        for b in utf8 {
            guard i < bytes.endIndex, bytes[i] == b else { return 0 }
            i = bytes.index(after: i)
        }
        return 3
    }
}

extension StringProtocol {
    /// The text with every `target` replaced by `replacement` (no Foundation in every module).
    public func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return String(self) }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    /// The text followed by spaces up to `width` characters (a column of a table).
    public func padded(to width: Int) -> String { String(self) + String(repeating: " ", count: Swift.max(0, width - count)) }

    /// The text without the characters of `set` at either end.
    public func trimming(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

extension Int {
    /// The integer nearest below `value`, clamped to `Int`'s range (NaN is 0): for sizes that
    /// may be out of range, where `Int(_:)` would trap.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
