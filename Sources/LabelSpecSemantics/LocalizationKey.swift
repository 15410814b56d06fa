/// A string table's key as iOS compares it: by its exact Unicode scalars. `String`'s `==` and
/// hashing use canonical equivalence, so "Caf\u{E9}" and "Cafe\u{301}" would be one key; iOS
/// keeps them apart (a table is an `NSDictionary`, whose string keys compare code unit by code
/// unit), and a `.localized("Café")` finds only the key written with the same scalars. Hashing
/// and comparing the UTF-8 bytes is that, and cheaper than `String`'s.
public struct LocalizationKey: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let string: String

    public init(_ string: String) { self.string = string }

    public init(stringLiteral value: String) { string = value }

    public var description: String { string }

    public static func == (a: LocalizationKey, b: LocalizationKey) -> Bool {
        let (x, y) = (a.string.utf8, b.string.utf8)
        guard x.count == y.count else { return false }
        if let same = x.withContiguousStorageIfAvailable({ p in y.withContiguousStorageIfAvailable { q in p.elementsEqual(q) } }),
            let same
        {
            return same
        }
        return x.elementsEqual(y)
    }

    public func hash(into hasher: inout Hasher) {
        let u = string.utf8
        hasher.combine(u.count)
        if u.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for b in u { hasher.combine(b) }
        }
    }

    /// By UTF-8 bytes, which is by scalars: a total order that agrees with `==`.
    public static func < (a: LocalizationKey, b: LocalizationKey) -> Bool { a.string.utf8.lexicographicallyPrecedes(b.string.utf8) }
}

/// The string tables a workspace's `.localized` keys are looked up in. Asked key by key, so that
/// the tables are not copied into the workspace (a table of millions of keys was held three times:
/// its entries, a set of its keys and a dictionary of its texts).
public protocol LocalizationLookup: AnyObject, Sendable {
    /// Whether a table has `key`.
    func hasKey(_ key: LocalizationKey) -> Bool
    /// The development-language text of `key`; nil when no table has it.
    func developmentText(_ key: LocalizationKey) -> String?
    /// Where string tables are that these tables left out and why, as the end of a sentence
    /// (`tables in 'Resources/en.lproj' were not read: …`), said when a key is missing; nil
    /// when there are none.
    var tablesNotRead: String? { get }
}

extension LocalizationLookup {
    /// The development-language text of `key`, `defaultValue` when a table has the key but no
    /// text for it in the development language (`developmentText` then gives the key itself);
    /// nil when no table has it.
    public func developmentText(_ key: LocalizationKey, defaultValue: String?) -> String? {
        guard let text = developmentText(key) else { return nil }
        guard let defaultValue, text == key.string else { return text }
        return defaultValue
    }
}
