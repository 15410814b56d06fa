/// A string as a dictionary key by its UTF-8 bytes: hashing and comparing skip the Unicode
/// normalization `String` does (two spellings of "é" are two keys). Layouts are compared this
/// way, and shaped widths kept by the same bytes (`RunTable`): HarfBuzz shapes the code points
/// it is given, so different bytes may measure differently, and every look-up is cheaper.
public struct ByteKey: Hashable, Sendable {
    public let string: String

    public init(_ string: String) { self.string = string }

    public static func == (a: ByteKey, b: ByteKey) -> Bool { ByteKey.sameBytes(a.string, b.string) }

    public func hash(into hasher: inout Hasher) { ByteKey.hashBytes(string, into: &hasher) }

    /// Whether two strings have the same UTF-8 bytes.
    public static func sameBytes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.utf8, b.utf8)
        guard x.count == y.count else { return false }
        if let r = x.withContiguousStorageIfAvailable({ p in y.withContiguousStorageIfAvailable { q in p.elementsEqual(q) } }), let r {
            return r
        }
        return x.elementsEqual(y)
    }

    /// Feeds a string's UTF-8 bytes (and their count) to a hasher.
    public static func hashBytes(_ s: String, into hasher: inout Hasher) {
        let u = s.utf8
        hasher.combine(u.count)
        if u.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for b in u { hasher.combine(b) }
        }
    }
}
