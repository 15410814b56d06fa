import Foundation
import LabelSpecSupport
import LabelVocabulary

/// What a `<trans-unit>`'s `id` names, read the way Xcode writes it (docs/translators.md,
/// "Unit ids"), without knowing the table: a key, and the variation of it the unit holds.
public struct UnitID: Sendable, Equatable, Hashable {
    /// The key of the table (`Localizable`'s `"%lld items"`; a storyboard's `OBJECTID.text`).
    public var key: String
    /// `device.D`: the device variation (`iphone`, `ipad`, … `other`).
    public var device: String?
    /// `plural.C`: the plural category (`zero`, `one`, `two`, `few`, `many`, `other`).
    public var plural: String?
    /// `substitutions.NAME.plural.C` (a String Catalog), or a `.stringsdict` variable: the
    /// substitution's name.
    public var substitution: String?
    /// A `.stringsdict` unit that holds the format (`NSStringLocalizedFormatKey`).
    public var isFormat = false

    public init(key: String, device: String? = nil, plural: String? = nil, substitution: String? = nil, isFormat: Bool = false) {
        (self.key, self.device, self.plural, self.substitution, self.isFormat) = (key, device, plural, substitution, isFormat)
    }

    /// Whether the id names a variation (so that the whole id, taken as a key, is another reading).
    public var isVariation: Bool { device != nil || plural != nil || substitution != nil }

    /// The devices a String Catalog's `variations.device` has.
    public static let devices = Set(CatalogDevice.allCases.map(\.rawValue))
    /// CLDR's plural categories.
    public static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// The separator between a key and its variation (`key|==|plural.one`).
    public static let separator = "|==|"

    /// A String Catalog unit's id: `KEY`, or `KEY|==|PATH` where PATH (after the last
    /// separator: a key may hold one) is `plural.C`, `device.D`, `device.D.plural.C` or
    /// `substitutions.NAME.plural.C` (NAME wrapped as `@NAME@` when it holds a dot). Any other
    /// PATH is part of the key.
    public static func catalog(_ id: String) -> UnitID {
        guard let r = id.range(of: separator, options: .backwards) else { return UnitID(key: id) }
        let key = String(id[..<r.lowerBound])
        let path = id[r.upperBound...]
        if let v = variation(path) { return UnitID(key: key, device: v.device, plural: v.plural, substitution: v.substitution) }
        return UnitID(key: id)
    }

    private static func variation(_ path: Substring) -> (device: String?, plural: String?, substitution: String?)? {
        func plural(_ rest: Substring) -> String? {
            guard rest.hasPrefix("plural.") else { return nil }
            let c = String(rest.dropFirst(7))
            return categories.contains(c) ? c : nil
        }
        if let c = plural(path) { return (nil, c, nil) }
        if path.hasPrefix("device.") {
            let rest = path.dropFirst(7)
            let d = rest.prefix { $0 != "." }
            guard devices.contains(String(d)) else { return nil }
            let after = rest.dropFirst(d.count)
            if after.isEmpty { return (String(d), nil, nil) }
            guard after.first == ".", let c = plural(after.dropFirst()) else { return nil }
            return (String(d), c, nil)
        }
        if path.hasPrefix("substitutions.") {
            let rest = path.dropFirst(14)
            let name: Substring
            if rest.first == "@" {
                guard let close = rest.dropFirst().firstIndex(of: "@") else { return nil }
                name = rest[rest.index(after: rest.startIndex)..<close]
                let after = rest[rest.index(after: close)...]
                guard after.first == ".", let c = plural(after.dropFirst()), !name.isEmpty else { return nil }
                return (nil, c, String(name))
            }
            name = rest.prefix { $0 != "." }
            let after = rest.dropFirst(name.count)
            guard !name.isEmpty, after.first == ".", let c = plural(after.dropFirst()) else { return nil }
            return (nil, c, String(name))
        }
        return nil
    }

    /// A `.stringsdict` unit's id as Xcode writes it: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string`
    /// (the format) or `/KEY:dict/VAR:dict/CATEGORY:dict/:string` (one form of a variable); read
    /// from the end, as a key may hold `:dict/`. Nil for another shape.
    public static func stringsdict(_ id: String) -> UnitID? {
        let tail = ":dict/:string"
        guard id.hasPrefix("/"), id.hasSuffix(tail) else { return nil }
        let body = id.dropFirst().dropLast(tail.count)  // KEY:dict/…/LAST
        var parts = body.components(separatedBy: ":dict/")
        guard parts.count >= 2, let last = parts.popLast() else { return nil }
        if last == "NSStringLocalizedFormatKey" {
            return UnitID(key: parts.joined(separator: ":dict/"), isFormat: true)
        }
        guard categories.contains(last), parts.count >= 2, let variable = parts.popLast() else { return nil }
        return UnitID(key: parts.joined(separator: ":dict/"), plural: last, substitution: variable)
    }
}
